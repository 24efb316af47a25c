"""Factories for the card-data release an event pins (model referenced lazily by name)."""

from __future__ import annotations

import factory


class CardDataReleaseFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = "cards.CardDataRelease"

    game = "fab"
    source = "other"
    version = factory.Sequence(lambda n: f"test-{n}")
    is_active = False
