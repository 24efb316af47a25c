"""Issuing penalties: recommendation, repeats, HJ gate, deviations, effects (PPG 1.2, 1.4)."""

import pytest
from django.core.exceptions import PermissionDenied
from django.http import Http404

from core.audit import audit_trail_for
from core.errors import ConflictError, DomainError, NotAllowed
from judging import access, selectors
from judging.enums import EffectStatus, PenaltyStatus
from judging.services import penalties as penalty_services
from tests.factories import EventFactory, MatchFactory, RegistrationFactory, RoundFactory, UserFactory
from tournament.enums import REL, MatchResult, RegistrationStatus, RoundStatus


def test_recommendation_at_event_rel_and_audit(world):
    p = penalty_services.issue_penalty(
        world.alice, infraction="game_rules_violation", judge=world.fj, match=world.match
    )
    assert (p.recommended, p.penalty, p.status, p.effect, p.rule) == (
        "warning",
        "warning",
        PenaltyStatus.ISSUED,
        EffectStatus.NONE,
        "PPG 3.1",
    )
    trail = list(audit_trail_for(p))
    assert [e.action for e in trail] == ["penalty.issue"]
    assert trail[0].event_id == world.event.pk
    assert trail[0].after["player_id"] == world.alice.player.player_id


def test_third_grv_same_day_is_ip2_and_day_two_resets(world):
    """Appendix A 8."""
    for _ in range(2):
        penalty_services.issue_penalty(world.alice, infraction="game_rules_violation", judge=world.hj)
    third = penalty_services.issue_penalty(world.alice, infraction="game_rules_violation", judge=world.hj)
    assert (third.penalty, third.upgraded) == ("ip2", True)
    world.round.day = 2
    world.round.save()
    day_two = penalty_services.issue_penalty(
        world.alice, infraction="game_rules_violation", judge=world.hj, match=world.match
    )
    assert (day_two.day, day_two.penalty, day_two.upgraded) == (2, "warning", False)


def test_repeats_are_per_player(world):
    for _ in range(2):
        penalty_services.issue_penalty(world.alice, infraction="game_rules_violation", judge=world.hj)
    bob = penalty_services.issue_penalty(world.bob, infraction="game_rules_violation", judge=world.hj)
    assert bob.penalty == "warning"


def test_second_decklist_error_same_day_is_game_loss(world):
    """Appendix A 8: IP2 -> Game Loss; Decklist Error needs no HJ confirmation (Appendix A 9)."""
    penalty_services.issue_penalty(world.alice, infraction="decklist_error", judge=world.fj)
    second = penalty_services.issue_penalty(
        world.alice, infraction="decklist_error", judge=world.fj, match=world.match
    )
    assert (second.penalty, second.status, second.needs_confirmation) == (
        "game_loss",
        PenaltyStatus.ISSUED,
        False,
    )
    world.match.refresh_from_db()
    assert (world.match.games_b, world.match.result) == (1, MatchResult.PENDING)


def test_second_tardiness_minor_stays_ip3(world):
    penalty_services.issue_tardiness(world.alice, judge=world.fj, seconds_late=240)
    second = penalty_services.issue_tardiness(world.alice, judge=world.fj, seconds_late=300)
    assert (second.infraction, second.penalty, second.status) == (
        "tardiness_minor",
        "ip3",
        PenaltyStatus.ISSUED,
    )
    world.match.refresh_from_db()
    assert world.match.extension_seconds == 540


def test_tardiness_under_threshold_extends_only(world):
    assert penalty_services.issue_tardiness(world.alice, judge=world.fj, seconds_late=120) is None
    world.match.refresh_from_db()
    assert world.match.extension_seconds == 120


def test_tardiness_major_is_match_loss_without_confirmation(world):
    p = penalty_services.issue_tardiness(world.bob, judge=world.fj, seconds_late=11 * 60)
    assert (p.penalty, p.status, p.effect) == ("match_loss", PenaltyStatus.ISSUED, EffectStatus.APPLIED)
    world.match.refresh_from_db()
    assert (world.match.result, world.match.extension_seconds) == (MatchResult.A_WINS, 0)


