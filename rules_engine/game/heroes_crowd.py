"""The crowd, wager, clash and die-roll heroes (issue 30's heroes pass, branch heroesA30).

Each event is what the judge writes (``text_crowd`` reads the lines; random outcomes are never the
engine's): the crowd cheering or booing a player (CR 8.5.57), an attack wagering and a player winning the
wager (CR 8.5.46), a clash's revealed cards (CR 8.5.45), a die roll (CR 8.5.18). The heroes:

- Kayo, Strong-arm / Underhanded Cheat: "Target attack action card you control has 6 base {p}" as the
  ability resolves (the base set, CR 6.3.3 substage 2; ``bases.set_base``); Lyath Goldmane (and Vile
  Savant): the base {p} and {d} of the cards she controls halved, rounded up (substage 4), applied as a card
  of hers goes on the stack or defends; her ability boos her and gives her defending action cards +1{d} this
  turn (``values.defense_of`` reads the effect); Tuffnut (and Bumbling Hulkster): the top card of the deck
  pitched (CR 8.5.44: into the pitch zone, its pitch value gained), the crowd cheering him when it has 6 or
  more {p}; Pleiades (and Superstar): a suspense counter moved as cost and effect (CR 8.3.42); each one's
  "Whenever the crowd boos / cheers you, create a X token" a triggered layer (CR 6.6).
- Betsy (and Skin in the Game): an attack of hers that wagers triggers an offer to pay {r}{r} for +1{p} and
  overpower (the log's ``P1 pays 2``); Olympia (and Prized Fighter): the first wager each of her attacks
  wins creates a Gold token; the winner the judge names is checked against the hit (CR 8.5.46a).
- Victor Goldmane (and High and Mighty): the first clash each turn he would fail to win, he may destroy a
  Gold to put a revealed card on the bottom of its owner's deck and clash again (CR 6.4 replacement; the
  log's second clash line, after the Gold's destruction).
- Kayo, Berserker Runt: an attack action card with base {p} 6 or more puts a roll trigger on the stack; the
  judge's roll halves (1-4, rounded down) or doubles (5-6) its base {p}.
"""

from __future__ import annotations

import re

from rules_engine.wording import Phrase, say

from . import actions as A
from . import conditions
from .bases import set_base
from .cards import CardFacts, norm_name
from .context import Ctx, Event
from .effects import plain
from .rules import MANUAL, NOTE, Illegal
from .state import Card, ChainLink, Effect, GameState, Layer, other
from .text_crowd import (
    BOO_DEFENSE,
    CLASH_AGAIN,
    CROWD_TOKEN,
    HALVED_BASE,
    PITCH_TOP_CHEER,
    ROLL_RESULT,
    ROLL_TRIGGER,
    SET_BASE_POWER,
    SUSPENSE_COST,
    SUSPENSE_MOVE,
    WAGER_PAY,
    WAGER_WIN_TOKEN,
)
from .values import same_card
from .zones import destroy_permanent, new_card, put_bottom, token_base

_WORD = {"cheer": "cheers", "boo": "boos"}


def _lines(s: GameState, player: str) -> list[str]:
    """The hero's abilities, one a line, in plain words."""
    hero = s.p(player).hero_card
    return [x.strip() for x in plain(hero.text).split("\n") if x.strip()] if hero is not None else []


def _hero(s: GameState, player: str) -> str:
    hero = s.p(player).hero_card
    return hero.name if hero is not None else player


def _note(ctx: Ctx, text: Phrase) -> None:
    ctx.add(NOTE, text, "hero_ability")


def _trigger(
    s: GameState, player: str, what: str, targets: list[str], ctx: Ctx, source_id: str = ""
) -> Layer:
    layer = Layer(
        id=s.new_id(),
        kind="triggered",
        name=f"{_hero(s, player)} trigger",
        controller=player,
        effect=what,
        source_id=source_id,
    )
    layer.targets = targets
    s.stack.append(layer)
    ctx.events.append(Event("trigger", player, layer.name))
    return layer


