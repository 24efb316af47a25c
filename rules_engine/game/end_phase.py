"""The end phase (CR 4.4) and the turn's end.

The action phase ends when all players pass with an empty stack and no combat (CR 4.3.4). The end
phase begins with its delayed effects (intimidated cards return, quell destroys, blood debt, the
turn-player's end-phase tokens), then its steps go in order: the arsenal (CR 4.4.3b), the pitch zones
to the bottom of the deck (4.4.3c), untapping in 2.13.0 (4.4.3d) and losing action and resource
points, drawing up to intellect; then the turn ends (CR 4.4.4) and the next turn's start phase
triggers. A step the log skips happens on its own when a later step is logged. Heave (CR 8.3.18)
also happens at the beginning of the end phase.
"""

from __future__ import annotations

import dataclasses
import re

from rules_engine.wording import say

from . import abilities, choices
from . import actions as A
from .cards import norm_name
from .context import Ctx, Event, check_game_over
from .costs import pay_resources
from .effects import (
    coded_token,
    end_phase_counters,
    phase_of,
    plain,
    recognise,
    self_named,
    token_facts,
    unpack_choice,
    weapon_turn_text,
)
from .heroes import draw_arsenal, end_phase_abilities, loses_blood_debt, turn_ends
from .rules import MANUAL, NOTE, CannotApply, Illegal
from .state import PLAYERS, GameState, PendingDamage, other
from .triggers import start_phase
from .zones import (
    counter_off_self,
    destroy_permanent,
    draw,
    make_token,
    permanents_of,
    phase_trigger_applies,
    put_bottom,
    take,
)


def begin_end_phase(s: GameState, ctx: Ctx) -> None:
    """CR 4.3.4 -> 4.4.2: the action phase ends; beginning-of-end-phase effects happen."""
    s.phase = "end"
    s.end_step = "arsenal"
    end_phase_abilities(s, ctx)  # the hero's "at the beginning of your end phase" (Kassai's)
    p = s.p(s.turn_player)
    for weapon in p.weapons:
        hit = f"{s.turn_player} weapon_hit_by {norm_name(weapon.name)}" in s.turn_log
        if weapon_turn_text(weapon.facts)[2] and not hit and weapon.counters.get("power"):
            weapon.counters.pop("power")  # Dawnblade: no hit this turn, its +1{p} counters come off
            ctx.events.append(Event("trigger", s.turn_player, f"{weapon.name} end phase trigger"))
    permanent_end_phase_triggers(s, ctx)
    for card in [c for c in p.equipment.values() if c is not None] + list(p.permanents) + list(p.weapons):
        for prop, n in end_phase_counters(card.facts):  # Frontline's -1{d} (CR 4.4.2, 1.15)
            card.add_counters(prop, n)
            ctx.events.append(Event("trigger", s.turn_player, f"{card.name} end phase trigger"))
    s.priority = None
    s.passes = 0
    keep = []
    for eff in s.effects:
        if eff.kind == "intimidated":
            p = s.p(eff.player)
            for card in list(p.banished):
                if card.id == eff.card_id:
                    p.banished.remove(card)
                    card.face = "up"
                    card.duration = ""
                    p.hand.append(card)  # CR 8.5.10
                    ctx.events.append(Event("trigger", eff.player, "intimidate return"))
        elif eff.kind == "sharpen":
            # CR 8.5.58: at the beginning of the end phase all +1{p} counters come off the card
            for card in s.p(eff.player).weapons + s.p(eff.player).permanents:
                if card.id == eff.card_id and card.counters.get("power", 0) > 0:
                    card.counters.pop("power")
                    ctx.events.append(Event("trigger", eff.player, "sharpen"))
        elif eff.kind == "quell_destroy":
            p = s.p(eff.player)
            for card in [x for x in p.equipment.values() if x is not None] + list(p.permanents):
                if card.id == eff.card_id:
                    destroy_permanent(s, card)
                    ctx.events.append(Event("trigger", eff.player, "quell destroy"))
        else:
            keep.append(eff)
    s.effects = keep
    tp = s.p(s.turn_player)
    debt = [c for c in tp.banished if c.facts.has("blood debt")]
    if debt and loses_blood_debt(s, s.turn_player, ctx):
        debt = []  # Levia: her cards lose blood debt this end phase
    for card in debt:
        if card.facts.has("blood debt") and card.face == "up" and tp.life is not None:
            tp.life = max(0, tp.life - 1)  # CR 8.3.11 / 8.3.11a: only a public card
            ctx.events.append(Event("trigger", s.turn_player, "blood debt"))
    check_game_over(s, ctx)
    for pl in PLAYERS:
        for tok in list(s.p(pl).permanents):
            t = token_facts(tok.name)
            if t is not None and t.text == "cost_more" and pl == s.turn_player:
                destroy_permanent(s, tok)  # Frostbite: "At the beginning of your end phase" (CR 8.6.10)
                ctx.events.append(Event("trigger", pl, "Frostbite"))
                continue
            if t is None or not t.text.startswith("end_phase") or pl != s.turn_player:
                continue
            if t.text == "end_phase:draw":
                destroy_permanent(s, tok)
                draw(s, pl, 1, ctx)
                ctx.events.append(Event("trigger", pl, "ponder"))
            elif t.text == "end_phase:destroy":
                destroy_permanent(s, tok)
            elif t.text == "end_phase:pox":
                destroy_permanent(s, tok)
                ctx.events.append(Event("trigger", pl, "bloodrot pox"))
                s.pending = PendingDamage(pl, 2, "Bloodrot Pox", False, 0, pl, [], 3)
            elif t.name == "Inertia":
                destroy_permanent(s, tok)
                p = s.p(pl)
                moved = list(p.hand) + list(p.arsenal)
                for card in moved:
                    card.face = "down"
                    card.private_to = pl
                put_bottom(p, moved)
                if p.deck_count is not None:
                    p.deck_count += p.hand_unknown
                p.hand, p.arsenal, p.hand_unknown = [], [], 0
                ctx.events.append(Event("trigger", pl, "inertia"))
            else:
                ctx.add(
                    MANUAL,
                    say(
                        "line {number}: {tok} triggers at the beginning of the end phase; enter its outcome.",
                        number=ctx.entry.number,
                        tok=tok.name,
                    ),
                    "tokens",
                )