def test_floor_judge_ip2_waits_for_head_judge_then_applies(world):
    """Appendix A 9: Shuffling Error IP2 requires HJ confirmation."""
    p = penalty_services.issue_penalty(
        world.alice, infraction="shuffling_error", judge=world.fj, game_number=1
    )
    assert (p.status, p.needs_confirmation, p.effect) == (PenaltyStatus.PENDING, True, EffectStatus.WAITING)
    assert list(selectors.pending_penalties(world.event)) == [p]
    with pytest.raises(NotAllowed):
        penalty_services.confirm_penalty(p, head_judge=world.fj)
    p = penalty_services.confirm_penalty(p, head_judge=world.hj)
    assert (p.status, p.confirmed_by, p.effect, p.game_number) == (
        PenaltyStatus.ISSUED,
        world.hj,
        EffectStatus.GAME_RECORD,
        1,
    )
    with pytest.raises(ConflictError):
        penalty_services.confirm_penalty(p, head_judge=world.hj)


def test_pending_game_loss_changes_nothing_until_confirmed(world):
    p = penalty_services.issue_penalty(
        world.alice, infraction="outside_assistance", judge=world.fj, match=world.match
    )
    world.match.refresh_from_db()
    assert (p.status, world.match.games_b) == (PenaltyStatus.PENDING, 0)
    penalty_services.confirm_penalty(p, head_judge=world.hj)
    world.match.refresh_from_db()
    assert world.match.games_b == 1


def test_head_judge_rejects_pending_penalty(world):
    p = penalty_services.issue_penalty(
        world.alice, infraction="outside_assistance", judge=world.fj, match=world.match
    )
    with pytest.raises(DomainError, match="say why"):
        penalty_services.reject_penalty(p, head_judge=world.hj, reason=" ")
    p = penalty_services.reject_penalty(p, head_judge=world.hj, reason="not strategic")
    world.match.refresh_from_db()
    assert (p.status, world.match.games_b) == (PenaltyStatus.REJECTED, 0)
    # a rejected penalty does not count towards repeats
    again = penalty_services.issue_penalty(
        world.alice, infraction="outside_assistance", judge=world.hj, match=world.match
    )
    assert again.upgraded is False


def test_head_judge_issuing_ip2_confirms_it_at_once(world):
    p = penalty_services.issue_penalty(world.alice, infraction="shuffling_error", judge=world.hj)
    assert (p.status, p.confirmed_by) == (PenaltyStatus.ISSUED, world.hj)


def test_deviation_needs_reason_and_head_judge(world):
    with pytest.raises(DomainError, match="needs a reason") as exc:
        penalty_services.issue_penalty(
            world.alice, infraction="game_rules_violation", judge=world.fj, penalty="ip2"
        )
    assert exc.value.field == "deviation_reason"
    p = penalty_services.issue_penalty(
        world.alice,
        infraction="game_rules_violation",
        judge=world.fj,
        penalty="caution",
        deviation_reason="judge error led to it",
    )
    assert (p.recommended, p.penalty, p.status, p.is_deviation) == (
        "warning",
        "caution",
        PenaltyStatus.PENDING,
        True,
    )
    assert audit_trail_for(p).first().reason == "judge error led to it"


def test_match_loss_decides_the_match(world):
    p = penalty_services.issue_penalty(
        world.bob, infraction="improper_concession", judge=world.hj, match=world.match
    )
    world.match.refresh_from_db()
    assert (p.effect, world.match.result, world.match.result_kind) == (
        EffectStatus.APPLIED,
        MatchResult.A_WINS,
        "penalty",
    )


def test_simultaneous_match_losses_make_a_double_loss(world):
    """PPG 1.4: Match Losses to all players of a match are a double match loss."""
    penalty_services.issue_penalty(
        world.alice, infraction="improperly_determining_winner", judge=world.hj, match=world.match
    )
    penalty_services.issue_penalty(
        world.bob, infraction="improperly_determining_winner", judge=world.hj, match=world.match
    )
    world.match.refresh_from_db()
    assert world.match.result == MatchResult.DOUBLE_LOSS


