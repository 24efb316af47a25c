"""Standings policies per event: Grand Archive 3/1/0 (OMW%, GW%, OGW%) vs FaB TR&P App D.

The GA worked example (5 players, 2 rounds, computed by hand; ga-organized-play.md section 4):

    R1: A beat B 2-1, C drew D 1-1, E bye.       R2: E beat A 2-0, B beat C 2-1, D bye.

    points (win 3, draw 1, bye 3): A 3, B 3, C 1, D 4, E 6
    MW% = points / (3 x rounds incl. byes), floored at 1/3:
        A 3/6 = 1/2, B 1/2, C 1/6 -> 1/3, D 4/6 = 2/3, E 6/6 = 1
    OMW% (opponents met, byes excluded):
        A (B, E) = (1/2 + 1)/2 = 3/4; B (A, C) = (1/2 + 1/3)/2 = 5/12;
        C (D, B) = (2/3 + 1/2)/2 = 7/12; D (C) = 1/3; E (A) = 1/2
    GW% = game points (3 a game won, 1 drawn) / (3 x games); a bye is a 2-0:
        A (6 + 0)/(3 x 5) = 2/5; B (3 + 6)/18 = 1/2; C (3 + 3)/15 = 2/5; D (3 + 6)/12 = 3/4;
        E (6 + 6)/12 = 1
    OGW%: A (B, E) = 3/4; B (A, C) = 2/5; C (D, B) = 5/8; D (C) = 2/5; E (A) = 2/5
    order: E 6, D 4, A 3 (OMW 3/4) ahead of B 3 (OMW 5/12), C 1.

Under FaB (win/bye 1, draw 0) the same results give E 2, then A, B, D 1 and C 0.
"""

from __future__ import annotations

import csv
import io
import json
from fractions import Fraction

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from core.errors import ConflictError, DomainError
from pairings import tiebreakers
from tests.factories import EventFactory, MatchFactory, RegistrationFactory, RoundFactory, UserFactory
from tournament import exports, selectors, services
from tournament.enums import (
    DEFAULT_STANDINGS_POLICY,
    FormatCode,
    Game,
    MatchResult,
    RoundStatus,
    StandingsPolicy,
)
from tournament.pdf import document_for
from tournament.standings import points_before_rounds
from tournament.standings_policies import GA_SPEC, policy_spec

pytestmark = pytest.mark.django_db

GA = {"game": Game.GA, "format": FormatCode.GA_STANDARD, "standings_policy": StandingsPolicy.POINTS_3_1_0}


def _players(event, names):
    return {
        n: RegistrationFactory(event=event, player__display_name=n, player__player_id=f"GEM-{event.pk}-{n}")
        for n in names
    }


def _match(rnd, table, a, b, result, ga=0, gb=0, gd=0):
    return MatchFactory(
        round=rnd,
        table_number=table,
        player_a=a,
        player_b=b,
        result=result,
        games_a=ga,
        games_b=gb,
        games_drawn=gd,
    )


def _worked_example(**event_fields):
    event = EventFactory(swiss_rounds=3, top_cut=0, pairing_seed=7, **event_fields)
    p = _players(event, "ABCDE")
    r1 = RoundFactory(event=event, number=1, status=RoundStatus.COMPLETE)
    _match(r1, 1, p["A"], p["B"], MatchResult.A_WINS, 2, 1)
    _match(r1, 2, p["C"], p["D"], MatchResult.DRAW, 1, 1)
    _match(r1, 3, p["E"], None, MatchResult.BYE)
    r2 = RoundFactory(event=event, number=2, status=RoundStatus.COMPLETE)
    _match(r2, 1, p["E"], p["A"], MatchResult.A_WINS, 2, 0)
    _match(r2, 2, p["B"], p["C"], MatchResult.A_WINS, 2, 1)
    _match(r2, 3, p["D"], None, MatchResult.BYE)
    return event, p


def test_ga_worked_example_follows_3_1_0_with_omw_gw_ogw():
    event, _ = _worked_example(**GA)

    rows = selectors.standings_for_event(event)

    got = [(s.registration.player.display_name, s.match_points, s.row.omw, s.row.gw, s.row.ogw) for s in rows]
    F = Fraction
    assert got == [
        ("E", 6, F(1, 2), F(1), F(2, 5)),
        ("D", 4, F(1, 3), F(3, 4), F(2, 5)),
        ("A", 3, F(3, 4), F(2, 5), F(3, 4)),
        ("B", 3, F(5, 12), F(1, 2), F(2, 5)),
        ("C", 1, F(7, 12), F(2, 5), F(5, 8)),
    ]
    assert [s.rank for s in rows] == [1, 2, 3, 4, 5]
    assert rows[2].omw == pytest.approx(0.75) and rows[0].policy == StandingsPolicy.POINTS_3_1_0