# -- the crowd (CR 8.5.57) -----------------------------------------------------------------------------


def crowd(s: GameState, player: str, kind: str, ctx: Ctx, by_engine: bool = False) -> None:
    """The crowd cheers / boos ``player``: the player is cheered / booed this turn (a fact of the turn,
    ``conditions.record``; both may hold, 8.5.57a) and the hero's "Whenever the crowd boos / cheers you,
    create a X token" puts its triggered layer on the stack (CR 6.6). ``by_engine``: an effect the engine
    resolved did it, so the judge's line telling it right after is its narration (``crowd_clause``)."""
    conditions.record(s, player, "cheered" if kind == "cheer" else "booed")
    ctx.events.append(Event("crowd", player, kind, 1 if by_engine else 0))
    for line in _lines(s, player):
        m = CROWD_TOKEN.match(line)
        if m is not None and m.group(1).casefold() == _WORD[kind]:
            _trigger(s, player, "text", [f"create_token:1:{m.group(2).strip().title()}"], ctx)


def crowd_clause(s: GameState, c: A.Crowd, ctx: Ctx) -> None:
    """The judge's "the crowd boos P1". Right after an effect the engine resolved made the same crowd
    event (this line or the one before), the line only tells it: nothing happens twice."""
    told = next(
        (
            e
            for e in ctx.prev_events + ctx.events
            if e.kind == "crowd" and e.player == c.player and e.subject == c.kind and e.amount == 1
        ),
        None,
    )
    if told is not None:
        told.amount = 0  # told once
        return
    crowd(s, c.player, c.kind, ctx)


# -- base {p} and {d} (CR 2.9.2, 6.3.3) -----------------------------------------------------------------


def halves(s: GameState, player: str) -> bool:
    """Lyath's "The base {p} and {d} of cards you control are halved, rounded up"."""
    return any(HALVED_BASE.match(x) for x in _lines(s, player))


def _half_up(n: int | None) -> int | None:
    return None if n is None else (n + 1) // 2


def card_on_stack(s: GameState, player: str, card: Card, ctx: Ctx) -> None:
    """A card ``player`` controls goes on the stack (played, or a weapon's attack-proxy): Lyath's halving
    applies to it from now on (before "the next attack action card with 3 or less base {p}" effects read
    its base, CR 6.3.5a's example)."""
    if halves(s, player) and "printed_power" not in card.constraints:
        before = card.facts.power
        set_base(card, power=_half_up(card.facts.power), defense=_half_up(card.facts.defense))
        if before is not None and before != card.facts.power:
            _note(
                ctx,
                say(
                    "line {number}: {hero}: {card}'s base {{p}} is halved, rounded up: {before} -> {after}.",
                    number=ctx.entry.number,
                    hero=_hero(s, player),
                    card=card.name,
                    before=before,
                    after=card.facts.power,
                ),
            )


def defenders_base(s: GameState, player: str, cards: list[Card]) -> None:
    """Lyath's halving on the {p} of the cards she defends with (phantasm reads it, CR 8.3.13); their {d}
    is halved where it is read (``values.defense_of``)."""
    if not halves(s, player):
        return
    for card in cards:
        if card.facts.power is not None and "printed_power" not in card.constraints:
            set_base(card, power=_half_up(card.facts.power))


def _attack_card(s: GameState, player: str, targets: list[str]) -> Card | None:
    """The attack action card ``player`` controls that a "target attack action card you control" names (or
    the only one): on the stack or the active chain link's."""
    cards = [x.card for x in s.stack if x.card is not None and x.controller == player]
    link = s.active_link()
    if link is not None and link.controller == player and not link.proxy:
        cards.append(link.attack)
    cards = [c for c in cards if c.facts.is_attack_action]
    named = [t for t in targets if not t.startswith(("P1", "P2"))]
    if named:
        cards = [c for c in cards if any(same_card(c, t) for t in named)]
    return cards[-1] if cards else None