def named_sharpen(s: GameState, ctx: Ctx) -> bool:
    """A sharpen delayed trigger (CR 8.5.58) the log names as the end phase begins ("the sharpen
    trigger removes the +1{p} counter") while the state records none: the start position knew the
    counters but not where they came from. When exactly one weapon or permanent has +1{p} counters
    and the end phase has just begun (CR 4.4.2, before the arsenal step), the trigger the log names
    is applied: those +1{p} counters come off, and any -1{p} counters stay (CR 1.15.4). Returns
    whether it was applied; the finding is a note saying the line supplied the trigger."""
    if s.phase != "end" or end_step_index(s.end_step) > 0:
        return False
    if any(e.kind == "trigger" and e.subject == "sharpen" for e in ctx.events):
        return False
    cards = [
        (pl, card)
        for pl in PLAYERS
        for card in list(s.p(pl).weapons) + list(s.p(pl).permanents)
        if card.counters.get("power", 0) > 0
    ]
    if len(cards) != 1:
        return False
    pl, card = cards[0]
    n = card.counters.pop("power")
    ctx.events.append(Event("trigger", pl, "sharpen"))
    ctx.add(
        NOTE,
        say(
            "line {number}: the state recorded no sharpen delayed trigger; the line names it, so its {n} +1{{p}} counter(s) come off {card} as the end phase begins (CR 8.5.58).",
            number=ctx.entry.number,
            n=n,
            card=card.name,
        ),
        "sharpen",
    )
    return True