def test_fab_event_with_the_same_results_is_unchanged():
    event, _ = _worked_example()

    rows = selectors.standings_for_event(event)

    assert event.standings_policy == StandingsPolicy.FAB
    assert [(s.registration.player.display_name, s.match_points) for s in rows][0] == ("E", 2)
    assert sorted(s.match_points for s in rows) == [0, 1, 1, 1, 2]
    assert {s.omw for s in rows} == {None}
    assert set(rows[0].as_dict()) == {
        "rank", "registration_id", "player_id", "name", "match_points", "record", "byes",
        "cmp", "mlp", "omlp", "ocmp", "status",
    }  # fmt: skip


@pytest.mark.parametrize(
    ("result", "policy", "points"),
    [
        (MatchResult.DRAW, StandingsPolicy.POINTS_3_1_0, (1, 1)),
        (MatchResult.DRAW, StandingsPolicy.FAB, (0, 0)),
        (MatchResult.A_WINS, StandingsPolicy.POINTS_3_1_0, (3, 0)),
        (MatchResult.A_WINS, StandingsPolicy.FAB, (1, 0)),
        (MatchResult.DOUBLE_LOSS, StandingsPolicy.POINTS_3_1_0, (0, 0)),
    ],
)
def test_points_per_result_follow_the_policy(result, policy, points):
    fields = GA if policy == StandingsPolicy.POINTS_3_1_0 else {}
    event = EventFactory(swiss_rounds=3, top_cut=0, **fields)
    p = _players(event, "XY")
    rnd = RoundFactory(event=event, number=1, status=RoundStatus.COMPLETE)
    _match(rnd, 1, p["X"], p["Y"], result, 1, 1 if result == MatchResult.DRAW else 0)

    by_name = {
        s.registration.player.display_name: s.match_points for s in selectors.standings_for_event(event)
    }

    assert (by_name["X"], by_name["Y"]) == points


def _first_round_with_draws(**event_fields):
    """8 players: 1 beat 2, 3 beat 4, 5 drew 6, 7 drew 8."""
    event = EventFactory(swiss_rounds=3, top_cut=0, pairing_seed=11, **event_fields)
    p = _players(event, "12345678")
    r1 = RoundFactory(event=event, number=1, status=RoundStatus.COMPLETE)
    _match(r1, 1, p["1"], p["2"], MatchResult.A_WINS, 2, 0)
    _match(r1, 2, p["3"], p["4"], MatchResult.A_WINS, 2, 1)
    _match(r1, 3, p["5"], p["6"], MatchResult.DRAW, 1, 1)
    _match(r1, 4, p["7"], p["8"], MatchResult.DRAW, 1, 1)
    return event, p


def _pairs(rnd):
    return {
        frozenset((m.player_a.player.display_name, m.player_b.player.display_name))
        for m in selectors.matches_for_round(rnd)
    }


def test_a_ga_draw_is_a_point_and_forms_its_own_pairing_group():
    event, p = _first_round_with_draws(**GA)

    rnd = services.pair_next_round(event, actor=None)

    pairs = _pairs(rnd)
    # groups 3 {1, 3}, 1 {5, 6, 7, 8}, 0 {2, 4}: draws meet draws, no one pairs down
    assert frozenset("13") in pairs and frozenset("24") in pairs
    assert all(pair <= set("5678") for pair in pairs - {frozenset("13"), frozenset("24")})
    going_in = points_before_rounds(event)
    assert {n: going_in[(r.pk, 2)] for n, r in p.items()} == {
        "1": 3, "2": 0, "3": 3, "4": 0, "5": 1, "6": 1, "7": 1, "8": 1,
    }  # fmt: skip


def test_fab_draw_is_worth_nothing_going_into_the_next_round():
    event, p = _first_round_with_draws()

    services.pair_next_round(event, actor=None)

    going_in = points_before_rounds(event)
    assert {n: going_in[(r.pk, 2)] for n, r in p.items()} == {
        "1": 1, "2": 0, "3": 1, "4": 0, "5": 0, "6": 0, "7": 0, "8": 0,
    }  # fmt: skip


