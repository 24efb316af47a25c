"""Fixtures for the cards app: small hand-made releases (fast) built through the service."""

from __future__ import annotations

import pytest

from rules_engine.cards import Card, LegalityEvent, Printing, slugify_identifier
from rules_engine.importers import ImportResult


def make_card(
    name,
    pitch=None,
    *,
    types=("Action",),
    classes=(),
    talents=(),
    subtypes=(),
    formats=("cc", "blitz"),
    rarity="Common",
    **kw,
) -> Card:
    ident = slugify_identifier(name, pitch)
    return Card(
        identifier=ident,
        name=name,
        pitch=pitch,
        types=frozenset(types),
        classes=frozenset(classes),
        talents=frozenset(talents),
        subtypes=frozenset(subtypes),
        legal_formats=frozenset(formats),
        printings=(Printing(f"TST-{ident}".upper(), "TST", rarity),),
        type_text=" ".join([*classes, *talents, *types]),
        **kw,
    )


def sample_cards(extra: int = 0) -> list[Card]:
    cards = [
        make_card("Snatch", 1, cost="0", power="4", defense="2"),
        make_card("Snatch", 2),
        make_card("Snatch", 3),
        make_card("Sink Below", 1, types=("Defense Reaction",)),
        make_card(
            "Dawnblade",
            None,
            types=("Weapon",),
            classes=("Warrior",),
            subtypes=("Sword", "2H"),
            rarity="Token",
            legal_heroes=frozenset({"Dorinthea"}),
        ),
        make_card(
            "Dorinthea Ironsong",
            None,
            types=("Hero",),
            classes=("Warrior",),
            formats=("cc",),
            life="40",
            intellect="4",
            hero="Dorinthea",
            legality_history=(LegalityEvent("blitz", "banned"),),
        ),
        make_card("Enlightened Strike", 1, classes=(), talents=("Light",), formats=("cc",)),
        make_card("Ruu’di, Gem Keeper", None, types=("Hero",), classes=("Brute",), formats=("blitz",)),
    ]
    cards += [make_card(f"Filler Card {i:03d}", (i % 3) + 1, classes=("Ninja",)) for i in range(extra)]
    return cards


@pytest.fixture
def make_release(db):
    from cards.services import import_release

    counter = {"n": 0}

    def make(cards=None, *, game="fab", source="other", version=None, activate=True, extra=0):
        counter["n"] += 1
        result = ImportResult(
            game=game,
            source=source,
            version=version or f"test-{counter['n']}",
            cards=tuple(cards if cards is not None else sample_cards(extra)),
        )
        release, _ = import_release(result, activate=activate)
        return release

    return make