# -- activated abilities -------------------------------------------------------------------------------


def resolve(s: GameState, layer: Layer, ctx: Ctx) -> str | None:
    """A crowd hero's activated ability as it resolves (CR 5.3); None when the layer is none of them."""
    body = layer.effect.strip()
    player = layer.controller
    m = SET_BASE_POWER.search(body)
    if m is not None:
        card = _attack_card(s, player, layer.targets)
        if card is None:
            _note(
                ctx,
                say(
                    "line {number}: {name}: {player} controls no attack action card now; the ability does nothing (CR 1.8.5).",
                    number=ctx.entry.number,
                    name=layer.name,
                    player=player,
                ),
            )
            return ""
        before = card.facts.power
        set_base(card, power=int(m.group(1)))
        _note(
            ctx,
            say(
                "line {number}: {name}: {card} has {power} base {{p}} (was {before}).",
                number=ctx.entry.number,
                name=layer.name,
                card=card.name,
                power=m.group(1),
                before=before,
            ),
        )
        return ""
    m = BOO_DEFENSE.search(body)
    if m is not None:
        crowd(s, player, "boo", ctx, by_engine=True)
        text = f"Defending action cards {player} controls get +{m.group(1)}{{d}} this turn."
        s.effects.append(
            Effect("defending_action_defense", player, int(m.group(1)), "turn", layer.name, "", text)
        )
        return ""
    m = PITCH_TOP_CHEER.search(body)
    if m is not None:
        _pitch_top(s, player, layer.name, int(m.group(1)), ctx)
        return ""
    m = SUSPENSE_MOVE.search(body)
    if m is not None:
        _suspense_move(s, layer, ctx)
        return ""
    return None


def _pitch_top(s: GameState, player: str, name: str, at_least: int, ctx: Ctx) -> None:
    """Tuffnut: the top card of the deck is pitched (CR 8.5.44) as the ability resolves, when the state
    knows it; else a ``pitch_top_due`` effect waits for the log's line naming it ("P1 pitches X")."""
    p = s.p(player)
    if p.deck_top:
        _pitch_top_card(s, player, name, at_least, p.deck_top[0], ctx)
        return
    if p.deck_count is not None and p.deck_count <= 0:
        _note(
            ctx,
            say(
                "line {number}: {name}: {player}'s deck is empty; nothing is pitched.",
                number=ctx.entry.number,
                name=name,
                player=player,
            ),
        )
        return
    text = (
        f"Pitch the top card of the deck (the log names it); with {at_least} or more {{p}} the crowd cheers."
    )
    s.effects.append(Effect("pitch_top_due", player, at_least, "turn", name, "", text))


def _pitch_top_card(s: GameState, player: str, name: str, at_least: int, card: Card, ctx: Ctx) -> None:
    p = s.p(player)
    if card in p.deck_top:
        p.deck_top.remove(card)
    if p.deck_count is not None:
        p.deck_count -= 1
    card.face, card.origin = "up", ""
    p.pitch_zone.append(card)
    p.resource_points += card.pitch or 0
    ctx.events.append(Event("pitch", player, card.name, card.pitch or 0))
    power = conditions.off_chain_power(s, card.owner, card) if card.facts.power is not None else -1
    cheer = power >= at_least
    if cheer:
        text = say(
            "line {number}: {name}: {card} is pitched from the top of the deck ({pitch} resources); it has {power} {{p}}, so the crowd cheers {player}.",
            number=ctx.entry.number,
            name=name,
            card=card.name,
            pitch=card.pitch or 0,
            power=power,
            player=player,
        )
    else:
        text = say(
            "line {number}: {name}: {card} is pitched from the top of the deck ({pitch} resources).",
            number=ctx.entry.number,
            name=name,
            card=card.name,
            pitch=card.pitch or 0,
        )
    _note(ctx, text)
    if cheer:
        crowd(s, player, "cheer", ctx, by_engine=True)