@pytest.mark.parametrize(
    ("fields", "policy"),
    [
        ({"game": Game.GA}, StandingsPolicy.POINTS_3_1_0),
        ({"format": FormatCode.GA_DRAFT}, StandingsPolicy.POINTS_3_1_0),
        ({}, StandingsPolicy.FAB),
        ({"game": Game.FAB}, StandingsPolicy.FAB),
        ({"game": Game.GA, "standings_policy": StandingsPolicy.FAB}, StandingsPolicy.FAB),
    ],
)
def test_create_event_defaults_the_policy_by_game(fields, policy):
    event = services.create_event(actor=UserFactory(), name="Weekly", **fields)

    assert event.standings_policy == policy
    assert DEFAULT_STANDINGS_POLICY[event.game] == policy or "standings_policy" in fields


def test_create_event_rejects_an_unknown_policy():
    with pytest.raises(DomainError) as exc:
        services.create_event(actor=UserFactory(), name="Weekly", standings_policy="swiss_chess")

    assert exc.value.field == "standings_policy"


def test_policy_is_editable_until_the_first_pairings(add_players):
    organizer = UserFactory()
    event = services.create_event(actor=organizer, name="GA weekly", game=Game.GA, swiss_rounds=3, top_cut=0)
    services.update_event(event, actor=organizer, standings_policy=StandingsPolicy.FAB)
    event.refresh_from_db()
    assert event.standings_policy == StandingsPolicy.FAB
    services.update_event(event, actor=organizer, standings_policy=StandingsPolicy.POINTS_3_1_0)
    add_players(event, 4)
    services.pair_next_round(event, actor=organizer)

    with pytest.raises(ConflictError) as exc:
        services.update_event(event, actor=organizer, standings_policy=StandingsPolicy.FAB)

    assert exc.value.field == "standings_policy"
    event.refresh_from_db()
    assert event.standings_policy == StandingsPolicy.POINTS_3_1_0


def test_policy_change_is_audited():
    from core.audit import audit_trail_for

    organizer = UserFactory()
    event = services.create_event(actor=organizer, name="GA weekly", game=Game.GA)
    services.update_event(event, actor=organizer, standings_policy=StandingsPolicy.FAB, reason="store rules")

    entry = next(e for e in audit_trail_for(event) if e.action == "event.update")
    assert (entry.before, entry.after) == ({"standings_policy": "points_3_1_0"}, {"standings_policy": "fab"})


def test_api_standings_show_ga_columns(client):
    event, _ = _worked_example(**GA)

    body = client.get(f"/api/events/{event.slug}/standings/").json()

    assert set(body[0]) == {
        "rank", "registration_id", "player_id", "name", "match_points", "record", "byes",
        "omw", "gw", "ogw", "status",
    }  # fmt: skip
    assert [(r["name"], r["match_points"], r["omw"]) for r in body[2:4]] == [("A", 3, 0.75), ("B", 3, 0.4167)]


def test_api_event_shows_and_sets_the_policy(api_client):
    user = UserFactory()
    api_client.force_authenticate(user)

    created = api_client.post("/api/events/", {"name": "GA cup", "game": "ga"}, format="json")
    bad = api_client.patch(
        f"/api/events/{created.json()['slug']}/", {"standings_policy": "nope"}, format="json"
    )

    assert created.status_code == 201 and created.json()["standings_policy"] == "points_3_1_0"
    assert bad.status_code == 400 and bad.json()["field"] == "standings_policy"


def test_api_my_standing_explains_with_ga_tiebreakers(client):
    event, p = _worked_example(**GA)

    body = client.get(f"/api/events/{event.slug}/players/{p['A'].pk}/standing/").json()

    assert body["standing"]["omw"] == 0.75
    assert body["below"]["steps"][-1]["tiebreaker"] == "omw"
    assert body["below"]["steps"][-1]["ahead"] == p["A"].pk


def test_standings_csv_and_json_show_ga_columns():
    event, _ = _worked_example(**GA)

    rows = list(csv.DictReader(io.StringIO(exports.standings_csv(event))))
    data = json.loads(exports.standings_json(event))

    assert list(rows[0]) == [
        "rank",
        "player_id",
        "name",
        "match_points",
        "record",
        "byes",
        "omw",
        "gw",
        "ogw",
        "status",
    ]
    assert [(r["name"], r["match_points"], r["gw"]) for r in rows] == [
        ("E", "6", "1.0"), ("D", "4", "0.75"), ("A", "3", "0.4"), ("B", "3", "0.5"), ("C", "1", "0.4"),
    ]  # fmt: skip
    assert data["standings_policy"] == "points_3_1_0" and data["standings"][4]["ogw"] == 0.625


