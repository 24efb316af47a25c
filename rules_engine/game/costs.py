"""Costs and payment (CR 1.14, 5.1.6, 5.1.7).

Cards are pitched one at a time and only while the cost is not covered; chi points pay first and a
chi cost is paid with chi only. The cost of a card is its printed cost with the increases (Frostbite)
and then the reductions (Seismic Surge, "costs N less" effects) that apply, never below zero; a short
payment cites the token rule that explains it.
"""

from __future__ import annotations

from rules_engine.wording import say

from . import actions as A
from . import conditions
from .cards import CardFacts, norm_name
from .context import Ctx, Event
from .effects import (
    CHARGE_COST,
    FUSION,
    SELF_COSTS_LESS_PER_DRACONIC_LINK,
    conditional_discount,
    plain,
    self_named,
    split_sentences,
    token_facts,
)
from .rules import MANUAL, VIOLATION, Illegal, cite
from .state import Card, GameState
from .values import card_filter_fits, same_card
from .zones import check_claims, hero_pitch_triggers, new_card, pitch_triggers, take, token_base


def pay_resources(
    s: GameState,
    player: str,
    cost: int,
    pitches: tuple[A.CardRef, ...],
    ctx: Ctx,
    chi_cost: int = 0,
) -> None:
    """Pitch the named cards one at a time while the cost is not covered (CR 1.14.2d, 1.14.3b),
    then pay chi points first and resource points next (CR 1.14.2a/d); a chi cost is paid with
    chi points only (CR 1.14.2c).

    Reversal granularity (CR 1.10.3, 1.14.3b, 5.1.7a; docs/reconstruction.md, "Reversal policy"):
    a card pitched after the cost is already covered is an illegal pitch of its own, so only that
    pitch is reversed (the card stays in hand, a violation names it) and the play stands; a payment
    that cannot complete (too few points, an unpitchable card, a card that is not in hand) raises, and
    the whole play is reversed."""
    p = s.p(player)
    for ref in pitches:
        chi_short = p.chi_points < chi_cost
        res_short = p.resource_points + max(0, p.chi_points - chi_cost) < cost
        if not chi_short and not res_short:
            ctx.add(
                VIOLATION,
                say(
                    "line {number}: {player} pitched {ref} although the cost of {cost} was already covered. Only this pitch is reversed: the card stays in hand and the play stands (CR 1.10.3).",
                    number=ctx.entry.number,
                    player=player,
                    ref=ref.name,
                    cost=cost,
                ),
                key="pitch_no_cost",
                rules=["1.10.3"],
                extra_pitch=ref.name,
            )
            continue
        card, _ = take(
            s, player, A.CardRef(ref.name, "hand", ref.claims), ("hand",), ctx, illegal="pitch_no_cost"
        )
        check_claims(card, ref, ctx)
        pitch = card.pitch
        if pitch is None:
            raise Illegal(
                "pitch_no_property",
                say("{card} has no pitch property and cannot be pitched.", card=card.name),
            )
        if chi_short and not res_short and not card.facts.chi_pitch:
            raise Illegal(
                "chi_cost",
                say("{card} gains resource points, which cannot pay a chi point cost.", card=card.name),
            )
        p.pitch_zone.append(card)
        if card.facts.chi_pitch:
            p.chi_points += pitch
        else:
            p.resource_points += pitch
        ctx.events.append(Event("pitch", player, card.name, pitch))
        for made in pitch_triggers(s, card):  # "When you pitch this" (CR 1.14.3c, 6.6.1)
            ctx.events.append(Event("trigger", made.controller, made.name))
        hero_pitch_triggers(s, player, card, ctx)  # the hero's "whenever you pitch" (Dromai)
    if p.chi_points < chi_cost:
        raise Illegal(
            "not_enough_resources",
            say(
                "{player} had {chi_points} chi points for a chi cost of {chi_cost}.",
                player=player,
                chi_points=p.chi_points,
                chi_cost=chi_cost,
            ),
            ("1.14.2c",),
        )
    p.chi_points -= chi_cost
    if p.resource_points + p.chi_points < cost:
        raise Illegal(
            "not_enough_resources",
            say(
                "{player} had {amount} resource points for a cost of {cost}.",
                player=player,
                amount=p.resource_points + p.chi_points,
                cost=cost,
            ),
        )
    from_chi = min(p.chi_points, cost)
    p.chi_points -= from_chi
    p.resource_points -= cost - from_chi


def _guardian(facts: CardFacts) -> bool:
    """A Guardian card (CR 8.6.2's reduction): the class, wherever the type line put the word."""
    return "guardian" in facts.classes or "guardian" in facts.subtypes