def test_game_loss_between_matches_waits_for_next_match(world):
    world.match.result = MatchResult.A_WINS
    world.match.save()
    p = penalty_services.issue_penalty(
        world.alice, infraction="outside_assistance", judge=world.hj, match=world.match
    )
    assert p.effect == EffectStatus.NEXT_MATCH


def test_disqualification_needs_statement_and_drops_from_standings(world):
    with pytest.raises(DomainError, match="written statement"):
        penalty_services.issue_penalty(world.alice, infraction="cheating", judge=world.hj, match=world.match)
    p = penalty_services.issue_penalty(
        world.alice,
        infraction="cheating",
        judge=world.hj,
        match=world.match,
        statement="Saw the player stack the deck; player admitted it.",
    )
    world.alice.refresh_from_db()
    world.match.refresh_from_db()
    assert (p.effect, world.alice.status, world.match.result) == (
        EffectStatus.APPLIED,
        RegistrationStatus.DISQUALIFIED,
        MatchResult.B_WINS,
    )
    with pytest.raises(ConflictError, match="already disqualified"):
        penalty_services.issue_penalty(world.alice, infraction="game_rules_violation", judge=world.hj)


def test_floor_judge_dq_waits_for_head_judge(world):
    p = penalty_services.issue_penalty(
        world.alice, infraction="aggressive_behavior", judge=world.fj, statement="Threw a chair."
    )
    world.alice.refresh_from_db()
    assert (p.status, world.alice.status) == (PenaltyStatus.PENDING, RegistrationStatus.CHECKED_IN)
    penalty_services.confirm_penalty(p, head_judge=world.hj)
    world.alice.refresh_from_db()
    assert world.alice.status == RegistrationStatus.DISQUALIFIED


def test_casual_refuses_warnings_and_ips(world_factory):
    w = world_factory(rel=REL.CASUAL)
    p = penalty_services.issue_penalty(w.alice, infraction="game_rules_violation", judge=w.fj)
    assert p.penalty == "caution"
    with pytest.raises(DomainError, match="no Warnings or Intellect Penalties"):
        penalty_services.issue_penalty(
            w.alice, infraction="game_rules_violation", judge=w.hj, penalty="warning", deviation_reason="x"
        )


def test_professional_shuffling_error_is_ip3(world_factory):
    w = world_factory(rel=REL.PROFESSIONAL)
    assert penalty_services.issue_penalty(w.alice, infraction="shuffling_error", judge=w.hj).penalty == "ip3"


@pytest.mark.parametrize("role", ["to", "sk"])
def test_non_judges_cannot_issue(world, role):
    with pytest.raises(NotAllowed):
        penalty_services.issue_penalty(
            world.alice, infraction="game_rules_violation", judge=getattr(world, role)
        )


def test_player_cannot_issue(world):
    with pytest.raises(NotAllowed):
        penalty_services.issue_penalty(
            world.bob, infraction="game_rules_violation", judge=world.alice.player.user
        )


def test_unknown_infraction_and_variant_are_clear_errors(world):
    with pytest.raises(DomainError, match="unknown infraction"):
        penalty_services.issue_penalty(world.alice, infraction="bad", judge=world.hj)
    with pytest.raises(DomainError, match="no situation"):
        penalty_services.issue_penalty(
            world.alice, infraction="decklist_error", judge=world.hj, variant="bad"
        )


def test_variant_recommendation(world):
    p = penalty_services.issue_penalty(
        world.alice, infraction="decklist_error", variant="illegal_cards", judge=world.fj, match=world.match
    )
    world.match.refresh_from_db()
    assert (p.penalty, p.status, world.match.result) == (
        "match_loss",
        PenaltyStatus.ISSUED,
        MatchResult.B_WINS,
    )


def test_player_in_another_match_is_refused(world):
    other = MatchFactory(round=world.round, table_number=2)
    with pytest.raises(DomainError, match="not in that match"):
        penalty_services.issue_penalty(
            world.alice, infraction="game_rules_violation", judge=world.hj, match=other
        )