def test_fab_csv_columns_unchanged():
    event, _ = _worked_example()

    header = exports.standings_csv(event).splitlines()[0]

    assert header == "rank,player_id,name,match_points,record,byes,cmp,mlp,omlp,ocmp,status"


def test_standings_page_shows_ga_columns(client):
    event, p = _worked_example(**GA)

    html = client.get(f"/events/{event.slug}/").content.decode()

    assert '<th class="num" title="opponents\' match-win percentage">OMW%</th>' in html.replace("&#x27;", "'")
    assert "CMP</th>" not in html and "OCMP" not in html
    assert (
        f'<tr data-reg="{p["A"].pk}"><td class="num">3</td><td>A</td><td>1-1-0</td><td class="num">3</td>'
        '<td class="num">75.0%</td><td class="num">40.0%</td><td class="num">75.0%</td></tr>'
    ) in html


def test_fab_standings_page_keeps_the_app_d_columns(client):
    event, _ = _worked_example()

    html = client.get(f"/events/{event.slug}/").content.decode()

    assert ">CMP</th>" in html and ">OCMP</th>" in html and "OMW%" not in html


def test_player_page_explains_the_ga_ranking(client):
    event, p = _worked_example(**GA)
    user = p["A"].player.user
    client.force_login(user)

    html = client.get(f"/events/{event.slug}/me/").content.decode().replace("&#x27;", "'")

    assert "Match points 3, OMW% 75.0%, GW% 40.0%, OGW% 75.0%." in html
    assert "decided by opponents' match-win % (OMW%) (higher is better): you 75.0%, them 41.7%" in html
    assert "GA organized play section 4" in html


def test_standings_pdf_has_the_ga_columns():
    event, _ = _worked_example(**GA)

    sheet = document_for(event, "standings", 2)
    ctx = sheet.context()

    assert ctx["tiebreak_labels"] == ("OMW%", "GW%", "OGW%")
    assert ctx["rows"][2]["tiebreaks"] == ["75.0%", "40.0%", "75.0%"]
    assert sheet.render().startswith(b"%PDF")


def test_ga_standings_use_a_constant_number_of_queries(add_players):
    counts = []
    for n in (6, 30):
        event = EventFactory(swiss_rounds=5, top_cut=0, games_per_match=2, **GA)
        add_players(event, n)
        for _ in range(2):
            rnd = services.publish_round(services.pair_next_round(event, actor=None), actor=None)
            for m in selectors.outstanding_matches(rnd):
                services.enter_result(m, actor=None, result=MatchResult.A_WINS, games_a=2)
        with CaptureQueriesContext(connection) as ctx:
            rows = [s.as_dict() for s in selectors.standings_for_event(event)]
        counts.append(len(ctx.captured_queries))
        assert rows[0]["match_points"] == 6 and "omw" in rows[0]
    assert counts[0] == counts[1] <= 4


def test_ga_order_and_floor_are_data_matching_the_engine():
    spec = policy_spec(StandingsPolicy.POINTS_3_1_0)

    assert spec is GA_SPEC
    assert spec.floor == tiebreakers.FLOOR
    assert spec.steps == tiebreakers.POINTS_3_1_0_STEPS
    assert spec.points == {"win": 3, "bye": 3, "draw": 1, "loss": 0, "double_loss": 0}
    assert policy_spec("fab").steps == tiebreakers.FAB_STEPS


FORM = {"name": "GA Weekly", "game": "ga", "format": "ga-standard", "event_type": "ga-regular", "time_zone": "UTC",
        "trp_version": "2025", "ppg_version": "2023", "cr_version": "2.13.0", "allow_self_registration": "on",
        "structure_kind": "single_day", "status": "registration"}  # fmt: skip


@pytest.mark.parametrize(
    ("given", "expected"),
    [
        ("", StandingsPolicy.POINTS_3_1_0),
        ("fab", StandingsPolicy.FAB),
        ("points_3_1_0", StandingsPolicy.POINTS_3_1_0),
    ],
)
def test_event_form_offers_the_policy_and_defaults_by_game(client, given, expected):
    from tournament.models import Event

    client.force_login(UserFactory())
    page = client.get("/events/new/").content.decode()

    response = client.post("/events/new/", {**FORM, "standings_policy": given})

    assert 'name="standings_policy"' in page and "From the rules: by the game" in page
    assert response.status_code == 302, response.content.decode()[:1500]
    assert Event.objects.get(name="GA Weekly").standings_policy == expected