def _filtered_fits(text: str, facts: CardFacts) -> bool:
    """A "cost_filtered" effect's cards: "action|base>=6" (attack action cards with 6 or more {p}) or
    a colour (CR 2.2: the printed pitch)."""
    if text.startswith("action|"):
        return facts.is_attack_action and card_filter_fits(text.split("|", 1)[1], facts)
    return card_filter_fits(text, facts)


def cost_modifiers(s: GameState, player: str, facts: CardFacts, is_attack: bool) -> int:
    """CR 5.1.6a: increases (Frostbite, CR 8.6.10), then reductions; the cost stops at zero."""
    delta = 0
    for card in s.p(player).permanents:
        tok = token_facts(card.name)
        if card.facts.text == "cost_more" or (tok is not None and tok.text == "cost_more"):
            delta += 1
    for eff in s.effects:
        if eff.player != player:
            continue
        if eff.kind == "cost_change":
            delta += eff.amount
        elif eff.kind == "cost_next_attack" and is_attack:
            delta += eff.amount
        elif eff.kind == "cost_next_guardian" and is_attack and _guardian(facts):
            delta += eff.amount
        elif eff.kind == "cost_filtered" and _filtered_fits(eff.text, facts):
            delta += eff.amount  # "Yellow cards cost you {r} less to play this turn"
    for sentence in split_sentences(facts.text):
        found = conditional_discount(self_named(sentence, facts.name).casefold())
        if found and conditions.holds(s, player, found[0], facts):
            delta -= found[1]  # "If you control a Hyper Driver, this costs {r} less to play" (CR 5.1.6a)
        m = SELF_COSTS_LESS_PER_DRACONIC_LINK.match(sentence)
        if m and m.group(1).casefold() == "runechant":
            # "This costs {r} less to play for each Runechant you control" (CR 5.1.6a)
            delta -= sum(1 for x in s.p(player).permanents if norm_name(token_base(x.name)) == "runechant")
        elif m:
            # "This costs {r} less to play for each Draconic chain link you control" (CR 5.1.6a)
            delta -= sum(
                1 for x in s.chain if x.controller == player and "draconic" in x.attack.facts.classes
            )
    return delta


def cost_token_rules(
    s: GameState, player: str, facts: CardFacts, is_attack: bool, ctx: Ctx
) -> tuple[str, ...]:
    """The token rules that explain a short payment: a Frostbite raised the cost (CR 8.6.10), or a
    Seismic Surge reduction does not apply to a card that is not a Guardian attack (CR 8.6.2)."""
    out: list[str] = []
    for card in s.p(player).permanents:
        tok = token_facts(card.name)
        if tok is not None and tok.text == "cost_more" and card.name.casefold() == "frostbite":
            out += cite(ctx.version, "frostbite")
            break
    for eff in s.effects:
        if eff.player == player and eff.kind == "cost_next_guardian" and not (is_attack and _guardian(facts)):
            out += cite(ctx.version, "seismic_surge")
            break
    return tuple(out)


def consume_cost_effects(s: GameState, player: str, facts: CardFacts, is_attack: bool) -> None:
    """The "next attack costs less" effects are used up by the attack they applied to."""
    keep = []
    for eff in s.effects:
        if (
            eff.player == player
            and is_attack
            and (eff.kind == "cost_next_attack" or (eff.kind == "cost_next_guardian" and _guardian(facts)))
        ):
            continue
        keep.append(eff)
    s.effects = keep


def fusion_of(facts: CardFacts) -> tuple[list[str], bool] | None:
    """A card's fusion (CR 8.3.17): the supertypes it names and whether all of them must be revealed
    ("Earth and Ice Fusion") or any of them ("Earth and/or Ice Fusion"); None without fusion."""
    for sentence in split_sentences(plain(facts.text)):
        m = FUSION.match(sentence.strip())
        if m:
            kinds = [m.group(1).casefold()] + ([m.group(3).casefold()] if m.group(3) else [])
            return kinds, (m.group(2) or "").strip() != "and/or"
    return None