def pitch_clause(s: GameState, c: A.Pitch, ctx: Ctx) -> bool:
    """ "P1 pitches X" while Tuffnut's pitch waits: X is the deck's top card (its identity is what the log
    says, CR 3.0.1). False when no such pitch waits (the line is a pitch from hand)."""
    due = next((e for e in s.effects if e.kind == "pitch_top_due" and e.player == c.player), None)
    if due is None:
        pitched = s.p(c.player).pitch_zone
        # the pitch the ability already made from a known top card, told by the line
        return (
            bool(pitched)
            and same_card(pitched[-1], c.card.name)
            and any(
                e.kind == "pitch" and e.player == c.player and e.subject == pitched[-1].name
                for e in ctx.events + ctx.prev_events
            )
        )
    s.effects.remove(due)
    card = new_card(s, c.card.name, c.player, ctx, c.card.claims)
    _pitch_top_card(s, c.player, due.source, due.amount, card, ctx)
    return True


def pay_suspense_cost(s: GameState, player: str, src: Card, targets: tuple[str, ...], ctx: Ctx) -> None:
    """Pleiades's cost "remove a suspense counter from an aura you control" (CR 1.14.4), paid as she
    activates: the aura the activation line names first (or her only aura with one); with none, the
    activation is reversed."""
    hero = s.p(player).hero_card
    if hero is None or src.id != f"{player}-hero":
        return
    costs = [x.strip() for x in re.split(r",|:", plain(hero.text)) if x.strip()]
    if not any(SUSPENSE_COST.match(x) for x in costs):
        return
    auras = [c for c in s.p(player).permanents if c.facts.is_("aura") and c.counters.get("suspense", 0) > 0]
    named = [t for t in targets if not t.startswith(("P1", "P2"))]
    if named:
        auras = [c for c in auras if same_card(c, named[0])] or []
    if not auras:
        raise Illegal(
            "effect_cost",
            say(
                "{hero}'s cost removes a suspense counter from an aura {player} controls; {player} controls no such aura named {aura}.",
                hero=hero.name,
                player=player,
                aura=named[0],
            )
            if named
            else say(
                "{hero}'s cost removes a suspense counter from an aura {player} controls; {player} controls none with one.",
                hero=hero.name,
                player=player,
            ),
            ("1.14.4",),
        )
    aura = auras[0]
    aura.counters["suspense"] -= 1
    ctx.events.append(Event("counter", player, aura.name, -1))
    s.effects.append(Effect("suspense_paid", player, 0, "turn", hero.name, aura.id, ""))
    if (
        aura.counters["suspense"] <= 0
    ):  # suspense: "When this has no suspense counters, destroy it" (CR 8.3.42)
        del aura.counters["suspense"]
        destroy_permanent(s, aura)
        ctx.events.append(Event("destroy", player, aura.name))
        _note(
            ctx,
            say(
                "line {number}: {aura} has no suspense counters and is destroyed (CR 8.3.42).",
                number=ctx.entry.number,
                aura=aura.name,
            ),
        )


def _suspense_move(s: GameState, layer: Layer, ctx: Ctx) -> None:
    """Pleiades's "You may put a suspense counter on an aura of suspense you control": the aura the line
    names second (or the first named, or her only aura of suspense); "you may": with none the judge is
    told nothing happened."""
    player = layer.controller
    s.effects = [e for e in s.effects if not (e.kind == "suspense_paid" and e.player == player)]
    auras = [c for c in s.p(player).permanents if c.facts.is_("aura") and c.facts.has("suspense")]
    named = [t for t in layer.targets if not t.startswith(("P1", "P2"))]
    if named:
        want = named[-1]
        auras = [c for c in auras if same_card(c, want)]
    if len(auras) != 1 and not named:
        if auras:
            ctx.add(
                MANUAL,
                say(
                    "line {number}: {name}: which aura of suspense gets the counter? Name it on the activation line ('{player} activates Pleiades targeting X and Y').",
                    number=ctx.entry.number,
                    name=layer.name,
                    player=player,
                ),
                "manual_effect",
            )
        return
    if not auras:
        _note(
            ctx,
            say(
                "line {number}: {name}: {player} controls no such aura of suspense; no counter is put.",
                number=ctx.entry.number,
                name=layer.name,
                player=player,
            ),
        )
        return
    auras[0].counters["suspense"] = auras[0].counters.get("suspense", 0) + 1
    ctx.events.append(Event("counter", player, auras[0].name, 1))