def permanent_end_phase_triggers(s: GameState, ctx: Ctx) -> None:
    """The turn-player's permanents whose text says "At the beginning of your end phase, destroy this
    [, then EFFECT]" or "... , create a token / draw / gain {h}" (CR 4.4.2: they trigger as the end
    phase begins; with no choice to make, they are applied at once)."""
    player = s.turn_player
    p = s.p(player)
    for card in list(p.permanents) + [c for c in p.equipment.values() if c is not None]:
        if card.facts.is_token and coded_token(card.name):
            continue  # the CR 8.6 tokens' own end-phase triggers (below)
        text = self_named(plain(card.facts.text), card.facts.name)
        seen: dict[str, bool] = {}
        # a conditional effect acts only when its condition is met as it resolves (CR 1.8.4)
        mine = [
            e
            for e in recognise(text)[0]
            if phase_of(e.trigger) == "end_phase" and phase_trigger_applies(s, card, e.trigger, seen)
        ]
        if not mine:
            continue
        if any(e.kind == "destroy_self" for e in mine):
            destroy_permanent(s, card)
        ctx.events.append(Event("trigger", player, f"{card.name} end phase trigger"))
        for e in mine:
            if e.kind == "create_token":
                for _ in range(max(1, e.amount)):
                    make_token(s, player, e.target, ctx)
            elif e.kind == "draw":
                draw(s, player, e.amount, ctx)
            elif e.kind == "counter_off_self":
                counter_off_self(s, card, e.target, ctx)
            elif e.kind == "opt":  # CR 8.5.22: where the cards go is the log's
                ctx.add(
                    NOTE,
                    say(
                        "line {number}: {name} makes {player} opt {amount}; log where the cards go ('{player} opts {amount}: ...').",
                        number=ctx.entry.number,
                        name=card.name,
                        player=player,
                        amount=e.amount,
                    ),
                    "opt",
                )
            elif e.kind == "gain_life" and s.p(player).life is not None:
                s.p(player).life = (s.p(player).life or 0) + e.amount


def end_step_index(step: str) -> int:
    """The position of an end-phase step (arsenal, pitch, assets, draw, done)."""
    return ["arsenal", "pitch", "assets", "draw", "done"].index(step) if step else 0


def require_end(s: GameState, ctx: Ctx, key: str, what: str) -> None:
    """A line that belongs to the end phase: with nothing left to do in the action phase, the action
    phase ends first (a note); anything else is a violation of the end-phase timing."""
    if s.phase == "action" and not s.stack and not s.combat_step:
        ctx.add(
            NOTE,
            say(
                "line {number}: the action phase ends before {what} (all players pass, CR 4.3.4).",
                number=ctx.entry.number,
                what=what,
            ),
            "action_phase_ends",
        )
        begin_end_phase(s, ctx)
    if s.phase != "end":
        raise Illegal(
            key,
            say("{what} happens only in the end phase (it is the {phase} phase).", what=what, phase=s.phase),
        )


def arsenal(s: GameState, c: A.Arsenal, ctx: Ctx) -> None:
    """CR 4.4.3b: the turn-player may put a card from hand face-down into an empty arsenal."""
    if draw_arsenal(s, c, ctx):  # Marlynn's arrow after a draw in her action phase
        return
    if reload(s, c, ctx):  # a resolved "Reload" (CR 8.5.23)
        return
    require_end(s, ctx, "arsenal_timing", "putting a card into the arsenal")
    if c.player != s.turn_player:
        raise Illegal("arsenal_not_turn_player", say("{player} is not the turn-player.", player=c.player))
    if end_step_index(s.end_step) > 0:
        raise Illegal(
            "end_order",
            say("The arsenal step comes before the pitch zones go to the bottom of the deck."),
            ("4.4.3b",),
        )
    p = s.p(c.player)
    if p.arsenal:
        raise Illegal("arsenal_occupied", say("{player}'s arsenal already holds a card.", player=c.player))
    if c.extra:
        raise Illegal(
            "arsenal_occupied",
            say(
                "an arsenal zone holds one card; {player} put {amount} cards there.",
                player=c.player,
                amount=1 + len(c.extra),
            ),
        )
    card, _ = take(s, c.player, c.card, ("hand",), ctx, illegal="arsenal_from_hand")  # CR 4.4.3b: from hand
    card.face = c.face
    card.origin = ""
    p.arsenal.append(card)
    s.end_step = "pitch"


