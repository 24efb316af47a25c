"""Rounds, pairing, clock and results services."""

from datetime import timedelta

import pytest
from django.utils import timezone

from core.audit import audit_trail_for
from core.errors import ConflictError, DomainError, NotAllowed
from tests.factories import MatchFactory, RegistrationFactory, RoundFactory
from tournament import selectors, services
from tournament.enums import ClockState, MatchResult, ReportStatus, RoundStage, RoundStatus
from tournament.models import Match, Round

pytestmark = pytest.mark.django_db


def _play_round(rnd, actor, *, winner="a"):
    """Staff enter a result for every pending match of ``rnd`` (player a wins)."""
    for m in selectors.outstanding_matches(rnd):
        result = MatchResult.A_WINS if winner == "a" else MatchResult.B_WINS
        services.enter_result(
            m, actor=actor, result=result, games_a=int(winner == "a"), games_b=int(winner == "b")
        )


def test_pair_next_round_pairs_everyone_once_with_a_bye_for_odd_numbers(staffed_event, add_players):
    event, sk = staffed_event["event"], staffed_event["scorekeeper"]
    regs = add_players(event, 7)
    rnd = services.pair_next_round(event, actor=sk)
    matches = list(selectors.matches_for_round(rnd))
    seen = [m.player_a_id for m in matches] + [m.player_b_id for m in matches if m.player_b_id]
    assert sorted(seen) == sorted(r.pk for r in regs)
    byes = [m for m in matches if m.is_bye]
    assert len(byes) == 1 and byes[0].result == MatchResult.BYE
    assert sorted(m.table_number for m in matches if not m.is_bye) == [1, 2, 3]
    assert rnd.status == RoundStatus.PAIRED and rnd.duration_seconds == 55 * 60


def test_pairings_are_not_public_until_published_and_publishing_twice_conflicts(staffed_event, add_players):
    event, sk = staffed_event["event"], staffed_event["scorekeeper"]
    add_players(event, 4)
    rnd = services.pair_next_round(event, actor=sk)
    assert not selectors.round_is_public(rnd)
    rnd = services.publish_round(rnd, actor=sk)
    assert selectors.round_is_public(rnd) and rnd.published_at is not None
    with pytest.raises(ConflictError):
        services.publish_round(rnd, actor=sk)


def test_pressing_pair_twice_creates_exactly_one_round(staffed_event, add_players):
    event, sk = staffed_event["event"], staffed_event["scorekeeper"]
    add_players(event, 4)
    services.pair_next_round(event, actor=sk)
    with pytest.raises(ConflictError):
        services.pair_next_round(event, actor=staffed_event["organizer"])
    assert Round.objects.filter(event=event).count() == 1


@pytest.mark.parametrize("role", ["floor_judge", "outsider"])
def test_pairing_is_refused_for_roles_without_it(staffed_event, add_players, role):
    add_players(staffed_event["event"], 4)
    with pytest.raises(NotAllowed):
        services.pair_next_round(staffed_event["event"], actor=staffed_event[role])


def test_full_swiss_then_no_more_rounds(staffed_event, add_players):
    event, sk = staffed_event["event"], staffed_event["scorekeeper"]
    add_players(event, 8)
    for _ in range(3):
        rnd = services.publish_round(services.pair_next_round(event, actor=sk), actor=sk)
        _play_round(rnd, sk)
        rnd.refresh_from_db()
        assert rnd.status == RoundStatus.COMPLETE
    with pytest.raises(DomainError, match="no top cut"):
        services.pair_next_round(event, actor=sk)
    standings = selectors.standings_for_event(event)
    assert [s.rank for s in standings] == list(range(1, 9))
    assert standings[0].match_points == 3
    # no rematches in three rounds of eight
    pairs = [frozenset((m.player_a_id, m.player_b_id)) for m in Match.objects.filter(round__event=event)]
    assert len(pairs) == len(set(pairs))


