"""Team matches (TR&P 9.2) and booster-draft seating (TR&P 8.2), each test named after its rule."""

import pytest

from core.errors import ConflictError, DomainError
from tests.factories import EventFactory, PlayerProfileFactory, RegistrationFactory
from tournament import pairing, selectors, services
from tournament.enums import (
    FormatCode,
    MatchResult,
    RegistrationStatus,
    ResultKind,
    RoundStage,
    StructureKind,
)

pytestmark = pytest.mark.django_db


# --------------------------------------------------------------------------- teams


def _team_event(teams=4, **fields):
    fields = {"swiss_rounds": 3, "top_cut": 0, **fields}
    event = EventFactory(format=FormatCode.TEAM_CC, **fields)
    for t in range(teams):
        members = [(PlayerProfileFactory(), pos) for pos in "ABC"]
        services.register_team(event, team_name=f"Team {t}", members=members, actor=None)
    return event


def _published(event):
    return services.publish_round(services.pair_next_round(event, actor=None), actor=None)


def _win(board, side="a"):
    result = MatchResult.A_WINS if side == "a" else MatchResult.B_WINS
    return services.enter_result(
        board, actor=None, result=result, games_a=int(side == "a"), games_b=int(side == "b")
    )


def _team_match(rnd, k=0):
    """The three boards of the k-th team match of ``rnd`` (table order)."""
    boards = [m for m in selectors.matches_for_round(rnd) if m.player_b_id]
    return boards[3 * k : 3 * k + 3]


def test_trp_9_2_swiss_team_match_decided_by_two_boards_closes_in_one_action():
    event = _team_event(2)
    rnd = _published(event)
    a, b, c = _team_match(rnd)
    _win(a)
    _win(b)
    boards = services.close_decided_team_match(c, actor=None)
    c.refresh_from_db()
    rnd.refresh_from_db()
    assert [x.result for x in boards] == [MatchResult.A_WINS, MatchResult.A_WINS, MatchResult.UNFINISHED]
    assert c.result_kind == ResultKind.TEAM_DECIDED and (c.games_a, c.games_b, c.games_drawn) == (0, 0, 0)
    assert rnd.status == "complete"
    # the unfinished board is in nobody's individual record: no placeholder draw
    rows = {s.registration.pk: s for s in selectors.standings_for_event(event)}
    for reg_id in (c.player_a_id, c.player_b_id):
        assert (rows[reg_id].wins, rows[reg_id].losses, rows[reg_id].draws) == (0, 0, 0)
    teams = {r["team"]: r for r in selectors.team_standings_for_event(event)}
    assert (
        teams[a.player_a.team_name]["match_points"] == 1 and teams[a.player_b.team_name]["match_points"] == 0
    )


def test_trp_9_2_team_match_is_not_closed_before_two_game_wins():
    event = _team_event(2)
    rnd = _published(event)
    a, b, c = _team_match(rnd)
    _win(a)
    _win(b, "b")
    with pytest.raises(DomainError, match="two game wins"):
        services.close_decided_team_match(c, actor=None)
    c.refresh_from_db()
    assert c.result == MatchResult.PENDING


def test_trp_9_2_playoff_team_match_decided_by_two_boards_closes_and_the_winner_advances():
    event = _team_event(4, swiss_rounds=1, top_cut=4)
    for board in selectors.outstanding_matches(_published(event)):
        _win(board)
    semi = _published(event)
    assert semi.stage == RoundStage.TOP_CUT
    for k in range(2):
        first, second, third = _team_match(semi, k)
        _win(first, "b")
        _win(second, "b")
        services.close_decided_team_match(first, actor=None)
        third.refresh_from_db()
        assert third.result == MatchResult.UNFINISHED
    semi.refresh_from_db()
    assert semi.status == "complete"
    final = _published(event)
    finalists = {m.player_a.team_name for m in _team_match(final)} | {
        m.player_b.team_name for m in _team_match(final)
    }
    assert finalists == {_team_match(semi, k)[0].player_b.team_name for k in range(2)}