def test_player_history_across_events_and_privacy(world):
    penalty_services.issue_penalty(world.alice, infraction="game_rules_violation", judge=world.hj)
    second_event = EventFactory(rel=REL.COMPETITIVE)
    from tests.factories import StaffAssignmentFactory

    StaffAssignmentFactory(event=second_event, user=world.hj, role="head_judge")
    RoundFactory(event=second_event, number=1, status=RoundStatus.IN_PROGRESS)
    reg2 = RegistrationFactory(event=second_event, player=world.alice.player)
    penalty_services.issue_penalty(reg2, infraction="slow_play", judge=world.hj)
    player_id = world.alice.player.player_id

    me = world.alice.player.user
    assert access.access_player_history(me, player_id) == world.alice.player
    assert [p.event for p in selectors.penalties_for_player(world.alice.player)] == [
        second_event,
        world.event,
    ]
    assert access.access_player_history(world.fj, player_id) == world.alice.player
    # Someone else's ID and an unknown ID get the same answer (issue 18).
    with pytest.raises(Http404, match="not yours"):
        access.access_player_history(world.bob.player.user, player_id)
    with pytest.raises(Http404, match="not yours"):
        access.access_player_history(UserFactory(username="stranger"), player_id)
    with pytest.raises(Http404, match="not yours"):
        access.access_player_history(UserFactory(username="stranger2"), "NO-SUCH-ID")


def test_penalty_access_for_player_and_others(world):
    p = penalty_services.issue_penalty(world.alice, infraction="game_rules_violation", judge=world.hj)
    assert access.access_penalty(world.alice.player.user, p.pk) == p
    assert access.access_penalty(world.to, p.pk) == p
    with pytest.raises(PermissionDenied):
        access.access_penalty(world.bob.player.user, p.pk)


def test_penalty_report_csv(world):
    penalty_services.issue_penalty(
        world.alice,
        infraction="shuffling_error",
        judge=world.hj,
        game_number=2,
        description="=cmd|' /C calc'!A0",
    )
    text = selectors.penalty_report_csv(world.event)
    header, row = text.strip().splitlines()
    assert header.startswith("issued_at,round,table,game,player_id,player,infraction")
    assert (
        "Shuffling Error" in row and "Intellect Penalty (IP2)" in row and world.alice.player.player_id in row
    )
    assert "'=cmd" in row


@pytest.mark.parametrize(
    "infraction,penalty,effect",
    [
        ("shuffling_error", "ip2", EffectStatus.NO_EFFECT),  # Appendix A 10: simultaneous IP2, no game effect
        ("outside_assistance", "game_loss", EffectStatus.NO_EFFECT),
        ("game_rules_violation", "warning", EffectStatus.NONE),
    ],
)
def test_simultaneous_equal_penalties_have_no_game_effect(world, infraction, penalty, effect):
    issued = penalty_services.issue_simultaneous_penalties(world.match, infraction=infraction, judge=world.hj)
    world.match.refresh_from_db()
    assert [(p.registration, p.penalty, p.effect) for p in issued] == [
        (world.alice, penalty, effect),
        (world.bob, penalty, effect),
    ]
    assert (world.match.games_a, world.match.games_b, world.match.result) == (0, 0, MatchResult.PENDING)


def test_simultaneous_match_losses_via_service_are_double_loss(world):
    penalty_services.issue_simultaneous_penalties(
        world.match, infraction="improperly_determining_winner", judge=world.hj
    )
    world.match.refresh_from_db()
    assert world.match.result == MatchResult.DOUBLE_LOSS


def test_simultaneous_with_different_repeat_levels_applies_normally(world):
    penalty_services.issue_penalty(world.alice, infraction="marked_cards", judge=world.hj)
    issued = penalty_services.issue_simultaneous_penalties(
        world.match, infraction="marked_cards", judge=world.hj
    )
    assert [(p.penalty, p.simultaneous, p.effect) for p in issued] == [
        ("ip2", False, EffectStatus.GAME_RECORD),
        ("warning", False, EffectStatus.NONE),
    ]


