"""Optional effects a card offers and the effect that depends on them (CR 1.8.3, 1.8.4).

"You may pay {r}. If you do, this gets +2{d}": when the ability resolves its controller chooses
whether to generate the optional effect (CR 1.8.3a), and the effect after "If you do" happens only
when they did (CR 1.8.4). A judge's log shows the choice by the line that follows: "P2 pays 1",
"P2 destroys Hyper Driver", "P2 discards Sink Below". So the resolving ability leaves an offer
(an ``Effect`` of kind "choice_offer", ``layers.offer_choice``); the next clause that is the option
itself claims it (``claim``, called where the payment, destruction or discard is applied), and the
engine then applies the outcome (``layers.apply_choice``). An offer no clause claims lapses at the
next game action: the player did not take it, and the judge is told so (``engine``).

Only options the engine can see in the log are read: paying resources, destroying this or a
permanent you control of a name or kind, discarding a card (of a kind, by its name, or "with" an
ability), revealing a card of a kind from hand ("P2 reveals X from hand", ``zones.reveal``). Others
stay manual text.
"""

from __future__ import annotations

from rules_engine.wording import say

from . import conditions
from .context import Ctx
from .effects import unpack_choice
from .rules import NOTE
from .state import Card, Effect, GameState
from .trigger_words import with_ability

OPEN = "offer"  # an offer waiting for the log's next clause
TAKEN = "taken"  # claimed by a clause; the engine applies its outcome after that clause


def open_offers(s: GameState, player: str | None = None) -> list[Effect]:
    return [
        e
        for e in s.effects
        if e.kind == "choice_offer" and e.duration == OPEN and (player is None or e.player == player)
    ]


def _fits(card: Card, words: str, source_id: str) -> bool:
    if words == "this":
        return card.id == source_id
    if words.startswith("with "):  # "a card with crush" (a revealed card)
        return with_ability(card.facts, words[len("with ") :])
    if conditions.answers_to(card, words):
        return True
    descriptor = conditions._descriptor(words)
    return descriptor is not None and conditions._fits(conditions.tags(card.facts), descriptor)


def claim(s: GameState, player: str, kind: str, amount: int = 0, card: Card | None = None) -> Effect | None:
    """The open offer of ``player`` that this clause takes (paying ``amount``, destroying or
    discarding ``card``; a payment of 0 is one whose amount the line left out), marked taken; None
    when no offer fits. The latest offer is taken first (the ability that resolved last)."""
    for offer in reversed(open_offers(s, player)):
        (okind, oamount, words), _ = unpack_choice(offer.choice)
        if okind != kind:
            continue
        if kind == "pay" and amount and oamount != amount:
            continue
        if (
            kind in ("destroy", "discard", "reveal")
            and card is not None
            and words
            and not _fits(card, words, offer.card_id)
        ):
            continue
        offer.duration = TAKEN
        return offer
    return None


def offers_pay(s: GameState, player: str, amount: int) -> bool:
    """Whether an open offer of ``player`` is a payment of ``amount`` (a "P1 pays N" line then pays it)."""
    return any(unpack_choice(e.choice)[0][:2] == ("pay", amount) for e in open_offers(s, player))


def _example(offer: Effect) -> str:
    (kind, amount, words), _ = unpack_choice(offer.choice)
    if kind == "pay":
        return f"{offer.player} pays {amount}"
    if kind == "destroy":
        return f"{offer.player} destroys {offer.source if words == 'this' else 'the ' + words}"
    if kind == "bottom":
        return f"{offer.player} puts ... on the bottom of their deck"
    if kind == "reveal":
        return f"{offer.player} reveals ... from hand"
    if kind == "reload":
        return f"{offer.player} puts ... face down into their arsenal"
    return f"{offer.player} discards ..."


def unless(offer: Effect) -> bool:
    """An offer of "[EFFECT] unless you pay {r}" (CR 1.8.4b): the effect happens when it lapses."""
    return unpack_choice(offer.choice)[0][2] == "unless"


def lapse(s: GameState, ctx: Ctx, offers: list[Effect] | None = None) -> list[Effect]:
    """Open offers (all, or those of ``offers`` still open) lapse: the game went on without the
    option, so what follows "If you do" does not happen (CR 1.8.3a, 1.8.4); the judge is told. The
    "unless you pay" offers that lapsed are returned: their effect happens (CR 1.8.4b; the caller
    applies it, ``layers.apply_choice``)."""
    unpaid: list[Effect] = []
    for offer in open_offers(s) if offers is None else offers:
        if offer.duration != OPEN or not any(x is offer for x in s.effects):
            continue
        s.effects.remove(offer)
        if unless(offer):
            unpaid.append(offer)
            continue
        ctx.add(
            NOTE,
            say(
                "line {number}: the log does not show {player} taking {source}'s option ({option}), so what follows 'If you do' does not happen (CR 1.8.3a, 1.8.4). If they took it, write it right after the line that resolves it ('{example}').",
                number=ctx.entry.number,
                player=offer.player,
                source=offer.source,
                option=offer.text,
                example=_example(offer),
            ),
            "choice_declined",
        )
    return unpaid