def reload(s: GameState, c: A.Arsenal, ctx: Ctx) -> bool:
    """Reload (CR 8.5.23): while a resolved "Reload" offers it, the arsenal line is that option: a card
    from the player's hand goes face-down into their arsenal, which must be empty (else the line is
    reversed). False when no such offer is open (the end phase's arsenal rule applies)."""
    offer = choices.claim(s, c.player, "reload")
    if offer is None:
        return False
    p = s.p(c.player)
    if p.arsenal or c.extra:
        raise Illegal(
            "reload",
            say("{player}'s arsenal already holds a card: nothing can be reloaded.", player=c.player),
        )
    card, _ = take(s, c.player, c.card, ("hand",), ctx, illegal="arsenal_from_hand")
    card.face, card.origin = "down", ""
    p.arsenal.append(card)
    return True


def no_arsenal(s: GameState, c: A.NoArsenal, ctx: Ctx) -> None:
    """The turn-player puts no card into the arsenal."""
    require_end(s, ctx, "arsenal_timing", "the arsenal step")
    if end_step_index(s.end_step) == 0:
        s.end_step = "pitch"


def bottom_chosen(s: GameState, c: A.PitchToBottom, ctx: Ctx) -> bool:
    """ "P2 puts Pummel on the bottom of their deck" while a resolved ability offers "you may put a card
    from your hand on the bottom of your deck" (Sink Below, CR 1.8.3): the card goes there (an unknown
    one, "?", from the hand) and the option is taken (``choices``). False when no such option is open."""
    offer = next(
        (o for o in choices.open_offers(s, c.player or "") if unpack_choice(o.choice)[0][0] == "bottom"), None
    )
    if offer is None or not c.player:
        return False
    names = [
        n
        for n in c.cards
        if n != "?" and not re.fullmatch(r"(?:from )?(?:their |his |her )?(?:hand|arsenal)", n, re.I)
    ]
    if len(names) > 1:
        raise CannotApply(
            say("the option puts one card on the bottom of the deck; the line names {list}", list=list(names))
        )
    zones = tuple(unpack_choice(offer.choice)[0][2].split()) or ("hand",)
    p = s.p(c.player)
    if not names and not p.hand_unknown and len(p.hand) + len(p.arsenal if "arsenal" in zones else []) == 1:
        names = [(p.hand or p.arsenal)[0].name]  # "a card" when only one card could be it
    card, _ = take(s, c.player, A.CardRef(names[0] if names else "?"), zones, ctx)
    card.private_to = c.player
    put_bottom(s.p(c.player), [card])
    choices.claim(s, c.player, "bottom", card=card)
    ctx.events.append(Event("move", c.player, "a card: hand -> bottom of the deck"))
    return True


def pitch_to_bottom(s: GameState, c: A.PitchToBottom, ctx: Ctx) -> None:
    """CR 4.4.3c: each player puts their pitch zone on the bottom of their deck in any order (hidden).
    In the action phase, a card put there for an option (Sink Below's) is ``bottom_chosen``."""
    if s.phase != "end" and bottom_chosen(s, c, ctx):
        return
    require_end(s, ctx, "pitch_to_bottom", "putting pitched cards on the bottom of the deck")
    if end_step_index(s.end_step) > 1:
        raise Illegal("end_order", say("The pitch zones go to the bottom before the draw."), ("4.4.3c",))
    s.end_step = "pitch"
    players = [c.player] if c.player else list(PLAYERS)
    for pl in players:
        p = s.p(pl)
        if c.player and c.cards:
            names = [norm_name(n) for n in c.cards]
            have = sorted(norm_name(x.name) for x in p.pitch_zone)
            if sorted(names) != have:
                raise CannotApply(
                    say(
                        "{pl}'s pitch zone holds {value}, not {list}",
                        pl=pl,
                        value=[x.name for x in p.pitch_zone],
                        list=list(c.cards),
                    )
                )
            ordered = []
            pool = list(p.pitch_zone)
            for n in names:
                card = next(x for x in pool if norm_name(x.name) == n)
                pool.remove(card)
                ordered.append(card)
            for card in ordered:
                card.private_to = pl
            put_bottom(p, ordered)
        else:
            for card in p.pitch_zone:
                card.private_to = pl
            put_bottom(p, list(p.pitch_zone))
        p.pitch_zone = []


