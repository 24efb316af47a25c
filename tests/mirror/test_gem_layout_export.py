"""Arbiter's event written in GEM's coverage CSV layout reads back through the GEM importer's
parsers into the same pairings, standings and heroes (issue 30); only officials download it."""

from __future__ import annotations

import pytest

from decklists.models import Decklist
from mirror.parsers import parse_gem_heroes_csv, parse_gem_pairings_csv, parse_gem_standings_csv
from tests.factories import EventFactory, StaffAssignmentFactory, UserFactory
from tournament import selectors, services
from tournament.enums import MatchResult, RoundStatus, StaffRole
from tournament.models import Match, PlayerProfile, Registration


@pytest.mark.django_db
def test_gem_layout_round_trip_and_access(client):
    event = EventFactory(status="registration", swiss_rounds=3, top_cut=0)
    sk = UserFactory()
    StaffAssignmentFactory(event=event, user=sk, role=StaffRole.SCOREKEEPER)
    profiles = PlayerProfile.objects.bulk_create(
        [PlayerProfile(player_id=f"{90000000 + i}", display_name=f"Zoë Ñame {i}") for i in range(9)]
    )
    regs = Registration.objects.bulk_create(
        [Registration(event=event, player=p, status="checked_in") for p in profiles]
    )
    r1 = services.pair_next_round(event, actor=sk)
    services.publish_round(r1, actor=sk)
    results = [MatchResult.A_WINS, MatchResult.B_WINS, MatchResult.DRAW, MatchResult.DOUBLE_LOSS]
    for i, m in enumerate(Match.objects.filter(round=r1, player_b__isnull=False).order_by("table_number")):
        m.result = results[i % 4]
        m.save(update_fields=["result"])
    r1.status = RoundStatus.COMPLETE
    r1.save(update_fields=["status"])
    r2 = services.pair_next_round(event, actor=sk)
    services.publish_round(r2, actor=sk)
    Decklist.objects.create(registration=regs[0], hero="Katsu, the Wanderer", status="accepted")
    Decklist.objects.create(registration=regs[1], hero="Bravo, Showstopper", status="draft")  # not accepted

    base = f"/mirror/{event.slug}/gem/"
    client.force_login(UserFactory())
    assert client.get(base + "pairings.csv").status_code == 403
    client.force_login(sk)
    pairings = parse_gem_pairings_csv(client.get(base + "pairings.csv").content.decode(), file="pairings.csv")
    standings = parse_gem_standings_csv(
        client.get(base + "standings.csv").content.decode(), file="standings.csv"
    )
    heroes = parse_gem_heroes_csv(client.get(base + "heroes.csv").content.decode(), file="heroes.csv")
    assert client.get(base + "nonsense.csv").status_code == 404

    expected = []
    for rnd in (r1, r2):
        for m in selectors.matches_for_round(rnd):
            b = m.player_b.player.player_id if m.player_b_id else None
            result = (
                "bye"
                if b is None
                else (
                    ""
                    if m.result == MatchResult.PENDING
                    else {
                        MatchResult.A_WINS: "a",
                        MatchResult.B_WINS: "b",
                        MatchResult.DRAW: "draw",
                        MatchResult.DOUBLE_LOSS: "double_loss",
                    }[m.result]
                )
            )
            expected.append(
                (rnd.number, m.table_number if b else None, m.player_a.player.player_id, b, result)
            )
    got = [(pm.round, pm.table, pm.a_id, pm.b_id, pm.result) for pm in pairings.matches]
    assert sorted(got, key=str) == sorted(expected, key=str)
    assert {p.player_id: p.name for p in pairings.players.values()} == {
        p.player_id: p.display_name for p in profiles
    }

    ranks = {
        s.registration.player.player_id: s.rank for s in selectors.standings_for_event(event, after_round=1)
    }
    assert {s.player_id: s.rank for s in standings.standings} == ranks
    assert {p.player_id: p.hero for p in heroes.players.values()} == {
        profiles[0].player_id: "Katsu, the Wanderer"
    }
