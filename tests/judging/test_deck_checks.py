"""Deck checks: plan (TR&P 3.8), timing and extension (TR&P 3.2; Appendix A 6), comparison (PPG 4.4-4.5)."""

from datetime import timedelta

import pytest
from django.utils import timezone

from core.errors import ConflictError, DomainError, NotAllowed
from decklists.models import Decklist
from judging import selectors
from judging.enums import DeckCheckKind, DeckCheckStatus
from judging.services import calls as call_services
from judging.services import deck_checks as deck_check_services
from judging.services import penalties as penalty_services
from tests.factories import MatchFactory, RegistrationFactory
from tournament.enums import REL, MatchResult, RoundStatus


def _accepted_list(registration):
    return Decklist.objects.create(
        registration=registration,
        status="accepted",
        hero="Dorinthea Ironsong",
        cards=[
            {"name": "Dorinthea Ironsong", "pitch": None, "qty": 1, "section": "hero"},
            {"name": "Warrior's Valor", "pitch": 1, "qty": 3, "section": "deck"},
            {"name": "Sharpen Steel", "pitch": 3, "qty": 2, "section": "deck"},
        ],
    )


def _finish_after(world, check, seconds, presented):
    check.started_at = check.started_at - timedelta(seconds=seconds)
    check.save(update_fields=["started_at"])
    return deck_check_services.finish_deck_check(
        check, judge=world.fj, presented=presented, ended_at=check.started_at + timedelta(seconds=seconds)
    )


def test_regular_check_extension_7m10s_is_11_minutes(world):
    """Appendix A 6: 55-minute round, 7 min 10 s -> 8 + 3 = 11 minutes."""
    _accepted_list(world.alice)
    check = deck_check_services.create_deck_check(world.alice, judge=world.fj, match=world.match)
    check = _finish_after(
        world,
        check,
        430,
        {
            "Dorinthea Ironsong": 1,
            "Warrior's Valor (red)": 3,
            "Sharpen Steel (blue)": 2,
        },
    )
    world.match.refresh_from_db()
    assert (check.status, check.extension_seconds, world.match.extension_seconds) == (
        DeckCheckStatus.DONE,
        660,
        660,
    )
    assert check.mismatches == []


def test_checking_both_players_gives_the_longest_extension_once(world):
    a = deck_check_services.create_deck_check(world.alice, judge=world.fj, match=world.match)
    b = deck_check_services.create_deck_check(world.bob, judge=world.hj, match=world.match)
    _finish_after(world, a, 300, {})
    _finish_after(world, b, 430, {})
    world.match.refresh_from_db()
    assert world.match.extension_seconds == 660


def test_extension_capped_at_round_length(world_factory):
    w = world_factory()
    w.event.round_minutes = 10
    w.event.save()
    check = deck_check_services.create_deck_check(w.alice, judge=w.fj, match=w.match)
    check.started_at -= timedelta(minutes=30)
    check.save()
    check = deck_check_services.finish_deck_check(
        check, judge=w.fj, presented={}, ended_at=check.started_at + timedelta(minutes=30)
    )
    assert check.extension_seconds == 600


def test_counts_side_by_side_and_suggested_infractions_with_fix(world):
    _accepted_list(world.alice)
    check = deck_check_services.create_deck_check(world.alice, judge=world.fj, match=world.match)
    check = deck_check_services.finish_deck_check(
        check,
        judge=world.fj,
        presented={"Dorinthea Ironsong": 1, "Warrior's Valor (red)": 4, "Sharpen Steel (blue)": 1},
        checklist={"not_marked": False, "hero": True},
    )
    assert check.mismatches == [
        {"card": "Sharpen Steel (blue)", "listed": 2, "presented": 1},
        {"card": "Warrior's Valor (red)", "listed": 3, "presented": 4},
    ]
    suggestions = deck_check_services.deck_check_suggestions(check)
    assert [(s["infraction"], s["variant"]) for s in suggestions] == [
        ("card_pool_contents_error", ""),
        ("card_pool_contents_error", "card_missing"),
        ("marked_cards", ""),
    ]
    assert all(s["fix"] and s["rule"].startswith("PPG 4.") for s in suggestions)
    p = penalty_services.issue_penalty(
        world.alice, infraction="card_pool_contents_error", judge=world.hj, deck_check=check
    )
    assert (p.deck_check, p.match, p.penalty) == (check, world.match, "ip2")


def test_no_accepted_list_is_noted(world):
    check = deck_check_services.create_deck_check(world.alice, judge=world.fj, match=world.match)
    check = deck_check_services.finish_deck_check(check, judge=world.fj, presented={"X": 1})
    assert "No accepted decklist" in check.findings