def test_deferred_game_loss_applies_to_next_match(world):
    from tests.factories import RoundFactory

    world.match.result = MatchResult.A_WINS
    world.match.save()
    p = penalty_services.issue_penalty(
        world.alice, infraction="outside_assistance", judge=world.hj, match=world.match
    )
    assert list(selectors.deferred_penalties(world.event)) == [p]
    with pytest.raises(ConflictError, match="no new match"):
        penalty_services.apply_deferred_penalty(p, judge=world.fj)
    r2 = RoundFactory(event=world.event, number=2, status=RoundStatus.IN_PROGRESS)
    nxt = MatchFactory(round=r2, table_number=3, player_a=world.bob, player_b=world.alice)
    p = penalty_services.apply_deferred_penalty(p, judge=world.fj)
    nxt.refresh_from_db()
    assert (p.match, p.effect, nxt.games_a) == (nxt, EffectStatus.APPLIED, 1)
    assert list(selectors.deferred_penalties(world.event)) == []


def test_day_two_of_a_calling_uses_professional_rel(world):
    """TR&P 1.2 / App A: a multi-day event's day can run at another REL; penalties follow the day."""
    from tests.factories import EventDayFactory

    EventDayFactory(event=world.event, number=1, rel=REL.COMPETITIVE)
    EventDayFactory(event=world.event, number=2, rel=REL.PROFESSIONAL)
    day_one = penalty_services.issue_penalty(
        world.alice, infraction="shuffling_error", judge=world.hj, match=world.match
    )
    world.round.day = 2
    world.round.save()
    day_two = penalty_services.issue_penalty(
        world.bob, infraction="shuffling_error", judge=world.hj, match=world.match
    )
    assert [(p.rel, p.penalty) for p in (day_one, day_two)] == [
        ("competitive", "ip2"),
        ("professional", "ip3"),
    ]


def test_disqualified_player_has_no_place_in_standings(world):
    """PPG 1.4: a disqualified player has no place in the standings; the others move up."""
    from tournament.selectors import standings_for_event

    carol = RegistrationFactory(event=world.event)
    dave = RegistrationFactory(event=world.event)
    MatchFactory(
        round=world.round, table_number=2, player_a=carol, player_b=dave, result=MatchResult.A_WINS, games_a=2
    )
    before = [s.registration for s in standings_for_event(world.event)]
    assert world.alice in before
    penalty_services.issue_penalty(
        world.alice,
        infraction="cheating",
        judge=world.hj,
        match=world.match,
        statement="Admitted to marking cards.",
    )
    after = [s.registration for s in standings_for_event(world.event)]
    assert world.alice not in after
    assert after[0] in (world.bob, carol)


def test_improper_concession_flags_the_edition_difference(world):
    """OPEN-27/OPEN-31: TR&P 2025 events get a note for the head judge."""
    p = penalty_services.issue_penalty(
        world.bob, infraction="improper_concession", judge=world.hj, match=world.match
    )
    assert any(line.startswith("PPG 2023 5.9 counts requests") for line in p.explanation)
    assert not any("OPEN-" in line for line in p.explanation)


def test_appeals_judge_dq_waits_for_the_head_judge(world):
    from tests.factories import StaffAssignmentFactory

    aj = UserFactory(username="appeals")
    StaffAssignmentFactory(event=world.event, user=aj, role="appeals_judge")
    ip = penalty_services.issue_penalty(world.alice, infraction="shuffling_error", judge=aj)
    assert ip.status == PenaltyStatus.ISSUED  # appeals judges confirm IPs (EV-09)
    dq = penalty_services.issue_penalty(
        world.bob, infraction="stalling", judge=aj, statement="Stalled on purpose."
    )
    assert dq.status == PenaltyStatus.PENDING
    with pytest.raises(NotAllowed):
        penalty_services.confirm_penalty(dq, head_judge=aj)
    penalty_services.confirm_penalty(dq, head_judge=world.hj)
    world.bob.refresh_from_db()
    assert world.bob.status == RegistrationStatus.DISQUALIFIED
