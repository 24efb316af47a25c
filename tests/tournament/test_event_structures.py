"""Event structures (issue 19): multi-day day plans (TR&P App A, App B), late entries (our
documented policy), and the standings record. Each test is named after the rule it checks."""

from __future__ import annotations

import pytest

from core.errors import DomainError
from tests.factories import EventDayFactory, EventFactory, MatchFactory, RegistrationFactory, RoundFactory
from tournament import selectors, services
from tournament.day_plan import day_plan_for_event
from tournament.enums import REL, EventType, MatchResult, RoundStatus, StructureKind
from tournament.models import EventDay

pytestmark = pytest.mark.django_db


def _play_round(rnd, actor):
    for m in selectors.outstanding_matches(rnd):
        services.enter_result(m, actor=actor, result=MatchResult.A_WINS, games_a=1, games_b=0)


def _calling(staffed_event, **fields):
    event = staffed_event["event"]
    event.event_type = EventType.CALLING
    event.tier = 3
    event.rel = REL.COMPETITIVE
    event.structure_kind = StructureKind.MULTI_DAY_CONSTRUCTED
    event.swiss_rounds = None
    event.top_cut = None
    for name, value in fields.items():
        setattr(event, name, value)
    event.save()
    return event


# --------------------------------------------------------------------------- day plans


def test_multi_day_calling_of_150_defaults_to_app_b_multi_day_rows(staffed_event, add_players):
    """TR&P App B (multi-day constructed, up to 224 players): 7 rounds, a cut to the top 48 or
    X-2, 4 rounds on day 2, top 8; App A: a Calling is Competitive on day 1, Professional after."""
    event = _calling(staffed_event)
    add_players(event, 150)

    plan = day_plan_for_event(event)

    assert [(d.number, d.rel, d.swiss_rounds, d.cut_size, d.cut_max_losses) for d in plan.days] == [
        (1, REL.COMPETITIVE, 7, 48, 2),
        (2, REL.PROFESSIONAL, 4, None, None),
    ]
    assert selectors.effective_structure(event) == (11, 8)  # before: 8 Swiss rounds, top 8
    assert not plan.saved and plan.players == 150


def test_multi_day_default_is_overridable_and_fixed_at_first_pairings_trp_app_b(staffed_event, add_players):
    event = _calling(staffed_event)
    add_players(event, 8)
    org, sk = staffed_event["organizer"], staffed_event["scorekeeper"]
    services.set_event_days(
        event,
        actor=org,
        days=[
            {"number": 1, "rel": REL.COMPETITIVE, "swiss_rounds": 2, "cut_size": 4},
            {"number": 2, "rel": REL.PROFESSIONAL, "swiss_rounds": 1},
        ],
    )
    assert selectors.effective_structure(event) == (3, 8)
    services.set_event_days(event, actor=org, days=[])  # back to the App B default
    services.pair_next_round(event, actor=sk)
    stored = list(EventDay.objects.filter(event=event).values_list("number", "swiss_rounds", "cut_size"))
    assert stored == [(1, 7, 48), (2, 4, None)]


@pytest.mark.parametrize(
    ("days", "missing"),
    [
        (
            [{"number": 1, "rel": REL.COMPETITIVE}, {"number": 2, "rel": REL.PROFESSIONAL}],
            [
                "day 1 has no number of Swiss rounds",
                "day 2 has no number of Swiss rounds",
                "day 1 has no cut",
            ],
        ),
        (
            [{"number": 1, "rel": REL.COMPETITIVE, "swiss_rounds": 2}, {"number": 2, "swiss_rounds": 1}],
            ["day 1 has no cut", "day 2 has no REL"],
        ),
        (
            [
                {"number": 1, "rel": REL.COMPETITIVE, "swiss_rounds": 2, "cut_size": 4},
                {"number": 2, "rel": REL.PROFESSIONAL, "swiss_rounds": 1, "cut_size": 2},
            ],
            ["day 2 is the last day: it has no cut"],
        ),
    ],
)
def test_incomplete_day_plan_is_refused_naming_what_is_missing_trp_app_b(staffed_event, days, missing):
    event = _calling(staffed_event)

    with pytest.raises(DomainError) as exc:
        services.set_event_days(event, actor=staffed_event["organizer"], days=days)

    assert exc.value.field == "days"
    for text in missing:
        assert text in exc.value.message
    assert not EventDay.objects.filter(event=event).exists()