# -- wager (CR 8.5.46) ---------------------------------------------------------------------------------


def _wager_link(s: GameState, player: str = "") -> ChainLink | None:
    link = s.active_link()
    if link is None and s.chain:
        link = s.chain[-1]
    if link is not None and player and link.controller != player:
        return None
    return link


def wagers(s: GameState, c: A.Wagers, ctx: Ctx) -> None:
    """ "P1's attack wagers": the active attack and its controller have wagered (CR 8.5.46a); Betsy's
    "Whenever an attack you control wagers, you may pay {r}{r}. If you do, the attack gets +1{p} and
    overpower" triggers (CR 6.6), its payment the log's "P1 pays 2" (``pay_offer``)."""
    link = _wager_link(s, c.player)
    if link is None:
        layer = next(
            (x for x in reversed(s.stack) if x.attack and (not c.player or x.controller == c.player)), None
        )
        if layer is None or layer.card is None:
            raise Illegal(
                "wager", say("No attack of {player} is there to wager.", player=c.player or "the player")
            )
        controller, card_id, name = layer.controller, layer.card.id, layer.card.name
    else:
        controller, card_id, name = link.controller, link.attack.id, link.attack.name
    conditions.record(s, controller, "wagered")
    for line in _lines(s, controller):
        m = WAGER_PAY.match(line)
        if m is not None:
            cost = m.group(1).count("{")
            _trigger(
                s,
                controller,
                f"crowd:wager_pay:{cost}:{m.group(2)}:{m.group(3).casefold()}",
                [],
                ctx,
                card_id,
            )
    ctx.events.append(Event("wager", controller, name))


def wager_won(s: GameState, c: A.WagerWon, ctx: Ctx) -> None:
    """ "P1 wins the wager": the active attack's wager goes to its controller if it hit, else to the other
    player (CR 8.5.46a); a winner the hit contradicts is a violation. Olympia's "The first time each of your
    attacks wins a wager, create a Gold token" triggers for her attack's first won wager (CR 6.6)."""
    link = _wager_link(s)
    if link is None:
        raise Illegal("wager", say("No attack is on the combat chain, so no wager is won now."))
    if link.damage is not None or link.hit or s.combat_step in ("damage", "resolution", "close", ""):
        winner = link.controller if link.hit else other(link.controller)
        if c.player != winner:
            raise Illegal(
                "wager",
                say(
                    "{attack} hit, so {winner} wins its wager, not {player} (CR 8.5.46a).",
                    attack=link.attack.name,
                    winner=winner,
                    player=c.player,
                )
                if link.hit
                else say(
                    "{attack} did not hit, so {winner} wins its wager, not {player} (CR 8.5.46a).",
                    attack=link.attack.name,
                    winner=winner,
                    player=c.player,
                ),
                ("8.5.46a",),
            )
    conditions.record(s, c.player, "won_wager")
    if c.player != link.controller:
        return
    key = f"{c.player}-wager-won:{link.attack.id}"
    p = s.p(c.player)
    for line in _lines(s, c.player):
        m = WAGER_WIN_TOKEN.match(line)
        if m is not None and key not in p.once_per_turn:
            p.once_per_turn.append(key)
            _trigger(s, c.player, "text", [f"create_token:1:{m.group(1).title()}"], ctx)


# -- triggered layers ----------------------------------------------------------------------------------


