"""More hero abilities (issue 30, branch heroesB30), hooked into ``heroes``, ``layers``, ``playing`` and
the engine's clause table. The sentences are matched by the patterns of ``heroes_text``.

- Arakni, Huntsman and young Arakni: playing a card with contract puts a triggered layer on the stack
  (CR 6.6); as it resolves, a ``look_opp_top_due`` effect waits for the log's look at the opponent's top
  card (``look_opponent_top``): the card named is the known top card of that deck or becomes it (hidden
  information is what the judge writes, CR 3.0.1), and "puts it on the bottom" moves it there. The look
  and the move are both optional (CR 1.8.3): a log that says nothing leaves the deck as it was.
- Vynnset, Iron Maiden and young Vynnset: at the start of her turn (CR 4.2.2) she banishes a card from
  hand and, if she did, creates a Runechant (``start_of_turn``; one card in hand is banished by itself,
  else the log's banish from hand takes a ``banish_due``); playing a Shadow 'non-attack' action card puts
  a triggered layer on the stack whose "you may pay {h}" the log's ``P1 pays 1 life`` takes (``pay_life``,
  CR 1.14.2e); paid, the next Runechant damage this turn cannot be prevented (``damage.deal_damage``).
- Kassai of the Golden Sand: the cost "Banish 2 red and 2 yellow cards from your graveyard" is paid as she
  activates (``pay_graveyard_banish``, CR 1.14.4: the cards the line names, or the only ones that fit;
  too few makes the activation illegal), and "The next time a weapon you control hits a hero this turn,
  create a Gold token" is a delayed trigger (``resolve_ability`` leaves it, ``triggers.hero_hit_abilities``
  makes its layer on the next weapon hit, CR 6.6).
- A weapon's or hero's life cost ({h}: CR 1.14.2e, Flail of Agony) is checked and paid with the other
  effect-costs of an activation (``abilities.check_costs`` / ``pay_costs``; CR 1.14.2b).
"""

from __future__ import annotations

from rules_engine.wording import say

from . import actions as A
from . import choices, conditions
from .cards import CardFacts, norm_name
from .context import Ctx, Event
from .effects import describe_choice, pack_choice
from .heroes_text import (
    CONTRACT_LOOK_BOTTOM,
    GRAVEYARD_BANISH_COST,
    NEXT_WEAPON_HIT_TOKEN,
    PLAY_FROM_HAND_ARSENAL,
    PLAY_PAY_LIFE_UNPREVENTABLE,
    START_BANISH_HAND_TOKEN,
)
from .rules import MANUAL, NOTE, Illegal
from .state import Card, Effect, GameState, Layer, other
from .values import same_card
from .zones import make_token, new_card, put_bottom

_COLOUR_PITCH = {"red": 1, "yellow": 2, "blue": 3}


def _lines(s: GameState, player: str) -> list[str]:
    hero = s.p(player).hero_card
    if hero is None:
        return []
    return [x.strip() for x in hero.text.split("\n") if x.strip()]


def _note(ctx: Ctx, text: object) -> None:
    ctx.add(NOTE, text, "hero_ability")  # type: ignore[arg-type]


def _trigger(s: GameState, player: str, effect: str, targets: list[str], about: str, ctx: Ctx) -> None:
    hero = s.p(player).hero_card
    name = hero.name if hero is not None else s.p(player).hero
    layer = Layer(id=s.new_id(), kind="triggered", name=f"{name} trigger", controller=player, effect=effect)
    layer.targets = targets
    s.stack.append(layer)
    ctx.events.append(Event("trigger", player, f"{name}: {about}"))


def play_abilities(s: GameState, player: str, f: CardFacts, ctx: Ctx, zone: str = "") -> None:
    """The hero's "whenever you play" triggers of this module (CR 6.6): Arakni's contract look,
    Vynnset's life payment and Riptide's arsenal option for a card played from hand (the card is
    recorded as played just before, ``heroes.record_play``)."""
    for line in _lines(s, player):
        if PLAY_FROM_HAND_ARSENAL.match(line) and zone in ("", "hand"):
            _trigger(s, player, "hero:arsenal_option", [], f.name, ctx)
            continue
        m = CONTRACT_LOOK_BOTTOM.match(line)
        if m and f.has(m.group(1).casefold()):
            _trigger(s, player, "hero:contract_look", [other(player)], f.name, ctx)
            continue
        v = PLAY_PAY_LIFE_UNPREVENTABLE.match(line)
        if (
            v
            and v.group(1).casefold() in {x.casefold() for x in f.classes}
            and f.is_action
            and "non-attack" in {x.casefold() for x in f.subtypes}
        ):
            cost = v.group(2).count("{h}")
            _trigger(s, player, "hero:pay_life", [f"{cost}|{v.group(3).strip()}"], f.name, ctx)


