"""Demo data: legal, accepted Classic Constructed lists for the demo event's players.

Used by ``tournament/management/commands/create_demo_event.py`` (its ``_add_decklists``
hook). Lists are built from the real card data of the active release and checked with the
legality engine before they are stored; nothing is hard-coded except one hand-written list.
"""

from __future__ import annotations

from typing import Any

from core.errors import DomainError

from . import services
from .enums import DecklistKind, DecklistSource, DecklistStatus
from .models import Decklist
from .validation import validate_text

DORINTHEA = """Name: Steelblade Dori
Hero: Dorinthea Ironsong
Format: Classic Constructed

Arena cards
1x Dawnblade, Resplendent
1x Braveforge Bracers
1x Helm of Sharp Eye
1x Ironrot Legs
1x Ironrot Gauntlet
1x Ironrot Helm
1x Ironrot Plate

Deck cards
3x Glistening Steelblade (yellow)
3x En Garde (red)
3x Run Through (red)
3x Out for Blood (red)
3x Warrior's Valor (red)
3x Ironsong Response (red)
3x Steelblade Supremacy (red)
3x Sharpen Steel (red)
3x Driving Blade (red)
3x Overpower (red)
3x Sink Below (red)
3x Fate Foreseen (red)
3x Toughen Up (blue)
3x Flock of the Feather Walkers (blue)
3x Sigil of Solace (blue)
3x Enlightened Strike (red)
3x Ironsong Response (yellow)
3x Run Through (yellow)
3x Driving Blade (yellow)
3x Sigil of Solace (red)
3x Sigil of Solace (yellow)
3x Warrior's Valor (blue)
"""

PREFERRED_HEROES = (
    "Bravo, Showstopper",
    "Katsu, the Wanderer",
    "Briar, Warden of Thorns",
    "Prism, Sculptor of Arc Light",
    "Kano, Dracai of Aether",
    "Azalea, Ace in the Hole",
    "Viserai, Rune Blood",
    "Dash, Inventor Extraordinaire",
)


def _generic_pool(db: Any, as_of) -> list:
    """Generic deck-cards legal in CC on ``as_of`` (CR 2.14.1a: usable by any hero)."""
    out = []
    for card in db:
        if not (card.is_deck_card and card.is_generic and "cc" in card.legal_formats):
            continue
        if card.legendary or card.specializations or card.statuses_on("cc", as_of):
            continue
        out.append(card)
    return sorted(out, key=lambda c: (c.name, c.pitch or 0))


def generic_list_text(hero_name: str, cards: list, offset: int) -> str:
    chosen = [cards[(offset + i * 7) % len(cards)] for i in range(len(cards))][:21]
    seen, lines = set(), []
    for card in chosen:
        if card.key in seen:
            continue
        seen.add(card.key)
        lines.append(f"3x {card.display_name}")
    return f"Hero: {hero_name}\nFormat: Classic Constructed\n\nDeck cards\n" + "\n".join(lines) + "\n"


def demo_list_texts(db: Any, *, as_of, count: int = 4) -> list[str]:
    """Up to ``count`` legal CC list texts for different heroes, checked by the engine."""
    texts: list[str] = []
    candidates = [DORINTHEA]
    pool = _generic_pool(db, as_of)
    if pool:
        others = sorted(
            h.name
            for h in db.heroes()
            if not h.young
            and "cc" in h.legal_formats
            and not h.statuses_on("cc", as_of)
            and h.name.replace(",", "").replace(" ", "").replace("'", "").isalpha()
        )
        heroes = [h for h in PREFERRED_HEROES if db.get(h) is not None] + others
        for i, hero in enumerate(dict.fromkeys(heroes)):
            candidates.append(generic_list_text(hero, pool, offset=11 * i))
    for text in candidates[: count * 4]:
        result = validate_text(text, db=db, format_code="cc", as_of=as_of)
        if result.is_legal:
            texts.append(text)
        if len(texts) >= count:
            break
    return texts


def add_demo_decklists(event, *, head_judge, db: Any = None) -> int:
    """Give every registration of ``event`` an accepted CC list (idempotent). Returns how many
    lists are accepted after the call; 0 when no card data is imported yet."""
    try:
        db = db if db is not None else services.card_db_for(event)
    except DomainError:
        return 0
    texts = demo_list_texts(db, as_of=services.event_date(event))
    if not texts:
        return 0
    accepted = 0
    registrations = event.registrations.select_related("player__user", "event").order_by("id")
    for i, registration in enumerate(registrations):
        existing = Decklist.objects.filter(registration=registration, kind=DecklistKind.CONSTRUCTED).first()
        if existing is not None and existing.status != DecklistStatus.DRAFT:
            decklist = existing
        else:
            player = registration.player.user
            decklist = services.save_decklist(
                registration, actor=player, text=texts[i % len(texts)], source=DecklistSource.DEMO, db=db
            )
            decklist = services.submit_decklist(decklist, actor=player)
        decklist = services.accept_decklist(decklist, actor=head_judge)
        accepted += decklist.status in (DecklistStatus.ACCEPTED, DecklistStatus.LOCKED)
    return accepted


def add_demo_decklists_on_signal(sender, *, event, head_judge, **kwargs) -> None:
    """Receiver of ``tournament.signals.demo_players_registered`` (connected in apps.py)."""
    add_demo_decklists(event, head_judge=head_judge)