def test_top_cut_seeds_from_standings_and_reaches_a_winner(staffed_event, add_players):
    event, sk = staffed_event["event"], staffed_event["scorekeeper"]
    event.top_cut = 4
    event.save()
    add_players(event, 8)
    for _ in range(3):
        _play_round(services.publish_round(services.pair_next_round(event, actor=sk), actor=sk), sk)
    top = [s.registration.pk for s in selectors.standings_for_event(event)[:4]]
    semi = services.publish_round(services.pair_next_round(event, actor=sk), actor=sk)
    assert semi.stage == RoundStage.TOP_CUT and semi.duration_seconds == 0
    ms = list(selectors.matches_for_round(semi))
    assert [(m.player_a_id, m.player_b_id) for m in ms] == [(top[0], top[3]), (top[1], top[2])]
    assert [(m.seed_a, m.seed_b) for m in ms] == [(1, 4), (2, 3)]
    with pytest.raises(DomainError, match="TR&P 3.4"):
        services.enter_result(ms[0], actor=sk, result=MatchResult.DRAW)
    _play_round(semi, sk, winner="b")
    final = services.publish_round(services.pair_next_round(event, actor=sk), actor=sk)
    fm = selectors.matches_for_round(final).get()
    assert {fm.player_a_id, fm.player_b_id} == {top[3], top[2]}
    assert fm.player_a_id == top[2]  # higher seed listed first
    _play_round(final, sk)
    with pytest.raises(DomainError, match="winner"):
        services.pair_next_round(event, actor=sk)
    assert [len(r) for r in selectors.bracket_for_event(event)] == [2, 1]


def test_player_report_then_opponent_confirm(staffed_event):
    match = MatchFactory(round=RoundFactory(event=staffed_event["event"], number=1))
    a_user, b_user = match.player_a.player.user, match.player_b.player.user
    m = services.report_result(match, actor=a_user, result=MatchResult.A_WINS, games_a=1)
    assert (m.result, m.report_status) == (MatchResult.PENDING, ReportStatus.REPORTED)
    with pytest.raises(DomainError, match="your opponent confirms"):
        services.confirm_result(m, actor=a_user)
    m = services.confirm_result(m, actor=b_user)
    assert (m.result, m.report_status, m.games_a) == (MatchResult.A_WINS, ReportStatus.CONFIRMED, 1)
    assert Round.objects.get(pk=m.round_id).status == RoundStatus.COMPLETE


def test_disagreeing_reports_go_to_the_reconciliation_queue(staffed_event):
    event = staffed_event["event"]
    match = MatchFactory(round=RoundFactory(event=event, number=1))
    services.report_result(match, actor=match.player_a.player.user, result=MatchResult.A_WINS, games_a=1)
    services.report_result(match, actor=match.player_b.player.user, result=MatchResult.B_WINS, games_b=1)
    assert list(selectors.reconciliation_queue(event)) == [match]
    services.enter_result(match, actor=staffed_event["scorekeeper"], result=MatchResult.B_WINS, games_b=1)
    assert list(selectors.reconciliation_queue(event)) == []


def test_same_report_by_both_players_confirms(staffed_event):
    match = MatchFactory(round=RoundFactory(event=staffed_event["event"], number=1))
    services.report_result(
        match, actor=match.player_a.player.user, result=MatchResult.DRAW, intentional_draw=True
    )
    m = services.report_result(
        match, actor=match.player_b.player.user, result=MatchResult.DRAW, intentional_draw=True
    )
    assert (m.result, m.result_kind) == (MatchResult.DRAW, "intentional_draw")


@pytest.mark.parametrize(
    ("result", "ga", "gb", "field"),
    [
        (MatchResult.A_WINS, 0, 1, "games_a"),
        (MatchResult.DRAW, 1, 0, "games_a"),
        (MatchResult.A_WINS, 3, 0, "games_a"),
        ("maybe", 0, 0, "result"),
        (MatchResult.B_WINS, -1, 1, "games_a"),
    ],
)
def test_incoherent_results_are_rejected_naming_the_field(staffed_event, result, ga, gb, field):
    match = MatchFactory(round=RoundFactory(event=staffed_event["event"], number=1))
    with pytest.raises(DomainError) as exc:
        services.enter_result(
            match, actor=staffed_event["scorekeeper"], result=result, games_a=ga, games_b=gb
        )
    assert exc.value.field == field


def test_only_the_two_players_report(staffed_event):
    match = MatchFactory(round=RoundFactory(event=staffed_event["event"], number=1))
    with pytest.raises(NotAllowed):
        services.report_result(match, actor=staffed_event["outsider"], result=MatchResult.A_WINS, games_a=1)