def resolve_trigger(s: GameState, layer: Layer, ctx: Ctx) -> None:
    """A triggered layer of this module resolves (CR 6.6, 5.3): each leaves the effect the log's next
    line takes."""
    player = layer.controller
    if layer.effect == "hero:contract_look":
        target = layer.targets[0] if layer.targets else other(player)
        text = f"You may look at the top card of {target}'s deck and put it on the bottom (the log says)."
        s.effects.append(Effect("look_opp_top_due", player, 0, "turn", layer.name, target, text))
    elif layer.effect == "hero:arsenal_option":
        # "you may put a card from hand face down into your arsenal": the option a reload offers (CR 1.8.3,
        # 8.5.23's move), taken by the log's arsenal line (``end_phase.reload``: the arsenal must be empty)
        packed = pack_choice(("reload", 0, ""), [])
        s.effects.append(
            Effect("choice_offer", player, 0, choices.OPEN, layer.name, "", describe_choice(packed), packed)
        )
        ctx.events.append(Event("choice", player, layer.name, 0))
    elif layer.effect == "hero:pay_life":
        cost, _, kind = (layer.targets[0] if layer.targets else "1|Runechant").partition("|")
        text = f"You may pay {cost} life: the next {kind} damage this turn can't be prevented."
        s.effects.append(Effect("pay_life_offer", player, int(cost), "turn", layer.name, kind, text))


def look_opponent_top(s: GameState, c: A.LookTop, ctx: Ctx) -> bool:
    """Arakni's look at the opponent's top card ("P1 looks at P2's top card (X) and puts it on the
    bottom"): True when the line is that look. The card named is the known top card of that deck (another
    name is a violation) or becomes it; "on the bottom" moves it to the bottom of that deck (its owner's;
    the deck's size does not change). A look with no trigger waiting for it is a violation."""
    player = c.player or next((e.player for e in s.effects if e.kind == "look_opp_top_due"), "")
    due = next((e for e in s.effects if e.kind == "look_opp_top_due" and e.player == player), None)
    if due is None:
        if c.deck_owner and c.deck_owner != c.player:
            raise Illegal(
                "look_top",
                say(
                    "No ability lets {player} look at the top card of {owner}'s deck now.",
                    player=player or "the player",
                    owner=c.deck_owner,
                ),
            )
        return False
    owner = c.deck_owner or due.card_id
    if owner != due.card_id:
        return False
    s.effects.remove(due)
    q = s.p(owner)
    top: Card | None = None
    if c.card is not None:
        if q.deck_top and not same_card(q.deck_top[0], c.card.name):
            raise Illegal(
                "look_top",
                say(
                    "{card} is not the top card of {player}'s deck ({top} is).",
                    card=c.card.name,
                    player=owner,
                    top=q.deck_top[0].name,
                ),
            )
        if not q.deck_top:
            if q.deck_count is not None and q.deck_count <= 0:
                raise Illegal("look_top", say("{player}'s deck is empty.", player=owner))
            q.deck_top.insert(0, new_card(s, c.card.name, owner, ctx, c.card.claims))
        top = q.deck_top[0]
        top.private_to = player  # seen by the player who looked
    elif q.deck_top:
        top = q.deck_top[0]
    ctx.events.append(Event("look", player, f"{owner}'s top card", 1))
    if not c.bottom:
        return True
    if top is None:
        if q.deck_count is not None and q.deck_count <= 0:
            raise Illegal("look_top", say("{player}'s deck is empty.", player=owner))
        top = new_card(s, "?", owner, ctx)
        q.deck_top.insert(0, top)
    q.deck_top.pop(0)
    if q.deck_count is not None:
        q.deck_count -= 1  # it stays in the deck: put_bottom counts it back
    put_bottom(q, [top])
    ctx.events.append(
        Event("move", owner, f"{top.name if top.facts.known else 'a card'}: deck_top -> deck_bottom")
    )
    _note(
        ctx,
        say(
            "line {number}: {source}: {player} puts the top card of {owner}'s deck ({card}) on the bottom.",
            number=ctx.entry.number,
            source=due.source,
            player=player,
            owner=owner,
            card=top.name if top.facts.known else "unknown",
        ),
    )
    return True