def finish_pitch_and_assets(s: GameState, ctx: Ctx) -> None:
    """The steps before the draw happen if the log skipped them: pitch zones to the bottom
    (CR 4.4.3c), untap in 2.13.0 (4.4.3d), action and resource points lost (4.4.3e)."""
    if end_step_index(s.end_step) <= 1:
        for pl in PLAYERS:
            p = s.p(pl)
            if p.pitch_zone:
                for card in p.pitch_zone:
                    card.private_to = pl
                put_bottom(p, list(p.pitch_zone))
                p.pitch_zone = []
    if end_step_index(s.end_step) <= 2:
        if ctx.version != "older":
            for card in permanents_of(s, s.turn_player):
                card.tapped = False  # CR 4.4.3d
            s.p(s.turn_player).hero_tapped = False  # the hero is a permanent too (CR 1.3.3b)
        for pl in PLAYERS:
            s.p(pl).action_points = 0  # CR 4.4.3e (older 4.4.3d)
            s.p(pl).resource_points = 0
        s.end_step = "draw"


def _restates_draw(c: A.Draw, ctx: Ctx) -> bool:
    """ "Trigger res, P1 draws": the draw said right after a layer resolved on this line is that
    layer's effect told again when the resolution already drew as many cards for that player (each
    draw is restated once; a draw beyond them is a draw of its own)."""
    if not any(isinstance(x, A.AllPass) and x.resolves for x in ctx.entry.clauses):
        return False  # the line names no resolution
    events = ctx.prev_events + ctx.events  # the layer may have resolved as the line before ended
    at = max((i for i, e in enumerate(events) if e.kind == "resolve"), default=None)
    if at is None:
        return False
    after = events[at + 1 :]
    drawn = sum(1 for e in after if e.kind == "draw" and e.player == c.player)
    said = sum(e.amount for e in after if e.kind == "draw_said" and e.player == c.player)
    if drawn - said < c.count:
        return False
    ctx.events.append(Event("draw_said", c.player, "", c.count))
    return True


def draw_clause(s: GameState, c: A.Draw, ctx: Ctx) -> None:
    """A draw line. In the end phase it is drawing up to intellect (CR 4.4.3f), which must be exact
    and, once the turn-player's hand is full, ends the turn; "draws for X" needs X to have happened
    on this or the previous line. A count of -1 is "draws up to their intellect": the count the
    hand needs to reach the hero's intellect (CR 4.4.3f), in the end phase after its earlier steps."""
    if c.count < 0:
        if s.phase == "end":
            finish_pitch_and_assets(s, ctx)
        p = s.p(c.player)
        c = dataclasses.replace(c, count=max(0, (p.intellect or 0) - p.hand_size))
    if c.because:
        events = ctx.events + ctx.prev_events
        if not any(e.kind in ("trigger", "resolve") and c.because in e.subject.casefold() for e in events):
            key = {"crush": "crush"}.get(c.because, "missed_trigger")
            raise Illegal(
                key,
                say("the line draws for {because}, but {because} did not happen here.", because=c.because),
            )
    if s.phase != "end" and _restates_draw(c, ctx):
        ctx.add(
            NOTE,
            say(
                "line {number}: {player} draws {count}: what the layer that just resolved did (its effect drew the card, CR 5.3.4); not drawn again.",
                number=ctx.entry.number,
                player=c.player,
                count=c.count,
            ),
        )
        return
    if s.phase == "end":
        # CR 4.4.3f: drawing up to intellect; the steps before it happen first if not logged
        finish_pitch_and_assets(s, ctx)
        p = s.p(c.player)
        must = c.player == s.turn_player or s.first_turn
        expected = max(0, (p.intellect or 0) - p.hand_size) if must else 0
        if c.count != expected:
            raise Illegal(
                "draw_up",
                say(
                    "{player} should draw {expected} (intellect {intellect}, {hand_size} cards in hand), not {count}.",
                    player=c.player,
                    expected=expected,
                    intellect=p.intellect,
                    hand_size=p.hand_size,
                    count=c.count,
                ),
            )
        draw(s, c.player, c.count, ctx)
        done = (
            s.p(s.turn_player).hand_size >= (s.p(s.turn_player).intellect or 0)
            or not s.p(s.turn_player).deck_count
        )
        if c.player == s.turn_player and not s.first_turn and done:
            finish_end_phase(s, ctx)
        elif s.first_turn and all(s.p(pl).hand_size >= (s.p(pl).intellect or 0) for pl in PLAYERS):
            finish_end_phase(s, ctx)
        return
    told = drawn_by_resolution(ctx, c.player)
    if c.count and told >= c.count:
        # "its hit trigger resolves, P1 draws": the line tells what the layer it resolved did
        ctx.events.append(Event("restated_draw", c.player, "", c.count))
        ctx.add(
            NOTE,
            say(
                "line {number}: {player} drew {count} as the layer resolved on this line; the draw is read as telling that, not as another draw.",
                number=ctx.entry.number,
                player=c.player,
                count=c.count,
            ),
            "restated_draw",
        )
        return
    draw(s, c.player, c.count, ctx)