def resolve_trigger(s: GameState, layer: Layer, ctx: Ctx) -> None:
    """The triggered layers this module puts on the stack ("crowd:..." effects)."""
    kind, _, rest = layer.effect.removeprefix("crowd:").partition(":")
    if kind == "wager_pay":
        cost, power, keyword = rest.split(":")
        text = f"You may pay {'{r}' * int(cost)}: the attack gets +{power}{{p}} and {keyword}."
        s.effects.append(
            Effect(
                "pay_offer",
                layer.controller,
                int(cost),
                "chain",
                layer.name,
                layer.source_id,
                text,
                f"attack:{power}:{keyword}",
            )
        )
        return
    if kind == "roll":
        roll = layer.amount
        if not roll:
            text = f"Roll a {rest} sided die (the log says the number: 'P1 rolls a 5')."
            s.effects.append(
                Effect("roll_due", layer.controller, 0, "turn", layer.name, layer.source_id, text, rest)
            )
            return
        _apply_roll(s, layer.controller, layer.name, layer.source_id, roll, ctx)


def pay_offer_effect(s: GameState, offer: Effect, ctx: Ctx) -> bool:
    """Betsy's "If you do, the attack gets +1{p} and overpower" (CR 1.8.4), once the log shows the
    payment; False for another hero's offer."""
    if not offer.choice.startswith("attack:"):
        return False
    _, power, keyword = offer.choice.split(":")
    link = next((lk for lk in s.chain if lk.attack.id == offer.card_id), None)
    layer = next((x for x in s.stack if x.card is not None and x.card.id == offer.card_id), None)
    if link is not None:
        link.power_bonus += int(power)
    elif layer is not None:
        layer.power_bonus += int(power)
    s.effects.append(
        Effect("grant_keyword_card", offer.player, 0, "chain", offer.source, offer.card_id, keyword)
    )
    _note(
        ctx,
        say(
            "line {number}: {hero}: {player} paid; the attack gets +{power}{{p}} and {keyword}.",
            number=ctx.entry.number,
            hero=offer.source,
            player=offer.player,
            power=power,
            keyword=keyword,
        ),
    )
    return True


# -- die rolls (CR 8.5.18) -----------------------------------------------------------------------------


def card_played(s: GameState, player: str, layer: Layer, ctx: Ctx) -> None:
    """Kayo, Berserker Runt's "Whenever you play an attack action card with base power 6 or more {p}, roll
    a 6 sided die": a triggered layer above the card (CR 6.6); the roll is the judge's."""
    card = layer.card
    if card is None or not card.facts.is_attack_action or card.facts.power is None:
        return
    for line in _lines(s, player):
        m = ROLL_TRIGGER.match(line)
        if m is not None and card.facts.power >= int(m.group(1)):
            _trigger(s, player, f"crowd:roll:{m.group(2)}", [], ctx, card.id)


def roll_clause(s: GameState, c: A.Roll, ctx: Ctx) -> None:
    """ "P1 rolls a 5": the roll a resolved roll trigger waits for (``roll_due``); the roll trigger on top
    of the stack takes it when it resolves (``engine`` implies the passes); with nothing waiting, the roll
    is only recorded (a card's roll the engine does not model)."""
    if any(e.kind == "roll" and e.amount == c.value for e in ctx.events):
        return  # the roll the trigger this line resolved took (``engine._crowd_resolution``)
    due = next(
        (e for e in s.effects if e.kind == "roll_due" and (not c.player or e.player == c.player)), None
    )
    if due is not None:
        sides = int(due.choice or 6)
        if not 1 <= c.value <= sides:
            raise Illegal(
                "roll",
                say("A {sides} sided die cannot roll {value} (CR 8.5.18b).", sides=sides, value=c.value),
                ("8.5.18b",),
            )
        s.effects.remove(due)
        _apply_roll(s, due.player, due.source, due.card_id, c.value, ctx)
        return
    _note(
        ctx,
        say(
            "line {number}: {player} rolls {value}; no effect the engine applies waits for this roll.",
            number=ctx.entry.number,
            player=c.player or "the player",
            value=c.value,
        ),
    )