def test_trp_9_2_team_with_two_members_out_is_dropped_with_forfeits():
    event = _team_event(4)
    rnd = _published(event)
    a, b, c = _team_match(rnd)
    team = a.player_a.team_name
    services.drop_registration(a.player_a, actor=None, reason="left")
    third = event.registrations.get(team_name=team, team_position="C")
    assert third.status == RegistrationStatus.REGISTERED  # one member out: the others play on
    services.drop_registration(b.player_a, actor=None, reason="ill")
    third.refresh_from_db()
    c.refresh_from_db()
    assert third.status == RegistrationStatus.DROPPED and third.dropped_in_round == 1
    assert c.result == MatchResult.B_WINS and c.result_kind == ResultKind.DROP  # the forfeit is recorded
    for board in selectors.outstanding_matches(rnd):
        _win(board)
    nxt = services.pair_next_round(event, actor=None)
    assert team not in {m.player_a.team_name for m in selectors.matches_for_round(nxt)}


def test_trp_9_2_team_dropped_when_second_member_is_disqualified():
    event = _team_event(2)
    regs = {r.team_position: r for r in event.registrations.filter(team_name="Team 0")}
    services.drop_registration(regs["A"], actor=None)
    services.disqualify_registration(regs["B"], actor=None, reason="fraud")
    regs["C"].refresh_from_db()
    assert regs["C"].status == RegistrationStatus.DROPPED


# --------------------------------------------------------------------------- booster draft


def _draft_event(players, **fields):
    fields = {"format": FormatCode.DRAFT, "swiss_rounds": 3, "top_cut": 0, **fields}
    event = EventFactory(**fields)
    regs = [
        RegistrationFactory(event=event, player=PlayerProfileFactory(), status=RegistrationStatus.CHECKED_IN)
        for _ in range(players)
    ]
    return event, regs


def test_trp_8_2_pods_seated_at_random_keep_the_swiss_within_pods():
    event, regs = _draft_event(16)
    services.seat_pods_at_random(event, actor=None, pod_size=8, seed=7)
    seats = {r.pk: (r.pod, r.seat) for r in event.registrations.all()}
    assert sorted(seats.values()) == [(p, s) for p in (1, 2) for s in range(1, 9)]
    for _ in range(3):
        rnd = _published(event)
        for m in selectors.matches_for_round(rnd):
            assert seats[m.player_a_id][0] == seats[m.player_b_id][0]
            _win(m)


def test_trp_8_2_pod_sizes_differ_by_at_most_one():
    from tournament.services.drafts import pod_sizes

    assert pod_sizes(20, 8) == [7, 7, 6]
    assert pod_sizes(16, 8) == [8, 8]
    assert pod_sizes(9, 8) == [5, 4]


def test_trp_8_2_player_without_a_pod_is_refused_at_pairing():
    event, regs = _draft_event(9)
    services.seat_pods_at_random(event, actor=None, pod_size=8, seed=1)
    late = RegistrationFactory(
        event=event,
        player=PlayerProfileFactory(display_name="Zed Late"),
        status=RegistrationStatus.CHECKED_IN,
    )
    with pytest.raises(DomainError, match="Zed Late has no pod") as err:
        services.pair_next_round(event, actor=None)
    assert err.value.code == "pod"
    services.set_pod_seating(event, seats={late.pk: (1, 6)}, actor=None, reason="late arrival")
    rnd = services.pair_next_round(event, actor=None)
    assert not selectors.matches_for_round(rnd).filter(player_b__isnull=True).exists()  # pods of 6 and 4


def test_trp_8_2_pod_seating_edit_refuses_two_players_on_one_seat():
    event, regs = _draft_event(4)
    services.set_pod_seating(event, seats={regs[0].pk: (1, 1), regs[1].pk: (1, 2)}, actor=None)
    with pytest.raises(DomainError, match="same seat"):
        services.set_pod_seating(event, seats={regs[2].pk: (1, 2)}, actor=None)
    with pytest.raises(DomainError, match="needs a pod"):
        services.set_pod_seating(event, seats={regs[2].pk: (None, 3)}, actor=None)


