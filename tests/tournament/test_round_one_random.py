"""Round 1 is paired at random by the round's seed (TR&P App D; requirements RD-31 area), not seeded by rank."""

import pytest

from pairings.swiss import PlayerState, pair_round
from tests.factories import EventFactory, RegistrationFactory
from tournament import pairing as pairing_services


@pytest.mark.django_db
def test_round_one_pairing_follows_the_round_seed_not_the_standings_order():
    event = EventFactory()
    regs = [RegistrationFactory(event=event) for _ in range(8)]
    ids = sorted(str(r.pk) for r in regs)
    plans = {seed: pairing_services.plan_swiss_round(event, round_number=1, seed=seed) for seed in (1, 2, 3)}
    # The engine with no ranks is what round 1 must equal.
    for seed, plan in plans.items():
        expected = pair_round([PlayerState(id=i, points=0) for i in ids], round_number=1, seed=seed)
        got = {frozenset((str(a.pk), str(b.pk))) for a, b in plan.pairs}
        assert got == {frozenset(p) for p in expected.pairings}
