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


def test_trp_8_2_constructed_playoff_keeps_the_seeded_bracket():
    event = EventFactory(format=FormatCode.CLASSIC_CONSTRUCTED, swiss_rounds=1, top_cut=8)
    assert not pairing.draft_playoff_applies(event, top_cut=8)
    event.format = FormatCode.DRAFT
    assert pairing.draft_playoff_applies(event, top_cut=8) and not pairing.draft_playoff_applies(
        event, top_cut=2
    )