def _swiss_done(event):
    for _ in range(event.swiss_rounds):
        for m in selectors.outstanding_matches(_published(event)):
            _win(m)


def test_trp_8_2_draft_playoff_pairs_players_seated_across_not_by_seed():
    event, regs = _draft_event(10, swiss_rounds=2, top_cut=8)
    _swiss_done(event)
    qualified = pairing.top_cut_qualifiers(event, top_cut=8)
    # seat k holds the k-th seed: a seeded bracket would be 1v8, 4v5, 2v7, 3v6
    services.set_playoff_seats(
        event, seats={r.pk: k for k, r in enumerate(qualified, start=1)}, actor=None, reason="test"
    )
    rnd = services.pair_next_round(event, actor=None)
    seat = {r.pk: k for k, r in enumerate(qualified, start=1)}
    pairs = [(seat[m.player_a_id], seat[m.player_b_id]) for m in selectors.matches_for_round(rnd)]
    assert sorted(pairs) == [(1, 5), (2, 6), (3, 7), (4, 8)]
    # winners then meet the winner two seats away: slots (1v5, 3v7) and (2v6, 4v8)
    slots = {
        (seat[m.player_a_id], seat[m.player_b_id]): m.bracket_slot for m in selectors.matches_for_round(rnd)
    }
    assert slots == {(1, 5): 1, (3, 7): 2, (2, 6): 3, (4, 8): 4}
    with pytest.raises(ConflictError):
        services.seat_playoff_draft(event, actor=None)


def test_trp_8_2_draft_playoff_seats_at_random_by_default():
    event, regs = _draft_event(
        6,
        swiss_rounds=2,
        top_cut=4,
        format=FormatCode.SEALED,
        structure_kind=StructureKind.SINGLE_DAY_DRAFT_PLAYOFF,
    )
    _swiss_done(event)
    rnd = services.pair_next_round(event, actor=None)
    qualified = pairing.top_cut_qualifiers(event, top_cut=4)
    seats = {r.pk: r.playoff_seat for r in event.registrations.filter(pk__in=[q.pk for q in qualified])}
    assert sorted(seats.values()) == [1, 2, 3, 4]
    pairs = sorted(tuple(sorted((seats[m.player_a_id], seats[m.player_b_id]))) for m in rnd.matches.all())
    assert pairs == [(1, 3), (2, 4)]


def test_trp_8_2_draft_playoff_seat_freed_before_pairing_goes_to_the_next_qualifier():
    event, regs = _draft_event(8, swiss_rounds=1, top_cut=4)
    _swiss_done(event)
    qualified = pairing.top_cut_qualifiers(event, top_cut=4)
    services.set_playoff_seats(
        event, seats={r.pk: k for k, r in enumerate(qualified, start=1)}, actor=None, reason="test"
    )
    services.drop_registration(qualified[2], actor=None, reason="went home")  # seat 3 is free
    newcomer = pairing.top_cut_qualifiers(event, top_cut=4)[3]
    rnd = services.pair_next_round(event, actor=None)
    newcomer.refresh_from_db()
    assert newcomer.playoff_seat == 3  # the only free seat, given at the pairing
    pairs = {frozenset((m.player_a_id, m.player_b_id)) for m in rnd.matches.all()}
    assert pairs == {frozenset((qualified[0].pk, newcomer.pk)), frozenset((qualified[1].pk, qualified[3].pk))}


def test_trp_8_2_constructed_playoff_keeps_the_seeded_bracket():
    event = EventFactory(format=FormatCode.CLASSIC_CONSTRUCTED, swiss_rounds=1, top_cut=8)
    assert not pairing.draft_playoff_applies(event, top_cut=8)
    event.format = FormatCode.DRAFT
    assert pairing.draft_playoff_applies(event, top_cut=8) and not pairing.draft_playoff_applies(
        event, top_cut=2
    )