def _apply_roll(s: GameState, player: str, name: str, card_id: str, roll: int, ctx: Ctx) -> None:
    """Berserker Runt's results: the attack's base {p} halved (rounded down) or doubled (CR 6.3.3)."""
    ctx.events.append(Event("roll", player, name, roll))
    lay = next((x for x in s.stack if x.card is not None and x.card.id == card_id), None)
    link = next((lk for lk in s.chain if lk.attack.id == card_id), None)
    card = lay.card if lay is not None else link.attack if link is not None else None
    for line in _lines(s, player):
        m = ROLL_RESULT.match(line)
        if m is None or not int(m.group(1)) <= roll <= int(m.group(2)):
            continue
        if card is None or card.facts.power is None:
            _note(
                ctx,
                say(
                    "line {number}: {name}: the attack is gone; the roll changes nothing.",
                    number=ctx.entry.number,
                    name=name,
                ),
            )
            return
        base = card.facts.power
        new = (
            base * 2
            if m.group(3).casefold() == "double"
            else (base + 1) // 2
            if m.group(4) == "up"
            else base // 2
        )
        set_base(card, power=new)
        _note(
            ctx,
            say(
                "line {number}: {name}: {player} rolled {roll}; {card}'s base {{p}} {before} -> {after}.",
                number=ctx.entry.number,
                name=name,
                player=player,
                roll=roll,
                card=card.name,
                before=base,
                after=new,
            ),
        )
        return


# -- clash (CR 8.5.45) ---------------------------------------------------------------------------------


def clash(s: GameState, c: A.Clash, ctx: Ctx) -> None:
    """The cards each clashing player revealed from the top of their deck (CR 8.5.45): the known top card
    must be the one named (else a violation); the greatest {p} wins (8.5.45a; a card without power loses to
    one with it, 8.5.45b; a tie at the top, no winner, 8.5.45c), the power a claim in parentheses gives
    checked against the card (a Kayo's bonus off the combat chain counted, ``conditions.off_chain_power``).
    The revealed cards stay on top (known now). Victor Goldmane's replacement: the first clash each turn he
    would fail to win, a Gold he controls destroyed on the next line lets the line after it clash again."""
    powers: dict[str, int] = {}
    offer = next((e for e in s.effects if e.kind == "clash_offer"), None)
    if offer is not None:
        s.effects.remove(offer)
        if _golds_destroyed(s, offer.player, offer.card_id) > offer.amount:
            _clash_again(s, offer, c, ctx)  # the Gold destroyed since: this is the clash again
    for player, ref in c.reveals:
        p = s.p(player)
        if p.deck_top and not same_card(p.deck_top[0], ref.name):
            raise Illegal(
                "clash",
                say(
                    "{player} reveals {card} for the clash, but the top card of their deck is {top}.",
                    player=player,
                    card=ref.name,
                    top=p.deck_top[0].name,
                ),
                ("8.5.45",),
            )
        card = p.deck_top[0] if p.deck_top else new_card(s, ref.name, player, ctx, ref.claims)
        if not p.deck_top:
            p.deck_top.insert(0, card)
        power = conditions.off_chain_power(s, player, card) if card.facts.power is not None else -1
        said = ref.claim("power")
        if said is not None and card.facts.known and card.facts.power is not None and said != power:
            raise Illegal(
                "clash",
                say(
                    "{card} has {power} {{p}} on top of the deck, not {said}.",
                    card=card.name,
                    power=power,
                    said=said,
                ),
                ("8.5.45a",),
            )
        powers[player] = power
    best = max(powers.values())
    winners = [x for x, v in powers.items() if v == best and v >= 0]
    winner = winners[0] if len(winners) == 1 else ""
    for player in powers:
        conditions.record(s, player, "clashed")
        if player == winner:
            conditions.record(s, player, "won_clash")
    ctx.events.append(Event("clash", winner or "-", ", ".join(f"{x} {v}" for x, v in powers.items())))
    for player in powers:
        if player == winner:
            continue
        _victor_offer(s, player, c, ctx)