def pay_life(s: GameState, c: A.PayLife, ctx: Ctx) -> None:
    """ "P1 pays 1 life" for a hero's "you may pay {h}" (CR 1.8.3 the option, 1.14.2e the payment): the
    offer Vynnset's trigger left; then "the next Runechant effect that would deal damage this turn can't
    be prevented" (an effect ``damage.deal_damage`` reads). A payment nothing offers, or of another amount,
    is a violation; a player with less life cannot pay (CR 1.14.2b)."""
    p = s.p(c.player)
    offer = next(
        (
            e
            for e in s.effects
            if e.kind == "pay_life_offer" and e.player == c.player and e.amount == c.amount
        ),
        None,
    )
    if offer is None:
        raise Illegal(
            "pitch_no_cost",
            say(
                "{player} pays {amount} life, but no effect offers that payment now.",
                player=c.player,
                amount=c.amount,
            ),
        )
    if p.life is not None and p.life < c.amount:
        raise Illegal(
            "not_enough_resources",
            say(
                "{player} has {life} life and cannot pay {amount}.",
                player=c.player,
                life=p.life,
                amount=c.amount,
            ),
        )
    s.effects.remove(offer)
    if p.life is not None:
        p.life -= c.amount
    ctx.events.append(Event("life", c.player, offer.source, -c.amount))
    ctx.events.append(Event("paid", c.player, offer.source, c.amount))
    text = f"The next {offer.card_id} effect that would deal damage this turn can't be prevented."
    s.effects.append(Effect("unpreventable_next", c.player, 1, "turn", offer.source, offer.card_id, text))


def unpreventable(s: GameState, source: str, controller: str) -> bool:
    """Whether this damage (``source``: the effect's name) is the next of its kind the player made
    unpreventable this turn (Vynnset); the effect is used up."""
    for eff in s.effects:
        if eff.kind != "unpreventable_next" or (controller and eff.player != controller):
            continue
        kind = norm_name(eff.card_id)
        said = norm_name(source)
        if said == kind or said.startswith(kind + " "):
            s.effects.remove(eff)
            return True
    return False


def start_of_turn(s: GameState, ctx: Ctx) -> None:
    """Vynnset's "At the start of your turn, banish a card from your hand. If you do, create a Runechant
    token" (CR 4.2.2; the triggered layer resolves in the Start Phase). Which card is the player's choice
    and hidden: an empty hand does nothing, a hand of one known card banishes it, else a ``banish_due``
    waits for the log's banish from hand (``zones.banish``, ``heroes.take_banish_due``), which then
    creates the token; never named, the judge is asked as the turn ends (``heroes.turn_ends``)."""
    player = s.turn_player
    p = s.p(player)
    for line in _lines(s, player):
        m = START_BANISH_HAND_TOKEN.match(line)
        if m is None:
            continue
        token = m.group(1).strip().title()
        hero = p.hero_card.name if p.hero_card is not None else p.hero
        size = len(p.hand) + p.hand_unknown
        if size == 0 and p.hand_unknown == 0:
            _note(
                ctx,
                say(
                    "line {number}: {hero}: {player}'s hand is empty, so nothing is banished and no {token} token is created.",
                    number=ctx.entry.number,
                    hero=hero,
                    player=player,
                    token=token,
                ),
            )
            continue
        if size == 1 and p.hand:
            card = p.hand.pop()
            card.face, card.private_to = "up", ""
            p.banished.append(card)
            conditions.record_banished(s, player, card)
            ctx.events.append(Event("move", player, f"{card.name}: hand -> banished"))
            make_token(s, player, token, ctx)
            _note(
                ctx,
                say(
                    "line {number}: {hero}: {player} banishes {card}, the only card in hand, and creates a {token} token.",
                    number=ctx.entry.number,
                    hero=hero,
                    player=player,
                    card=card.name,
                    token=token,
                ),
            )
            continue
        text = f"Banish a card from hand (the log names it); then create a {token} token."
        s.effects.append(Effect("banish_due", player, 1, "turn", hero, text=text, choice=f"token:{token}"))
        ctx.events.append(Event("trigger", player, f"{hero} start of turn"))