def test_event_edit_form_refuses_a_policy_change_once_paired(client, add_players):
    organizer = UserFactory()
    event = services.create_event(actor=organizer, name="GA weekly", game=Game.GA, swiss_rounds=3, top_cut=0)
    add_players(event, 4)
    services.pair_next_round(event, actor=organizer)
    client.force_login(organizer)
    page = client.get(f"/events/{event.slug}/edit/").content.decode()
    data = {
        **FORM,
        "name": "GA weekly",
        "rel": "casual",
        "swiss_rounds": "3",
        "top_cut": "0",
        "standings_policy": "fab",
    }

    response = client.post(f"/events/{event.slug}/edit/", data)

    assert 'name="standings_policy"' in page
    assert response.status_code in (400, 409) and "pinned" in response.content.decode()
    event.refresh_from_db()
    assert event.standings_policy == StandingsPolicy.POINTS_3_1_0


@pytest.mark.parametrize("policy", [StandingsPolicy.POINTS_3_1_0, StandingsPolicy.FAB])
def test_points_going_into_each_round_equal_the_standings_after_the_round_before(policy):
    """Pairing score groups (points_before_rounds) and standings score every result alike."""
    fields = GA if policy == StandingsPolicy.POINTS_3_1_0 else {}
    event = EventFactory(swiss_rounds=3, top_cut=0, **fields)
    p = _players(event, "ABCDEFG")
    plan = [
        [("A", "B", MatchResult.A_WINS), ("C", "D", MatchResult.DRAW), ("E", "F", MatchResult.DOUBLE_LOSS), ("G", None, MatchResult.BYE)],
        [("A", "C", MatchResult.DRAW), ("B", "G", MatchResult.B_WINS), ("D", "E", MatchResult.A_WINS), ("F", None, MatchResult.BYE)],
        [("A", "G", MatchResult.B_WINS), ("B", "D", MatchResult.DRAW), ("C", "F", MatchResult.A_WINS), ("E", None, MatchResult.BYE)],
    ]  # fmt: skip
    for n, matches in enumerate(plan, start=1):
        rnd = RoundFactory(event=event, number=n, status=RoundStatus.COMPLETE)
        for t, (a, b, result) in enumerate(matches, start=1):
            games = {MatchResult.A_WINS: (1, 0), MatchResult.B_WINS: (0, 1), MatchResult.DRAW: (1, 1)}.get(
                result, (0, 0)
            )
            _match(rnd, t, p[a], p[b] if b else None, result, *games)

    going_in = points_before_rounds(event)

    for n in (2, 3):
        after = {
            s.registration.pk: s.match_points for s in selectors.standings_for_event(event, after_round=n - 1)
        }
        assert {reg: pts for (reg, k), pts in going_in.items() if k == n} == after
    final = {s.registration.player.display_name: s.match_points for s in selectors.standings_for_event(event)}
    expected_ga = {"A": 4, "B": 1, "C": 5, "D": 5, "E": 3, "F": 3, "G": 9}
    expected_fab = {"A": 1, "B": 0, "C": 1, "D": 1, "E": 1, "F": 1, "G": 3}
    assert final == (expected_ga if policy == StandingsPolicy.POINTS_3_1_0 else expected_fab)


def test_ga_day_two_cut_counts_draws_as_non_wins():
    """X-1 cut after a 2-round day (TR&P App B shape): a 1-point draw is not a win under 3/1/0."""
    from tests.factories import EventDayFactory

    event = EventFactory(swiss_rounds=None, top_cut=0, **GA)
    EventDayFactory(event=event, number=1, swiss_rounds=2, cut_max_losses=1)
    EventDayFactory(event=event, number=2, swiss_rounds=1)
    p = _players(event, "ABCDEF")
    r1 = RoundFactory(event=event, number=1, status=RoundStatus.COMPLETE)
    _match(r1, 1, p["A"], p["B"], MatchResult.A_WINS, 1, 0)
    _match(r1, 2, p["C"], p["D"], MatchResult.DRAW, 1, 1)
    _match(r1, 3, p["E"], p["F"], MatchResult.DRAW, 1, 1)
    r2 = RoundFactory(event=event, number=2, status=RoundStatus.COMPLETE)
    _match(r2, 1, p["A"], p["C"], MatchResult.DRAW, 1, 1)
    _match(r2, 2, p["B"], p["E"], MatchResult.A_WINS, 1, 0)
    _match(r2, 3, p["D"], p["F"], MatchResult.DRAW, 1, 1)

    day, allowed = services.day_plan_for_round(event, 3)

    # A W-D and B L-W have a win (at most one non-win); C, D, E, F drew twice (2 points, no win)
    assert day == 2
    assert allowed == {p["A"].pk, p["B"].pk}