def test_stale_version_is_a_conflict_and_nothing_is_lost(staffed_event):
    match = MatchFactory(round=RoundFactory(event=staffed_event["event"], number=1))
    v = match.version
    services.enter_result(
        match, actor=staffed_event["scorekeeper"], result=MatchResult.A_WINS, games_a=1, expected_version=v
    )
    with pytest.raises(ConflictError):
        services.correct_result(
            match,
            actor=staffed_event["head_judge"],
            result=MatchResult.B_WINS,
            games_b=1,
            reason="typo",
            expected_version=v,
        )
    match.refresh_from_db()
    assert match.result == MatchResult.A_WINS


def test_correction_requires_reason_is_audited_and_preview_shows_changes(staffed_event, add_players):
    event, sk = staffed_event["event"], staffed_event["scorekeeper"]
    add_players(event, 4)
    r1 = services.publish_round(services.pair_next_round(event, actor=sk), actor=sk)
    _play_round(r1, sk)
    r2 = services.publish_round(services.pair_next_round(event, actor=sk), actor=sk)
    first = selectors.matches_for_round(r1).first()
    preview = services.preview_result_correction(first, result=MatchResult.B_WINS, games_b=1)
    changed = {c["registration_id"] for c in preview.standings_changes}
    assert {first.player_a_id, first.player_b_id} <= changed
    assert {p["round"] for p in preview.affected_pairings} == {2}
    assert Match.objects.get(pk=first.pk).result == MatchResult.A_WINS  # nothing applied
    with pytest.raises(DomainError):
        services.correct_result(first, actor=sk, result=MatchResult.B_WINS, games_b=1, reason="")
    services.correct_result(first, actor=sk, result=MatchResult.B_WINS, games_b=1, reason="slip was wrong")
    entry = audit_trail_for(first).first()
    assert (entry.action, entry.before["result"], entry.after["result"]) == ("match.correct", "a", "b")
    assert r2.number == 2


def test_drop_after_pairings_concedes_the_match(staffed_event, add_players):
    event, sk = staffed_event["event"], staffed_event["scorekeeper"]
    add_players(event, 4)
    rnd = services.publish_round(services.pair_next_round(event, actor=sk), actor=sk)
    m = selectors.matches_for_round(rnd).first()
    services.drop_registration(m.player_a, actor=m.player_a.player.user)
    m.refresh_from_db()
    assert (m.result, m.result_kind) == (MatchResult.B_WINS, "drop")
    m.player_a.refresh_from_db()
    assert m.player_a.dropped_in_round == 1
    _play_round(rnd, sk)
    r2 = services.pair_next_round(event, actor=sk)
    assert m.player_a_id not in {x.player_a_id for x in r2.matches.all()} | {
        x.player_b_id for x in r2.matches.all()
    }


def test_no_show_concedes_and_drops_both_absent_is_double_loss(staffed_event, add_players):
    event, sk = staffed_event["event"], staffed_event["scorekeeper"]
    add_players(event, 4)
    rnd = services.publish_round(services.pair_next_round(event, actor=sk), actor=sk)
    m1, m2 = list(selectors.matches_for_round(rnd))
    services.record_no_show(m1, absent=[m1.player_b], actor=sk)
    services.record_no_show(m2, absent=[m2.player_a, m2.player_b], actor=sk, drop=False)
    m1.refresh_from_db()
    m2.refresh_from_db()
    assert (m1.result, m2.result) == (MatchResult.A_WINS, MatchResult.DOUBLE_LOSS)
    m1.player_b.refresh_from_db()
    assert m1.player_b.status == "dropped"


def test_penalty_results_game_loss_and_match_loss(staffed_event):
    event = staffed_event["event"]
    event.games_per_match = 2
    event.save()
    match = MatchFactory(round=RoundFactory(event=event, number=1))
    hj = staffed_event["head_judge"]
    m = services.record_penalty_result(match, loser=match.player_a, kind="game_loss", actor=hj, reason="DE")
    assert (m.result, m.games_b) == (MatchResult.PENDING, 1)
    m = services.record_penalty_result(
        match, loser=match.player_b, kind="match_loss", actor=hj, reason="tardy"
    )
    assert m.result == MatchResult.A_WINS
    m = services.record_penalty_result(
        match, loser=match.player_a, kind="match_loss", actor=hj, reason="tardy"
    )
    assert m.result == MatchResult.DOUBLE_LOSS