def fuse(s: GameState, player: str, card: Card, c: A.Play, ctx: Ctx) -> list[str] | None:
    """Fusion's optional additional cost (CR 8.3.17): the cards the line names are revealed from the
    player's hand (an unknown card in hand becomes the named one) and must have the supertypes the
    card's fusion names (8.3.17b: a player who cannot reveal them cannot fuse). Returns the supertypes
    fused (8.3.17a), None when the card was not fused. A line that does not say whether the card was
    fused, or says it was without naming the revealed card, leaves that to the judge (a manual finding);
    the engine takes the first as not fused and the second as fused with every supertype named (for
    "and/or", with none it can tell)."""
    fusion = fusion_of(card.facts)
    if fusion is None:
        if c.fusion == "yes":
            raise Illegal("fusion", say("{card} has no fusion; it cannot be fused.", card=card.name))
        return None
    kinds, need_all = fusion
    label = " / ".join(k.title() for k in kinds)
    if c.fusion == "no":
        return None
    if c.fusion == "":
        ctx.add(
            MANUAL,
            say(
                "line {number}: the log does not say whether {player} fused {card} ({kinds} Fusion, CR 8.3.17); the engine takes it as not fused. If it was, log the play with 'fusing X' (the card revealed from hand).",
                number=ctx.entry.number,
                player=player,
                card=card.name,
                kinds=label,
            ),
            "manual_effect",
        )
        return None
    if not c.fused:
        ctx.add(
            MANUAL,
            say(
                "line {number}: the log does not name the card {player} revealed to fuse {card} ({kinds} Fusion); the engine takes it as fused and cannot check the card. Enter it ('{player} reveals X').",
                number=ctx.entry.number,
                player=player,
                card=card.name,
                kinds=label,
            ),
            "manual_effect",
        )
        return kinds if need_all else []
    p = s.p(player)
    fused: list[str] = []
    for ref in c.fused:
        # "charging Beaming Bravado (yellow)": the colour said names the pitch variant (CR 1.3.4)
        shown = next((x for x in p.hand if x.facts.known and same_card(x, ref.name)), None)
        if shown is None and p.hand_unknown > 0:
            p.hand_unknown -= 1
            shown = new_card(s, ref.name, player, ctx, ref.claims)
            p.hand.append(shown)
        if shown is None:
            raise Illegal(
                "fusion",
                say(
                    "{player} cannot fuse {card} by revealing {revealed}: it is not in {player}'s hand.",
                    player=player,
                    card=card.name,
                    revealed=ref.name,
                ),
            )
        check_claims(shown, ref, ctx)
        ctx.events.append(Event("reveal", player, shown.name))
        own = [k for k in kinds if k in {x.casefold() for x in shown.facts.classes}]
        if not own:
            raise Illegal(
                "fusion",
                say(
                    "{revealed} has no {kinds} supertype, so revealing it does not fuse {card}.",
                    revealed=shown.name,
                    kinds=label,
                    card=card.name,
                ),
            )
        fused += [k for k in own if k not in fused]
    missing = [k for k in kinds if k not in fused]
    if need_all and missing:
        raise Illegal(
            "fusion",
            say(
                "{card} needs {kinds} cards revealed to be fused; no {missing} card was revealed.",
                card=card.name,
                kinds=label,
                missing=" / ".join(k.title() for k in missing),
            ),
        )
    return fused


def charge(s: GameState, player: str, card: Card, c: A.Play, ctx: Ctx) -> list[Card]:
    """Charging the hero's soul as an optional additional cost (CR 8.5.29: a card moves from the
    player's hand to their hero's soul; an unknown card in hand becomes the named one). Returns the
    cards charged. A line silent about it leaves it to the judge (a manual finding; taken as not
    charged); "charging" without the card charges an unknown card and asks the judge for it."""
    if not any(CHARGE_COST.match(x) for x in split_sentences(plain(card.facts.text))):
        if c.charge == "yes":
            raise Illegal(
                "charge",
                say("{card} has no charge cost; the soul cannot be charged to play it.", card=card.name),
            )
        return []
    if c.charge == "no":
        return []
    if c.charge == "" or not c.charged:
        ctx.add(
            MANUAL,
            say(
                "line {number}: the log does not say whether {player} charged their hero's soul to play {card}, or with which card (CR 8.5.29); the engine takes it as not charged. Log it ('{player} plays {card}, charging X').",
                number=ctx.entry.number,
                player=player,
                card=card.name,
            ),
            "manual_effect",
        )
        return []
    p = s.p(player)
    out: list[Card] = []
    for ref in c.charged[:1]:  # one card (CR 8.5.29)
        # "charging Beaming Bravado (yellow)": the colour said names the pitch variant (CR 1.3.4)
        shown = next((x for x in p.hand if x.facts.known and same_card(x, ref.name)), None)
        if shown is None and p.hand_unknown > 0:
            p.hand_unknown -= 1
            shown = new_card(s, ref.name, player, ctx, ref.claims)
            p.hand.append(shown)
        if shown is None:
            raise Illegal(
                "charge",
                say(
                    "{player} cannot charge {charged} to play {card}: it is not in {player}'s hand.",
                    player=player,
                    charged=ref.name,
                    card=card.name,
                ),
            )
        check_claims(shown, ref, ctx)
        p.hand.remove(shown)
        p.soul.append(shown)
        ctx.events.append(Event("charge", player, shown.name))
        out.append(shown)
    return out