def test_saved_plan_without_round_counts_is_refused_at_pairing_not_ignored_trp_app_b(
    staffed_event, add_players
):
    """A plan saved before plans were checked (no rounds per day) no longer silently pairs
    everyone on day 2 at the day-1 REL: pairing says what is missing."""
    event = _calling(staffed_event, swiss_rounds=3, top_cut=0)
    add_players(event, 8)
    EventDayFactory(event=event, number=1, rel=REL.COMPETITIVE, cut_size=4)
    EventDayFactory(event=event, number=2, rel=REL.PROFESSIONAL)

    with pytest.raises(DomainError) as exc:
        services.pair_next_round(event, actor=staffed_event["scorekeeper"])

    assert "day 1 has no number of Swiss rounds" in exc.value.message


def test_day_two_is_played_by_the_cut_at_its_own_rel_trp_app_a_app_b(staffed_event, add_players):
    event = _calling(staffed_event, top_cut=0)
    add_players(event, 8)
    org, sk = staffed_event["organizer"], staffed_event["scorekeeper"]
    services.set_event_days(
        event,
        actor=org,
        days=[
            {"number": 1, "rel": REL.COMPETITIVE, "swiss_rounds": 2, "cut_size": 4},
            {"number": 2, "rel": REL.PROFESSIONAL, "swiss_rounds": 1},
        ],
    )
    for _ in range(2):
        _play_round(services.publish_round(services.pair_next_round(event, actor=sk), actor=sk), sk)
    day2 = services.pair_next_round(event, actor=sk)
    assert day2.day == 2 and day2.matches.count() == 2
    assert services.rel_for_round(event, day2.number) == REL.PROFESSIONAL


def test_staff_day_plan_page_saves_a_plan_and_names_what_is_missing(client, staffed_event):
    event = _calling(staffed_event)
    client.force_login(staffed_event["organizer"])
    url = f"/events/{event.slug}/staff/days/"

    page = client.get(url)
    assert page.status_code == 200 and 'data-source="default"' in page.content.decode()

    form = {
        "day-TOTAL_FORMS": "3", "day-INITIAL_FORMS": "0", "op": "save",
        "day-0-rel": "competitive", "day-0-swiss_rounds": "", "day-0-cut_size": "48",
        "day-1-rel": "professional", "day-1-swiss_rounds": "4",
    }  # fmt: skip
    refused = client.post(url, form)
    assert refused.status_code == 400
    assert "day 1 has no number of Swiss rounds" in refused.content.decode()

    form["day-0-swiss_rounds"] = "7"
    form["day-0-cut_max_losses"] = "2"
    assert client.post(url, form).status_code == 302
    assert list(event.days.values_list("number", "rel", "swiss_rounds", "cut_size", "cut_max_losses")) == [
        (1, "competitive", 7, 48, 2),
        (2, "professional", 4, None, None),
    ]


def test_staff_day_plan_page_is_for_organizer_and_head_judge(client, staffed_event):
    event = _calling(staffed_event)
    client.force_login(staffed_event["floor_judge"])
    assert client.get(f"/events/{event.slug}/staff/days/").status_code == 403


def _two_day_event_after_day_one():
    """6 players; day 1 = rounds 1-2 with a cut to the top 2 (or X-0); round 2 complete."""
    event = EventFactory(
        event_type=EventType.CALLING, rel=REL.COMPETITIVE, swiss_rounds=None, top_cut=0,
        structure_kind=StructureKind.MULTI_DAY_CONSTRUCTED,
    )  # fmt: skip
    EventDayFactory(event=event, number=1, rel=REL.COMPETITIVE, swiss_rounds=2, cut_size=2, cut_max_losses=0)
    EventDayFactory(event=event, number=2, rel=REL.PROFESSIONAL, swiss_rounds=1)
    p = [RegistrationFactory(event=event, player__display_name=f"P{i}") for i in range(6)]
    r1 = RoundFactory(event=event, number=1, status=RoundStatus.COMPLETE)
    r2 = RoundFactory(event=event, number=2, status=RoundStatus.COMPLETE)
    for rnd, pairs in ((r1, ((0, 1), (2, 3), (4, 5))), (r2, ((0, 2), (4, 1), (3, 5)))):
        for t, (a, b) in enumerate(pairs, start=1):
            MatchFactory(round=rnd, table_number=t, player_a=p[a], player_b=p[b], result=MatchResult.A_WINS)
    return event, p


def test_public_page_shows_days_rel_and_cut_line_and_marks_players_below_it_trp_app_b(client):
    event, p = _two_day_event_after_day_one()

    html = client.get(f"/events/{event.slug}/").content.decode()

    assert "Day 1 · Competitive REL · rounds 1–2 · cut: top 2 or X-0, whichever is larger" in html
    assert "Day 2 · Professional REL · round 3 · no play-off" in html
    assert "Cut after round 2" in html and "2 players advanced to day 2" in html
    # P0 (2-0) and P4 (2-0) advance; the four others are marked
    assert html.count("below the cut") == 4 + 1  # four rows and the explanation
    row = html[html.index(f'data-reg="{p[0].pk}"') :]
    assert "below the cut" not in row[: row.index("</tr>")]