def test_clock_start_pause_resume_time_called_survive_reload(staffed_event, add_players):
    event, sk = staffed_event["event"], staffed_event["scorekeeper"]
    add_players(event, 4)
    rnd = services.publish_round(services.pair_next_round(event, actor=sk), actor=sk)
    t0 = timezone.now()
    services.start_clock(rnd, actor=sk, now=t0)
    rnd = Round.objects.get(pk=rnd.pk)
    assert rnd.status == RoundStatus.IN_PROGRESS
    assert selectors.clock_status(rnd, now=t0 + timedelta(minutes=10)).remaining_seconds == 45 * 60
    services.pause_clock(rnd, actor=sk, now=t0 + timedelta(minutes=10))
    rnd = Round.objects.get(pk=rnd.pk)
    assert selectors.clock_status(rnd, now=t0 + timedelta(minutes=30)).remaining_seconds == 45 * 60
    services.resume_clock(rnd, actor=sk, now=t0 + timedelta(minutes=30))
    rnd = Round.objects.get(pk=rnd.pk)
    status = selectors.clock_status(rnd, now=t0 + timedelta(minutes=35))
    assert (status.state, status.remaining_seconds) == (ClockState.RUNNING, 40 * 60)
    services.call_time(rnd, actor=sk, now=t0 + timedelta(minutes=36))
    rnd = Round.objects.get(pk=rnd.pk)
    assert selectors.clock_status(rnd).remaining_seconds == 39 * 60 and rnd.clock_state == ClockState.FINISHED
    with pytest.raises(ConflictError):
        services.call_time(rnd, actor=sk)


def test_clock_refused_for_players_and_before_publishing(staffed_event, add_players):
    event, sk = staffed_event["event"], staffed_event["scorekeeper"]
    add_players(event, 4)
    rnd = services.pair_next_round(event, actor=sk)
    with pytest.raises(DomainError):
        services.start_clock(rnd, actor=sk)
    services.publish_round(rnd, actor=sk)
    with pytest.raises(NotAllowed):
        services.start_clock(rnd, actor=staffed_event["outsider"])


@pytest.mark.parametrize(("pause", "ext"), [(60, 0), (61, 120), (150, 180), (30, 0)])
def test_extension_for_a_judge_pause_trp_3_2(pause, ext):
    assert services.extension_for_pause(pause) == ext


@pytest.mark.parametrize(
    ("check", "minutes", "ext"), [(430, 55, 11 * 60), (600, 10, 10 * 60), (60, 55, 4 * 60)]
)
def test_extension_for_a_deck_check_trp_3_2_open_8(check, minutes, ext):
    assert services.extension_for_deck_check(check, round_minutes=minutes) == ext


def test_add_match_extension_is_stored_with_reason_and_adds_to_the_table_clock(staffed_event):
    match = MatchFactory(round=RoundFactory(event=staffed_event["event"], number=1))
    fj = staffed_event["floor_judge"]
    m = services.add_match_extension(match, seconds=180, reason="ruling", actor=fj)
    assert m.extension_seconds == 180
    assert m.extensions.get().issued_by == fj
    with pytest.raises(NotAllowed):
        services.add_match_extension(match, seconds=60, reason="x", actor=match.player_a.player.user)


def test_swap_players_before_publishing_is_recorded_with_reason(staffed_event, add_players):
    event, sk = staffed_event["event"], staffed_event["scorekeeper"]
    add_players(event, 4)
    rnd = services.pair_next_round(event, actor=sk)
    m1, m2 = list(selectors.matches_for_round(rnd))
    a, c = m1.player_a, m2.player_a
    with pytest.raises(DomainError):
        services.swap_players(rnd, first=a, second=c, actor=sk, reason="")
    services.swap_players(rnd, first=a, second=c, actor=sk, reason="family members")
    m1.refresh_from_db()
    m2.refresh_from_db()
    assert (m1.player_a_id, m2.player_a_id) == (c.pk, a.pk)
    entry = audit_trail_for(rnd).first()
    assert (entry.action, entry.reason, entry.actor) == ("round.edit_pairings", "family members", sk)
    services.publish_round(rnd, actor=sk)
    with pytest.raises(ConflictError):
        services.swap_players(rnd, first=a, second=c, actor=sk, reason="again")


def test_repair_round_replaces_unpublished_pairings(staffed_event, add_players):
    event, sk = staffed_event["event"], staffed_event["scorekeeper"]
    add_players(event, 6)
    rnd = services.pair_next_round(event, actor=sk)
    rnd = services.repair_round(rnd, actor=sk, seed=12345)
    assert rnd.seed == 12345 and rnd.matches.count() == 3