def banished_for_due(s: GameState, due: Effect, ctx: Ctx) -> None:
    """A ``banish_due`` the log's banish paid: Vynnset's "If you do, create a Runechant token"."""
    if due.choice.startswith("token:"):
        make_token(s, due.player, due.choice.removeprefix("token:"), ctx)


def _colour(card: Card) -> int | None:
    return card.pitch


def pay_graveyard_banish(
    s: GameState, player: str, src: Card, cost: str, named: tuple[A.CardRef, ...], ctx: Ctx
) -> None:
    """Kassai's cost "Banish 2 red and 2 yellow cards from your graveyard" (CR 1.14.4, an effect-cost): the
    cards the activation line names ("banishing X, Y, Z and W from the graveyard"), or, when the graveyard
    holds exactly as many of each colour as the cost, those. Too few of a colour, or a named card that is
    not in the graveyard or of the wrong colour, makes the activation illegal; more than needed and none
    named asks the judge (nothing is banished)."""
    for part in [cost] if cost else []:
        m = GRAVEYARD_BANISH_COST.match(part)
        if m is None:
            continue
        p = s.p(player)
        need = {
            _COLOUR_PITCH[m.group(2).casefold()]: int(m.group(1)),
            _COLOUR_PITCH[m.group(4).casefold()]: int(m.group(3)),
        }
        words = {v: k for k, v in _COLOUR_PITCH.items()}
        for pitch, n in need.items():
            have = sum(1 for x in p.graveyard if _colour(x) == pitch)
            if have < n:
                raise Illegal(
                    "effect_cost",
                    say(
                        "{src}'s cost banishes {amount} {colour} cards from {player}'s graveyard; it holds {have}.",
                        src=src.name,
                        amount=n,
                        colour=words[pitch],
                        player=player,
                        have=have,
                    ),
                )
        chosen: list[Card] = []
        if named:
            pool = list(p.graveyard)
            for ref in named:
                card = next((x for x in pool if same_card(x, ref.name)), None)
                if card is None:
                    raise Illegal(
                        "effect_cost",
                        say(
                            "{card} is not in {player}'s graveyard to pay {src}'s cost.",
                            card=ref.name,
                            player=player,
                            src=src.name,
                        ),
                    )
                pool.remove(card)
                chosen.append(card)
            got = {pitch: sum(1 for x in chosen if _colour(x) == pitch) for pitch in need}
            if got != need or len(chosen) != sum(need.values()):
                raise Illegal(
                    "effect_cost",
                    say(
                        "{src}'s cost banishes exactly {cost} from the graveyard; the line names {list}.",
                        src=src.name,
                        cost=part,
                        list=", ".join(x.name for x in chosen),
                    ),
                )
        else:
            fits = {pitch: [x for x in p.graveyard if _colour(x) == pitch] for pitch in need}
            if any(len(fits[pitch]) != n for pitch, n in need.items()):
                ctx.add(
                    MANUAL,
                    say(
                        "line {number}: {src}: the line does not name the graveyard cards banished for the cost ({cost}); name them ('{player} activates {hero}, banishing X, Y, Z and W from the graveyard') or enter them as adjustment lines.",
                        number=ctx.entry.number,
                        src=src.name,
                        cost=part,
                        player=player,
                        hero=s.p(player).hero,
                    ),
                    "manual_effect",
                )
                continue
            chosen = [x for pitch in need for x in fits[pitch]]
        for card in chosen:
            p.graveyard.remove(card)
            card.face = "up"
            p.banished.append(card)
            conditions.record_banished(s, player, card)
            ctx.events.append(Event("move", player, f"{card.name}: graveyard -> banished"))


def resolve_ability(s: GameState, layer: Layer, text: str, ctx: Ctx) -> str:
    """Kassai's "The next time a weapon you control hits a hero this turn, create a Gold token" (CR 6.6: a
    delayed triggered ability, kept as an effect; ``weapon_hit_layer`` makes its layer). Returns the text
    left to resolve."""
    m = NEXT_WEAPON_HIT_TOKEN.search(text)
    if m is None:
        return text
    token = m.group(1).strip().title()
    note = f"The next time a weapon you control hits a hero this turn, create a {token} token."
    s.effects.append(Effect("next_weapon_hit_token", layer.controller, 1, "turn", layer.name, token, note))
    return (text[: m.start()] + text[m.end() :]).strip()