# --------------------------------------------------------------------------- late entries


def _late_entry_event(**fields):
    """4 rounds. L entered late (round 2) and won rounds 2-4; P lost round 1, won 2-4."""
    event = EventFactory(swiss_rounds=4, top_cut=0, pairing_seed=3, **fields)
    names = ["A", "B", "C", "D", "L", "P"]
    r = {n: RegistrationFactory(event=event, player__display_name=n) for n in names}
    r["L"].joined_in_round = 2
    r["L"].save()
    rounds = [RoundFactory(event=event, number=n, status=RoundStatus.COMPLETE) for n in range(1, 5)]
    plan = {
        1: [("A", "P"), ("B", "C")],
        2: [("L", "B"), ("P", "C"), ("A", "D")],
        3: [("L", "C"), ("P", "B"), ("D", "A")],
        4: [("L", "A"), ("P", "D"), ("B", "C")],
    }
    for n, pairs in plan.items():
        for t, (a, b) in enumerate(pairs, start=1):
            MatchFactory(
                round=rounds[n - 1], table_number=t, player_a=r[a], player_b=r[b],
                result=MatchResult.A_WINS, games_a=2, games_b=0,
            )  # fmt: skip
    return event, r


def test_late_entry_missed_round_is_a_loss_in_record_points_and_mlp_trp_app_d():
    event, r = _late_entry_event()

    rows = {s.registration.player.display_name: s for s in selectors.standings_for_event(event)}

    assert (rows["L"].record, rows["L"].match_points) == ("3-1-0", 3)
    assert rows["L"].mlp == rows["P"].mlp == pytest.approx(0.25)  # before: L had MLP 0
    assert rows["L"].missed == 1


def test_late_entry_counts_as_a_lost_round_in_opponents_omw_ga_section_4():
    from tournament.enums import FormatCode, Game, StandingsPolicy

    event, r = _late_entry_event(
        game=Game.GA, format=FormatCode.GA_STANDARD, standings_policy=StandingsPolicy.POINTS_3_1_0
    )

    rows = {s.registration.player.display_name: s for s in selectors.standings_for_event(event)}

    # A met P (9 of 12 points), D twice (3 of 9) and L: 9 of 12 points, not 100% (9 of 9)
    assert rows["A"].omw == pytest.approx((3 / 4 + 1 / 3 + 1 / 3 + 3 / 4) / 4)


def test_late_entry_is_explained_on_the_player_page_trp_app_d(client):
    event, r = _late_entry_event()
    client.force_login(r["L"].player.user)

    html = client.get(f"/events/{event.slug}/me/").content.decode()

    assert "Loss (missed: late entry)" in html
    assert "missed 1 round as a late entry" in html
    assert "My record: 3-1-0, 3 points" in html


def test_standings_record_counts_byes_so_it_agrees_with_points_trp_app_d_step_1():
    event = EventFactory(swiss_rounds=3, top_cut=0)
    a, b = RegistrationFactory(event=event), RegistrationFactory(event=event)
    r1 = RoundFactory(event=event, number=1, status=RoundStatus.COMPLETE)
    r2 = RoundFactory(event=event, number=2, status=RoundStatus.COMPLETE)
    MatchFactory(round=r1, player_a=a, player_b=None, result=MatchResult.BYE, table_number=None)
    MatchFactory(round=r1, player_a=b, player_b=None, result=MatchResult.BYE, table_number=None)
    MatchFactory(round=r2, table_number=1, player_a=a, player_b=b, result=MatchResult.B_WINS)

    rows = {s.registration.pk: s for s in selectors.standings_for_event(event)}

    assert (rows[a.pk].record, rows[a.pk].match_points) == ("1-1-0", 1)  # before: "0-1-0" with 1 point


def test_api_my_standing_counts_rounds_missed_as_late_entry_trp_app_d(client):
    event, r = _late_entry_event()

    data = client.get(f"/api/events/{event.slug}/players/{r['L'].pk}/standing/").json()

    assert data["missed_rounds"] == 1 and data["standing"]["record"] == "3-1-0"
    assert data["standing"]["mlp"] == 0.25


def test_api_day_plan_without_round_counts_is_refused_naming_what_is_missing_trp_app_b(staffed_event):
    from tests.tournament.test_api import client_for

    event = _calling(staffed_event)
    org = client_for(staffed_event["organizer"])
    days = {"days": [{"number": 1, "rel": "competitive", "cut_size": 48}, {"number": 2}]}

    resp = org.put(f"/api/events/{event.slug}/days/", days, format="json")

    assert resp.status_code == 400
    body = resp.content.decode()
    assert "day 1 has no number of Swiss rounds" in body and "day 2 has no REL" in body
