"""Judge calls (TR&P 3.9) and their clock extensions (TR&P 3.2, PPG 1.2; Appendix A 6)."""

from datetime import timedelta

import pytest

from core.audit import audit_trail_for
from core.errors import ConflictError, DomainError, NotAllowed
from judging import access, selectors
from judging.enums import CallStatus
from judging.services import calls as call_services
from tests.factories import UserFactory
from tournament.enums import RoundStage


def _opened(world, seconds_ago):
    call = call_services.open_call(world.event, actor=world.fj, table_number=1, question="Does it go again?")
    call.opened_at -= timedelta(seconds=seconds_ago)
    call.save(update_fields=["opened_at"])
    return call


def test_open_call_by_table_links_the_current_match(world):
    call = call_services.open_call(world.event, actor=world.fj, table_number=1, caller="player_b")
    assert (call.match, call.table_number, call.status, call.caller) == (
        world.match,
        1,
        CallStatus.OPEN,
        "player_b",
    )
    assert [e.action for e in audit_trail_for(call)] == ["judge_call.open"]


def test_open_call_needs_a_table_or_match(world):
    with pytest.raises(DomainError, match="table number or the match"):
        call_services.open_call(world.event, actor=world.fj)


def test_player_cannot_open_calls_through_staff_service(world):
    with pytest.raises(NotAllowed):
        call_services.open_call(world.event, actor=world.alice.player.user, table_number=1)


def test_full_call_lifecycle_with_appeal(world):
    call = call_services.open_call(world.event, actor=world.fj, match=world.match)
    call = call_services.claim_call(call, judge=world.fj)
    assert call.claimed_by == world.fj
    call = call_services.record_ruling(
        call, judge=world.fj, ruling="Go again applies", citations="CR 1.1.3b, PPG 3.1"
    )
    assert call.citations == ["CR 1.1.3b", "PPG 3.1"]
    call = call_services.appeal_call(call, actor=world.fj, appealed_by="player_b")
    assert call.status == CallStatus.APPEALED
    with pytest.raises(ConflictError, match="has not decided the appeal"):
        call_services.close_call(call, judge=world.fj)
    with pytest.raises(NotAllowed):
        call_services.record_final_ruling(call, head_judge=world.fj, ruling="Upheld")
    call = call_services.record_final_ruling(
        call, head_judge=world.hj, ruling="Upheld", citations=["TR&P 3.9"]
    )
    assert (call.appeal_judge, call.final_citations, call.status) == (
        world.hj,
        ["TR&P 3.9"],
        CallStatus.RULED,
    )
    call = call_services.close_call(call, judge=world.fj, duration_seconds=30)
    assert call.status == CallStatus.CLOSED
    actions = sorted(e.action for e in audit_trail_for(call))
    assert actions == sorted(
        [
            "judge_call.open",
            "judge_call.claim",
            "judge_call.rule",
            "judge_call.appeal",
            "judge_call.final_ruling",
            "judge_call.close",
        ]
    )


def test_claiming_a_claimed_call_conflicts(world):
    call = call_services.open_call(world.event, actor=world.fj, table_number=1)
    call_services.claim_call(call, judge=world.fj)
    with pytest.raises(ConflictError):
        call_services.claim_call(call, judge=world.hj)


@pytest.mark.parametrize("bad", ["CR", "rule 3", "PPG four", "XYZ 1.2"])
def test_bad_citation_is_refused_with_its_text(world, bad):
    call = call_services.open_call(world.event, actor=world.fj, table_number=1)
    with pytest.raises(DomainError, match="is not a rule number"):
        call_services.record_ruling(call, judge=world.fj, ruling="x", citations=[bad])


@pytest.mark.parametrize("seconds,extension", [(60, 0), (61, 120), (45, 0), (181, 240)])
def test_call_extension_on_match_clock(world, seconds, extension):
    """Appendix A 6: ruling 61 s -> +2 min; 60 s -> 0."""
    call = _opened(world, seconds)
    call = call_services.close_call(
        call, judge=world.fj, closed_at=call.opened_at + timedelta(seconds=seconds)
    )
    world.match.refresh_from_db()
    assert (call.duration_seconds, call.extension_seconds, world.match.extension_seconds) == (
        seconds,
        extension,
        extension,
    )


def test_stated_call_length_overrides_the_timestamps(world):
    call = _opened(world, 600)
    call = call_services.close_call(call, judge=world.fj, duration_seconds=61)
    world.match.refresh_from_db()
    assert world.match.extension_seconds == 120


def test_no_extension_in_untimed_playoff(world):
    world.round.stage = RoundStage.TOP_CUT
    world.round.save()
    call = _opened(world, 300)
    call = call_services.close_call(call, judge=world.fj)
    assert call.extension_seconds == 0


def test_open_queue_newest_and_oldest_first(world, django_assert_num_queries):
    first = _opened(world, 300)
    second = _opened(world, 100)
    closed = _opened(world, 50)
    call_services.close_call(closed, judge=world.fj, duration_seconds=10)
    assert list(selectors.open_calls_for_event(world.event)) == [second, first]
    assert list(selectors.open_calls_for_event(world.event, oldest_first=True)) == [first, second]


@pytest.mark.parametrize("size", [3, 12])
def test_open_queue_query_count_is_constant(world, django_assert_num_queries, size):
    for _ in range(size):
        call_services.open_call(world.event, actor=world.fj, table_number=1)
    with django_assert_num_queries(1):
        rows = [
            (c.match.player_a.player.display_name, c.opened_by.username if c.opened_by else "")
            for c in selectors.open_calls_for_event(world.event)
        ]
    assert len(rows) == size


def test_call_statistics(world):
    a = _opened(world, 200)
    call_services.claim_call(a, judge=world.fj)
    call_services.record_ruling(a, judge=world.fj, ruling="r", citations=["PPG 3.1"])
    call_services.close_call(a, judge=world.fj, duration_seconds=90)
    _opened(world, 10)
    stats = selectors.call_statistics(world.event)
    assert (stats["total"], stats["open"], stats["closed"], stats["with_extension"]) == (2, 1, 1, 1)
    assert stats["extension_seconds_total"] == 120
    assert stats["by_judge"] == [(world.fj.username, 1)]
    assert stats["top_citations"] == [("PPG 3.1", 1)]


def test_outsider_cannot_access_call(world):
    call = call_services.open_call(world.event, actor=world.fj, table_number=1)
    from django.http import Http404

    with pytest.raises(Http404):  # not on the staff, not at the table: the call is not there
        access.access_call(UserFactory(username="nobody"), call.pk)


def test_extension_shows_on_the_table_clock(world):
    """TR&P 3.2: the table's remaining time is the round clock plus its extensions."""
    from tournament.selectors import match_remaining_seconds

    before = match_remaining_seconds(world.match)
    call = _opened(world, 90)
    call_services.close_call(call, judge=world.fj, duration_seconds=90)
    world.match.refresh_from_db()
    assert match_remaining_seconds(world.match) - before == 120


def test_call_url_for_the_staff_dashboard(world):
    call = call_services.open_call(world.event, actor=world.fj, table_number=1)
    assert call.get_absolute_url() == f"/judging/{world.event.slug}/calls/{call.pk}/"