@pytest.mark.parametrize("bad", [{"X": "three"}, {"X": -1}])
def test_bad_counts_are_refused(world, bad):
    check = deck_check_services.create_deck_check(world.alice, judge=world.fj, match=world.match)
    with pytest.raises(DomainError, match="'X'"):
        deck_check_services.finish_deck_check(check, judge=world.fj, presented=bad)


def test_non_regular_checks_are_head_judge_only(world):
    with pytest.raises(NotAllowed):
        deck_check_services.create_deck_check(world.alice, judge=world.fj, kind=DeckCheckKind.MID_GAME)


@pytest.mark.parametrize(("seconds", "extension"), [(400, 420), (61, 120), (60, 0), (30, 0)])
def test_mid_game_check_gives_the_match_at_least_the_time_taken(world, seconds, extension):
    """TR&P 3.2: a pause over a minute earns its length rounded up to the minute."""
    check = deck_check_services.create_deck_check(
        world.alice, judge=world.hj, kind=DeckCheckKind.MID_GAME, match=world.match
    )
    check = _finish_after(world, check, seconds, {})
    world.match.refresh_from_db()
    assert (check.extension_seconds, world.match.extension_seconds) == (extension, extension)


def _mid_game_check(world, registration, start):
    check = deck_check_services.create_deck_check(
        registration, judge=world.hj, kind=DeckCheckKind.MID_GAME, match=world.match
    )
    check.started_at = start
    check.save(update_fields=["started_at"])
    return check


def test_mid_game_checks_of_both_players_at_once_count_once(world):
    start = timezone.now() - timedelta(seconds=600)
    a = _mid_game_check(world, world.alice, start)
    b = _mid_game_check(world, world.bob, start)
    deck_check_services.finish_deck_check(
        a, judge=world.hj, presented={}, ended_at=start + timedelta(seconds=300)
    )
    deck_check_services.finish_deck_check(
        b, judge=world.hj, presented={}, ended_at=start + timedelta(seconds=300)
    )
    world.match.refresh_from_db()
    assert world.match.extension_seconds == 300


def _call_between(world, start, end):
    call = call_services.open_call(world.event, actor=world.fj, table_number=1, question="Does it go again?")
    call.opened_at = start
    call.save(update_fields=["opened_at"])
    return call_services.close_call(call, judge=world.fj, closed_at=end)


@pytest.mark.parametrize("call_first", [True, False])
def test_a_deck_check_inside_a_judge_call_extends_by_the_union_not_the_sum(world, call_first):
    """TR&P 3.2, PPG 1.2: the match was stopped 4 min 45 s in all (a call from 0 to 4:45 with a
    deck check from 1:00 to 2:30 inside it): +5 min, not +5 min and +2 min."""
    t0 = timezone.now() - timedelta(seconds=900)
    check = _mid_game_check(world, world.alice, t0 + timedelta(seconds=60))
    if call_first:
        call = _call_between(world, t0, t0 + timedelta(seconds=285))
    check = deck_check_services.finish_deck_check(
        check, judge=world.hj, presented={}, ended_at=t0 + timedelta(seconds=150)
    )
    if not call_first:
        call = _call_between(world, t0, t0 + timedelta(seconds=285))
    world.match.refresh_from_db()
    assert world.match.extension_seconds == 300
    assert call.extension_seconds + check.extension_seconds == 300


def test_separate_stops_each_earn_their_time(world):
    t0 = timezone.now() - timedelta(seconds=900)
    _call_between(world, t0, t0 + timedelta(seconds=90))  # +2 min
    check = _mid_game_check(world, world.alice, t0 + timedelta(seconds=200))
    deck_check_services.finish_deck_check(
        check, judge=world.hj, presented={}, ended_at=t0 + timedelta(seconds=290)
    )
    world.match.refresh_from_db()
    assert world.match.extension_seconds == 240


def test_the_mid_game_check_page_promises_what_the_check_gives(world, client):
    """No "+3 min" on a mid-game check: that is the regular check's rule (TR&P 3.8)."""
    mid = _mid_game_check(world, world.alice, timezone.now())
    regular = deck_check_services.create_deck_check(world.alice, judge=world.fj, match=world.match)
    client.force_login(world.hj)
    url = f"/judging/{world.event.slug}/deck-checks/"
    mid_page = client.get(f"{url}{mid.pk}/").content.decode()
    assert "rounded up to the minute" in mid_page and "+ 3 min" not in mid_page
    assert "+ 3 min" in client.get(f"{url}{regular.pk}/").content.decode()


def test_between_rounds_check_gives_no_time(world):
    check = deck_check_services.create_deck_check(
        world.alice, judge=world.hj, kind=DeckCheckKind.BETWEEN_ROUNDS
    )
    check = _finish_after(world, check, 400, {})
    world.match.refresh_from_db()
    assert (check.extension_seconds, world.match.extension_seconds) == (0, 0)