def drawn_by_resolution(ctx: Ctx, player: str) -> int:
    """Cards the player drew after a layer resolved on this line, or on the previous line when this
    one says again that it resolved ("its hit trigger resolves, P1 draws"), not yet told by a draw line."""
    events = list(ctx.events)
    if not any(e.kind == "resolve" for e in events) and re.search(r"\bresolve", ctx.entry.text, re.I):
        events = list(ctx.prev_events) + events
    # an option taken on this line ("P2 bottoms Pummel, draws": Sink Below's "If you do") counts too
    last = max((i for i, e in enumerate(events) if e.kind in ("resolve", "choice_taken")), default=None)
    if last is None:
        return 0
    after = events[last + 1 :]
    drawn = sum(1 for e in after if e.kind == "draw" and e.player == player)
    told = sum(e.amount for e in after if e.kind == "restated_draw" and e.player == player)
    return drawn - told


def finish_end_phase(s: GameState, ctx: Ctx) -> None:
    """CR 4.4.4: the turn ends, "this turn" effects end, the next player begins their Start Phase."""
    finish_pitch_and_assets(s, ctx)
    turn_ends(s, ctx)  # a random Agent of Chaos the log never named
    abilities.turn_ends(s)  # "+1{i} this turn" ends (CR 4.4.4)
    s.effects = [e for e in s.effects if e.duration not in ("turn", "chain", "link", "end")]
    for pl in PLAYERS:
        s.p(pl).once_per_turn = []
        for card in permanents_of(s, pl):
            card.counters.pop("defense_effect", None)  # "+N{d} until end of turn" (Unity, CR 6.3)
        for card in list(s.p(pl).banished):
            if card.duration == "until end of turn":
                card.duration = ""
    s.turn_player = other(s.turn_player)
    s.turn_number += 1
    s.first_turn = False
    s.phase = "start"
    s.end_step = ""
    s.priority = None
    s.attacks_this_turn = []
    s.played_this_turn = []
    s.arcane_dealt = []
    s.weapon_attacked = []
    s.boosted = []
    s.turn_log = []
    start_phase(s, ctx)


def heave(s: GameState, c: A.Heave, ctx: Ctx) -> None:
    """CR 8.3.18: at the beginning of the end phase, pay N and put the card face-up into the arsenal."""
    if s.phase != "end":
        require_end(s, ctx, "arsenal_timing", "heave")
    card, _ = take(s, c.player, c.card, ("hand",), ctx)
    n = card.facts.keyword("heave") or 0
    pay_resources(s, c.player, n if c.pay is None else c.pay, c.pitches, ctx)
    p = s.p(c.player)
    if p.arsenal:
        raise Illegal(
            "heave_arsenal",
            say(
                "{player}'s arsenal is not empty, so heave cannot put {card} there.",
                player=c.player,
                card=card.name,
            ),
        )
    card.face = "up"
    p.arsenal.append(card)
    for _ in range(n):
        make_token(s, c.player, "Seismic Surge", ctx)
