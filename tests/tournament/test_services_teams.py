"""Team events (TR&P 9.2): registration of three positions, team pairing, team results."""

import pytest

from core.errors import ConflictError, DomainError
from tests.factories import EventFactory, PlayerProfileFactory
from tournament import selectors, services
from tournament.enums import FormatCode, MatchResult
from tournament.standings import team_match_result

pytestmark = pytest.mark.django_db


def _team_event(teams=4):
    event = EventFactory(format=FormatCode.TEAM_CC, swiss_rounds=3, top_cut=0)
    for t in range(teams):
        members = [(PlayerProfileFactory(), pos) for pos in "ABC"]
        services.register_team(event, team_name=f"Team {t}", members=members, actor=None)
    return event


def test_register_team_needs_three_members_at_a_b_c():
    event = EventFactory(format=FormatCode.TEAM_CC)
    with pytest.raises(DomainError, match="TR&P 9.2"):
        services.register_team(event, team_name="X", members=[(PlayerProfileFactory(), "A")], actor=None)
    with pytest.raises(DomainError):
        services.register_team(
            event, team_name="X", members=[(PlayerProfileFactory(), p) for p in "AAB"], actor=None
        )
    regs = services.register_team(
        event, team_name="X", members=[(PlayerProfileFactory(), p) for p in "CBA"], actor=None
    )
    assert [(r.team_name, r.team_position) for r in regs] == [("X", "A"), ("X", "B"), ("X", "C")]
    with pytest.raises(ConflictError):
        services.register_team(
            event, team_name="x", members=[(PlayerProfileFactory(), p) for p in "ABC"], actor=None
        )


def test_individual_registration_is_refused_in_a_team_event():
    event = EventFactory(format=FormatCode.TEAM_CC)
    with pytest.raises(DomainError, match="team"):
        services.register_player(event, player=PlayerProfileFactory(), actor=None)


def test_teams_are_paired_position_against_position_on_consecutive_tables():
    event = _team_event(4)
    rnd = services.pair_next_round(event, actor=None)
    matches = list(selectors.matches_for_round(rnd))
    assert len(matches) == 6 and [m.table_number for m in matches] == [1, 2, 3, 4, 5, 6]
    for m in matches:
        assert m.player_a.team_position == m.player_b.team_position
        assert m.player_a.team_name != m.player_b.team_name
    for k in (0, 3):
        assert len({m.player_a.team_name for m in matches[k : k + 3]}) == 1


@pytest.mark.parametrize(
    ("boards", "expected"),
    [
        ([("a", 1, 0), ("a", 1, 0), ("", 0, 0)], "a"),
        ([("a", 1, 0), ("b", 0, 1), ("draw", 0, 0)], "draw"),
        ([("a", 1, 0), ("b", 0, 1), ("", 0, 0)], ""),
        ([("a", 1, 0), ("draw", 0, 0), ("draw", 0, 0)], "a"),
        ([("b", 0, 1), ("b", 0, 1), ("a", 1, 0)], "b"),
    ],
)
def test_team_match_result_follows_rd_36(boards, expected):
    assert team_match_result(boards) == expected


def test_team_standings_and_next_round_avoid_rematches():
    event = _team_event(4)
    for _ in range(3):
        rnd = services.publish_round(services.pair_next_round(event, actor=None), actor=None)
        for m in selectors.outstanding_matches(rnd):
            services.enter_result(m, actor=None, result=MatchResult.A_WINS, games_a=1)
    rows = selectors.team_standings_for_event(event)
    assert [r["rank"] for r in rows] == [1, 2, 3, 4]
    assert sum(r["match_points"] for r in rows) == 6
    met = set()
    for m in selectors.matches_for_event(event):
        met.add(frozenset((m.round.number, m.player_a.team_name, m.player_b.team_name)))
    pairs = [frozenset(x - {n}) for x in met for n in x if isinstance(n, int)]
    assert len(pairs) == len(set(pairs)) == 6  # every team met every other team once