def test_late_entry_joins_next_round_with_missed_rounds_as_losses(staffed_event, add_players):
    event, sk = staffed_event["event"], staffed_event["scorekeeper"]
    add_players(event, 4)
    _play_round(services.publish_round(services.pair_next_round(event, actor=sk), actor=sk), sk)
    late = RegistrationFactory.build(event=event).player
    late.user.save()
    late.user = late.user
    late.save()
    reg = services.register_player(event, player=late, actor=sk, late_entry=True)
    rnd = services.pair_next_round(event, actor=sk)
    assert reg.pk in {m.player_a_id for m in rnd.matches.all()} | {m.player_b_id for m in rnd.matches.all()}
    row = next(s for s in selectors.standings_for_event(event) if s.registration.pk == reg.pk)
    assert (row.match_points, row.losses) == (0, 1)


def test_disqualified_player_has_no_place_in_standings(staffed_event, add_players):
    event, sk = staffed_event["event"], staffed_event["scorekeeper"]
    regs = add_players(event, 4)
    _play_round(services.publish_round(services.pair_next_round(event, actor=sk), actor=sk), sk)
    services.disqualify_registration(regs[0], actor=staffed_event["head_judge"], reason="cheating")
    listed = [s.registration.pk for s in selectors.standings_for_event(event)]
    assert regs[0].pk not in listed and len(listed) == 3
    assert [s.rank for s in selectors.standings_for_event(event)] == [1, 2, 3]


@pytest.mark.parametrize(("cut_size", "max_losses", "advancing"), [(4, None, 4), (2, 1, 6), (2, 0, 2)])
def test_day_two_pairs_only_the_players_who_made_the_cut(
    staffed_event, add_players, cut_size, max_losses, advancing
):
    event, sk = staffed_event["event"], staffed_event["scorekeeper"]
    event.swiss_rounds = None
    event.top_cut = 0
    event.save()
    add_players(event, 8)
    services.set_event_days(
        event,
        actor=None,
        days=[
            {
                "number": 1,
                "rel": "competitive",
                "swiss_rounds": 2,
                "cut_size": cut_size,
                "cut_max_losses": max_losses,
            },
            {"number": 2, "rel": "professional", "swiss_rounds": 1},
        ],
    )
    assert selectors.effective_structure(event) == (3, 0)
    for _ in range(2):
        _play_round(services.publish_round(services.pair_next_round(event, actor=sk), actor=sk), sk)
    day2 = services.pair_next_round(event, actor=sk)
    players = {m.player_a_id for m in day2.matches.all()} | {m.player_b_id for m in day2.matches.all()} - {
        None
    }
    top = [s.registration.pk for s in selectors.standings_for_event(event)[:advancing]]
    assert day2.day == 2 and players == set(top)
    assert services.rel_for_round(event, day2.number) == "professional"


def test_app_b_structure_is_fixed_at_the_first_pairings(staffed_event, add_players):
    event, sk = staffed_event["event"], staffed_event["scorekeeper"]
    event.swiss_rounds = None
    event.top_cut = None
    event.save()
    regs = add_players(event, 20)
    assert selectors.effective_structure(event) == (5, 8)  # TR&P App B: 17-32 players
    services.pair_next_round(event, actor=sk)
    event.refresh_from_db()
    assert (event.swiss_rounds, event.top_cut) == (5, 8)
    for reg in regs[:10]:
        services.drop_registration(reg, actor=sk)
    assert selectors.effective_structure(event) == (5, 8)


def test_repair_unpublished_playoff_round_pairs_the_same_winners(staffed_event, add_players):
    """TR&P 3.1: re-pairing an unpublished play-off round pairs the winners of the round before
    it again (it once looked at the round being re-paired itself and found nobody)."""
    event, sk = staffed_event["event"], staffed_event["scorekeeper"]
    event.top_cut = 4
    event.save()
    add_players(event, 8)
    for _ in range(3):
        _play_round(services.publish_round(services.pair_next_round(event, actor=sk), actor=sk), sk)
    semi = services.publish_round(services.pair_next_round(event, actor=sk), actor=sk)
    _play_round(semi, sk, winner="b")
    final = services.pair_next_round(event, actor=sk)
    before = {(m.player_a_id, m.player_b_id) for m in final.matches.all()}
    final = services.repair_round(final, actor=sk, seed=7)
    assert {(m.player_a_id, m.player_b_id) for m in final.matches.all()} == before
    assert final.matches.count() == 1