def test_finishing_twice_conflicts(world):
    check = deck_check_services.create_deck_check(world.alice, judge=world.fj, match=world.match)
    deck_check_services.finish_deck_check(check, judge=world.fj, presented={})
    with pytest.raises(ConflictError):
        deck_check_services.finish_deck_check(check, judge=world.fj, presented={})


def test_plan_prioritises_likely_playoff_players_not_yet_checked(world_factory):
    w = world_factory(rel=REL.PROFESSIONAL, top_cut=2)
    # Round 1 is over at table 1: Alice won. Round 2 has 20 tables; Alice plays at table 17.
    w.match.result = MatchResult.A_WINS
    w.match.save()
    # Over means complete: otherwise nobody has points yet and the play-off zone is whoever the
    # seeded order puts first, which depends on the database's ids (PostgreSQL's differ by run).
    w.round.status = RoundStatus.COMPLETE
    w.round.save(update_fields=["status"])
    from tests.factories import RoundFactory

    r2 = RoundFactory(event=w.event, number=2)
    MatchFactory(round=r2, table_number=17, player_a=w.alice, player_b=w.bob)
    for table in range(1, 21):
        if table != 17:
            MatchFactory(
                round=r2,
                table_number=table,
                player_a=RegistrationFactory(event=w.event),
                player_b=RegistrationFactory(event=w.event),
            )
    planned = deck_check_services.plan_deck_checks(r2, actor=w.hj, seed=1)
    tables = sorted({c.match.table_number for c in planned})
    assert len(tables) == 2  # 10% of 20 tables at Professional
    assert 17 in tables
    assert {c.registration for c in planned if c.match.table_number == 17} == {w.alice, w.bob}
    assert all(c.status == DeckCheckStatus.PLANNED for c in planned)
    # Alice is checked now: she no longer counts as unchecked
    assert w.alice.pk not in deck_check_services.likely_playoff_unchecked(w.event)
    with pytest.raises(NotAllowed):
        deck_check_services.plan_deck_checks(r2, actor=w.fj)


def test_planned_check_start_and_finish(world):
    planned = deck_check_services.plan_deck_checks(world.round, actor=world.hj, seed=3, rate=1.0)
    assert len(planned) == 2
    check = deck_check_services.start_deck_check(planned[0], judge=world.fj)
    assert check.status == DeckCheckStatus.IN_PROGRESS
    with pytest.raises(ConflictError):
        deck_check_services.start_deck_check(planned[0], judge=world.fj)
    deck_check_services.finish_deck_check(check, judge=world.fj, presented={})
    assert list(selectors.deck_checks_for_event(world.event).filter(status=DeckCheckStatus.DONE)) == [check]


@pytest.mark.django_db
def test_likely_playoff_players_follow_the_events_own_standings():
    """TR&P 3.8 with App D points: in a FaB event a draw is worth 0 match points, so one win
    beats three draws (under 3/1/0 counting the two would tie)."""
    from tests.factories import EventFactory, RoundFactory
    from tournament.enums import RegistrationStatus, RoundStatus

    event = EventFactory(top_cut=1)
    drawer = RegistrationFactory(event=event)
    winner = RegistrationFactory(event=event)
    for number, (drawer_result, winner_result) in enumerate(
        [
            (MatchResult.DRAW, MatchResult.A_WINS),
            (MatchResult.DRAW, MatchResult.B_WINS),
            (MatchResult.DRAW, MatchResult.B_WINS),
        ],
        start=1,
    ):
        round_ = RoundFactory(event=event, number=number, status=RoundStatus.COMPLETE)
        MatchFactory(
            round=round_,
            player_a=drawer,
            result=drawer_result,
            player_b=RegistrationFactory(event=event, status=RegistrationStatus.DROPPED),
        )
        MatchFactory(
            round=round_,
            player_a=winner,
            result=winner_result,
            player_b=RegistrationFactory(event=event, status=RegistrationStatus.DROPPED),
        )
    assert deck_check_services.likely_playoff_unchecked(event) == [winner.pk]


@pytest.mark.parametrize(("game", "cited"), [("fab", "TR&P 3.2, PPG 1.2"), ("ga", "GA TRG Time Extensions")])
def test_a_mid_game_check_s_extension_cites_the_event_s_own_document(world, game, cited):
    from tournament.models import MatchExtension

    event = world.match.round.event
    event.game = game
    event.save(update_fields=["game"])
    check = deck_check_services.create_deck_check(
        world.alice, judge=world.hj, kind=DeckCheckKind.MID_GAME, match=world.match
    )
    _finish_after(world, check, 400, {})
    (extension,) = MatchExtension.objects.filter(match=world.match)
    assert extension.reason == f"Mid-game deck check #{check.pk} paused the match ({cited})"