# --------------------------------------------------------------------------- structure (TR&P App B)


def test_trp_app_b_team_event_recommends_the_team_rows_and_warns_of_rematches():
    event = _team_event(4, swiss_rounds=None, top_cut=None)
    assert selectors.effective_structure(event) == (5, 4)  # App B teams: up to 16 teams, 5 rounds, top 4
    (warning,) = selectors.structure_warnings(event)
    assert warning.startswith("4 teams can play at most 3 Swiss rounds without a rematch")
    roomy = _team_event(8, swiss_rounds=None, top_cut=None)
    assert selectors.structure_warnings(roomy) == []


def test_trp_app_b_rematch_warning_counts_the_smallest_pod():
    event, regs = _draft_event(12, swiss_rounds=3)
    services.set_pod_seating(
        event, seats={r.pk: (1 if k < 8 else 2, None) for k, r in enumerate(regs)}, actor=None
    )
    assert selectors.structure_warnings(event) == []  # pods of 8 and 4: three rounds fit
    event.swiss_rounds = 4
    event.save()
    assert [w.split(";")[0] for w in selectors.structure_warnings(event)] == [
        "4 players in pod 2 can play at most 3 Swiss rounds without a rematch"
    ]


# --------------------------------------------------------------------------- pages, API, exports, PDF