def test_a_member_out_forfeits_the_board():
    event = _team_event(2)
    reg = event.registrations.get(team_name="Team 0", team_position="B")
    services.drop_registration(reg, actor=None)
    rnd = services.pair_next_round(event, actor=None)
    board = selectors.matches_for_round(rnd).get(table_number=2)
    assert board.result in (MatchResult.A_WINS, MatchResult.B_WINS) and board.result_kind == "drop"
    winner = board.player_a if board.result == MatchResult.A_WINS else board.player_b
    assert winner.team_name == "Team 1"


def test_team_api_register_and_standings(user_factory):
    from tests.tournament.test_api import client_for

    event = EventFactory(format=FormatCode.TEAM_CC, swiss_rounds=3, top_cut=0)
    profiles = [PlayerProfileFactory() for _ in range(3)]
    c = client_for(profiles[0].user)
    body = {
        "team_name": "Dragons",
        "members": [{"player_id": p.player_id, "position": pos} for p, pos in zip(profiles, "ABC")],
    }
    resp = c.post(f"/api/events/{event.slug}/teams/", body, format="json")
    # A player forming a team invites the teammates: nothing is registered until they accept.
    assert resp.status_code == 202 and [r["status"] for r in resp.json()] == [
        "accepted",
        "pending",
        "pending",
    ]
    assert not event.registrations.exists()
    for profile in profiles[1:]:
        mate = client_for(profile.user)
        (invitation,) = mate.get("/api/team-invitations/").json()
        assert invitation["team_name"] == "Dragons"
        assert mate.post(f"/api/team-invitations/{invitation['id']}/accept/").status_code == 200
    registered = event.registrations.order_by("team_position")
    assert [(r.player_id, r.team_position) for r in registered] == [
        (p.pk, pos) for p, pos in zip(profiles, "ABC")
    ]
    bad = dict(body, team_name="Other", members=[{"player_id": "nope", "position": "A"}] * 3)
    resp = c.post(f"/api/events/{event.slug}/teams/", bad, format="json")
    assert resp.status_code == 400 and resp.json()["field"] == "members"
    stranger = client_for(user_factory())
    other = {
        "team_name": "X",
        "members": [{"player_id": PlayerProfileFactory().player_id, "position": p} for p in "ABC"],
    }
    assert stranger.post(f"/api/events/{event.slug}/teams/", other, format="json").status_code == 403
    assert client_for(None).get(f"/api/events/{event.slug}/teams/").json()[0]["team"] == "Dragons"


def test_team_top_cut_seeds_four_teams_and_reaches_a_winner():
    event = _team_event(6)
    event.top_cut = 4
    event.save()
    for _ in range(3):
        rnd = services.publish_round(services.pair_next_round(event, actor=None), actor=None)
        for m in selectors.outstanding_matches(rnd):
            services.enter_result(m, actor=None, result=MatchResult.A_WINS, games_a=1)
    top = [r["team"] for r in selectors.team_standings_for_event(event)[:4]]
    semi = services.publish_round(services.pair_next_round(event, actor=None), actor=None)
    boards = list(selectors.matches_for_round(semi))
    assert len(boards) == 6 and {b.bracket_slot for b in boards} == {1, 2}
    assert [(boards[0].player_a.team_name, boards[0].player_b.team_name), (boards[3].player_a.team_name, boards[3].player_b.team_name)] == [
        (top[0], top[3]), (top[1], top[2])
    ]  # fmt: skip
    for m in boards:  # the lower seed wins two boards of three
        result = MatchResult.B_WINS if m.table_number % 3 else MatchResult.A_WINS
        services.enter_result(
            m, actor=None, result=result, games_a=int(result == "a"), games_b=int(result == "b")
        )
    final = services.publish_round(services.pair_next_round(event, actor=None), actor=None)
    fb = list(selectors.matches_for_round(final))
    assert {fb[0].player_a.team_name, fb[0].player_b.team_name} == {top[3], top[2]}
    for m in fb:
        services.enter_result(m, actor=None, result=MatchResult.A_WINS, games_a=1)
    with pytest.raises(DomainError, match="winner"):
        services.pair_next_round(event, actor=None)