def _victor_offer(s: GameState, player: str, c: A.Clash, ctx: Ctx) -> None:
    p = s.p(player)
    for line in _lines(s, player):
        m = CLASH_AGAIN.match(line)
        key = f"{player}-hero-clash-again"
        if m is None or key in p.once_per_turn:
            continue
        p.once_per_turn.append(key)  # the first time each turn he would fail, whatever he chooses
        token = m.group(1).casefold()
        if not any(norm_name(token_base(x.name)) == norm_name(token) for x in p.permanents):
            continue  # no Gold: no choice to make
        text = (
            f"{player} may destroy a {m.group(1).title()} to put a revealed card on the bottom of its owner's "
            "deck and clash again (the log's next lines)."
        )
        names = "|".join(f"{x}:{ref.name}" for x, ref in c.reveals)
        done = _golds_destroyed(s, player, token)
        s.effects.append(Effect("clash_offer", player, done, "turn", _hero(s, player), token, text, names))
        _note(
            ctx,
            say(
                "line {number}: {hero}: {player} would fail to win this clash; they may destroy a {token} and clash again (the first time this turn).",
                number=ctx.entry.number,
                hero=_hero(s, player),
                player=player,
                token=m.group(1).title(),
            ),
        )


def _golds_destroyed(s: GameState, player: str, token: str) -> int:
    """How many of the token (a Gold) ``player`` has destroyed this turn (``conditions.record_destroyed``)."""
    slug = token.casefold().strip().replace(" ", "_")
    return sum(1 for x in s.turn_log if x.startswith(f"{player} destroyed name=") and slug in x)


def _clash_again(s: GameState, redo: Effect, c: A.Clash, ctx: Ctx) -> None:
    """Victor's replacement taken (a Gold he controls destroyed after the clash he would fail to win). The second clash: one of the first clash's revealed cards went to the bottom of its owner's deck
    (the one the new reveals show gone from the top; the other stays on top)."""
    first = dict(x.split(":", 1) for x in redo.choice.split("|") if ":" in x)
    moved = [pl for pl, ref in c.reveals if pl in first and not same_card(_named(ref.name), first[pl])]
    for pl in moved[:1]:
        p = s.p(pl)
        if p.deck_top and same_card(p.deck_top[0], first[pl]):
            put_bottom(p, [p.deck_top.pop(0)])
            if p.deck_count is not None:
                p.deck_count -= 1  # put_bottom counted it as new to the deck
    if not moved:
        ctx.add(
            MANUAL,
            say(
                "line {number}: {hero}: the second clash shows the same cards on top; which revealed card went to the bottom of its owner's deck?",
                number=ctx.entry.number,
                hero=redo.source,
            ),
            "manual_effect",
        )


def _named(name: str) -> Card:
    return Card(id="", facts=CardFacts(name=name), owner="")


def destroy_for_clash(s: GameState, subject: str, ctx: Ctx) -> bool:
    """ "P1 destroys a Gold" while Victor's offer waits (his clash he would fail to win): a Gold he controls
    is destroyed as his choice (CR 6.4's replacement taken); the next clash line is the clash again."""
    offer = next((e for e in s.effects if e.kind == "clash_offer"), None)
    want = norm_name(re.sub(r"^(?:an?|the|one|their|his|her)\s+", "", subject.strip(), flags=re.I))
    if offer is None or want.removesuffix(" token") != norm_name(offer.card_id):
        return False
    p = s.p(offer.player)
    gold = next((x for x in p.permanents if norm_name(token_base(x.name)) == norm_name(offer.card_id)), None)
    if gold is None:
        return False
    destroy_permanent(s, gold)
    ctx.events.append(Event("destroy", offer.player, gold.name))
    return True