def _played_team_round(teams=4):
    event = _team_event(teams, slug="team-night", name="Team Night")
    rnd = _published(event)
    for k in range(teams // 2):
        a, b, c = _team_match(rnd, k)
        _win(a)
        _win(b)
        services.close_decided_team_match(c, actor=None)
    return event, rnd


def test_trp_9_2_team_standings_on_the_event_page_and_in_exports(client):
    event, _rnd = _played_team_round()
    page = client.get(f"/events/{event.slug}/").content.decode()
    assert 'id="team-standings"' in page and "Team standings" in page
    rows = selectors.team_standings_for_event(event)
    assert page.index(f'data-team="{rows[0]["team"]}"') < page.index(f'data-team="{rows[-1]["team"]}"')
    csv = client.get(f"/events/{event.slug}/export/team-standings.csv").content.decode()
    header, first, *_ = csv.splitlines()
    assert header.startswith("rank,team,members,match_points,record,byes,cmp,mlp,omlp,ocmp,status")
    assert first.startswith(f"1,{rows[0]['team']},") and first.endswith(",active")
    data = client.get(f"/events/{event.slug}/export/team-standings.json").json()
    assert [r["team"] for r in data["team_standings"]] == [r["team"] for r in rows]
    assert len(data["team_standings"][0]["members"]) == 3
    individual = EventFactory()
    assert client.get(f"/events/{individual.slug}/export/team-standings.csv").status_code == 404


def test_trp_9_2_team_standings_in_the_standings_pdf():
    from tests.tournament.test_pdf import _layout
    from tournament.pdf import document_for

    event, rnd = _played_team_round()
    document = document_for(event, "standings", rnd.number)
    text, _pages = _layout(document)
    assert "Teams" in text and "Players" in text
    for row in selectors.team_standings_for_event(event):
        assert row["team"] in text
    assert document.render().startswith(b"%PDF")


def test_trp_9_2_close_team_match_through_the_api_and_the_staff_page(user_factory, client):
    from tests.factories import StaffAssignmentFactory
    from tests.tournament.test_api import client_for
    from tournament.enums import StaffRole

    event = _team_event(4)
    sk = user_factory("sk-team")
    StaffAssignmentFactory(event=event, user=sk, role=StaffRole.SCOREKEEPER)
    rnd = _published(event)
    (a, b, c), (d, e, f) = _team_match(rnd, 0), _team_match(rnd, 1)
    _win(a)
    _win(b)
    api = client_for(sk)
    resp = api.post(f"/api/matches/{c.pk}/close-team-match/", {}, format="json")
    assert resp.status_code == 200 and [m["result"] for m in resp.json()] == ["a", "a", "unfinished"]
    _win(d, "b")
    assert api.post(f"/api/matches/{f.pk}/close-team-match/", {}, format="json").status_code == 400
    _win(e, "b")
    client.force_login(sk)
    page = client.get(f"/events/{event.slug}/staff/").content.decode()
    assert "Team matches already decided" in page and f'data-team-match="{f.pk}"' in page
    resp = client.post(f"/events/{event.slug}/staff/team-match/", {"match": f.pk})
    assert resp.status_code == 302
    f.refresh_from_db()
    rnd.refresh_from_db()
    assert f.result == MatchResult.UNFINISHED and rnd.status == "complete"
    outsider = client_for(user_factory("nobody"))
    assert outsider.post(f"/api/matches/{c.pk}/close-team-match/", {}, format="json").status_code in (
        403,
        404,
    )


def test_trp_8_2_pods_through_the_api(user_factory):
    from tests.factories import StaffAssignmentFactory
    from tests.tournament.test_api import client_for
    from tournament.enums import StaffRole

    event, regs = _draft_event(10)
    organizer = user_factory("to-draft")
    StaffAssignmentFactory(event=event, user=organizer, role=StaffRole.ORGANIZER)
    api = client_for(organizer)
    resp = api.post(f"/api/events/{event.slug}/pods/", {"pod_size": 8, "seed": 3}, format="json")
    assert resp.status_code == 200
    body = resp.json()
    assert [len(p["seats"]) for p in body["pods"]] == [5, 5] and body["unseated"] == []
    moved = body["pods"][0]["seats"][0]["registration_id"]
    resp = api.put(
        f"/api/events/{event.slug}/pods/",
        {"seats": [{"registration": moved, "pod": 3, "seat": 1}], "reason": "wheelchair access"},
        format="json",
    )
    assert resp.status_code == 200 and resp.json()["pods"][2]["seats"][0]["registration_id"] == moved
    clash = body["pods"][1]["seats"][0]["registration_id"]
    resp = api.put(
        f"/api/events/{event.slug}/pods/",
        {"seats": [{"registration": clash, "pod": 3, "seat": 1}]},
        format="json",
    )
    assert resp.status_code == 400
    assert client_for(user_factory("stranger")).get(f"/api/events/{event.slug}/pods/").status_code == 403
    reg = api.get(f"/api/events/{event.slug}/players/").json()
    reg = reg["results"] if isinstance(reg, dict) else reg
    assert {"pod", "seat", "playoff_seat"} <= set(reg[0])


def test_trp_8_2_pods_staff_page_seats_and_edits(user_factory, client):
    from tests.factories import StaffAssignmentFactory
    from tournament.enums import StaffRole

    event, regs = _draft_event(6)
    organizer = user_factory("to-pods")
    StaffAssignmentFactory(event=event, user=organizer, role=StaffRole.ORGANIZER)
    client.force_login(organizer)
    page = client.get(f"/events/{event.slug}/staff/pods/").content.decode()
    assert "6 active players without a pod" in page
    assert "Draft pods" in client.get(f"/events/{event.slug}/staff/").content.decode()
    resp = client.post(f"/events/{event.slug}/staff/pods/edit/", {"op": "random", "pod_size": "4"})
    assert resp.status_code == 302 and resp.url.endswith("/staff/pods/")
    assert sorted(event.registrations.values_list("pod", flat=True)) == [1, 1, 1, 2, 2, 2]
    assert "data-unseated" not in client.get(f"/events/{event.slug}/staff/pods/").content.decode()
    first = regs[0]
    resp = client.post(
        f"/events/{event.slug}/staff/pods/edit/",
        {
            "op": "save",
            "registration": [first.pk],
            f"pod-{first.pk}": "",
            f"seat-{first.pk}": "",
            "reason": "late",
        },
        follow=True,
    )
    page = resp.content.decode()
    assert "1 active player without a pod" in page and first.player.display_name in page
    with pytest.raises(DomainError, match="has no pod"):
        services.pair_next_round(event, actor=None)
