"""Penalties in a Grand Archive event follow GA's Infraction Policy Guide (GA IPG), not FaB's
PPG: GA's infraction names and base penalties (quick sheet), GA's repeat rule, no Caution and
no Intellect Penalty, the head judge reviewing Match Losses and Disqualifications (GA Judge
Handbook), and plain words where our GA reference names no matching infraction. FaB events are
unchanged. Each test is named after the rule it checks."""

from __future__ import annotations

import pytest

from core.errors import DomainError
from judging import catalogue
from judging import penalty_rules as rules
from judging.enums import PenaltyStatus
from judging.services import calls as call_services
from judging.services import deck_checks as deck_check_services
from judging.services import penalties as penalty_services
from tests.judging.conftest import make_world
from tournament.enums import REL, EventType, FormatCode, Game

pytestmark = pytest.mark.django_db

FAB_CITES = ("TR&P", "PPG")


def _ga_world(rel=REL.COMPETITIVE):
    return make_world(
        rel=rel, game=Game.GA, format=FormatCode.GA_STANDARD, event_type=EventType.GA_STORE_CHAMPIONSHIP
    )


def _no_fab(*texts: str) -> None:
    leaks = [t for t in texts if any(word in t for word in FAB_CITES)]
    assert not leaks, leaks


def test_every_fab_code_has_a_ga_entry_without_fab_citations_ga_ipg_quicksheet():
    for fab in catalogue.catalogue():
        ga = catalogue.ga_infraction(fab.code)
        assert ga.rule in (catalogue.GA_RULE, catalogue.GA_UNMAPPED_RULE)
        assert ga.variants == () and ga.competitive in catalogue.GA_PENALTIES
        _no_fab(ga.rule, ga.fix, ga.notes, ga.casual_note)


def test_outside_assistance_is_a_ga_match_loss_reviewed_by_the_head_judge_ga_ipg_ga_jh(db):
    w = _ga_world()
    rec = penalty_services.recommendation_for(w.alice, "outside_assistance", match=w.match)
    assert (rec.penalty, rec.infraction.rule, rec.infraction.name) == (
        "match_loss",
        "GA IPG",
        "Outside Assistance",
    )
    assert rec.explanation[0] == "GA IPG Outside Assistance (Tournament Error, Major): Match Loss"

    p = penalty_services.issue_penalty(w.alice, infraction="outside_assistance", judge=w.fj)

    assert (p.rule, p.penalty, p.status, p.needs_confirmation) == (
        "GA IPG",
        "match_loss",
        PenaltyStatus.PENDING,
        True,
    )
    _no_fab(p.rule, *p.explanation, p.infraction_entry.fix)


def test_fab_outside_assistance_keeps_the_ppg_4_2_game_loss(world):
    rec = penalty_services.recommendation_for(world.alice, "outside_assistance", match=world.match)
    assert (rec.penalty, rec.infraction.rule) == ("game_loss", "PPG 4.2")
    assert rec.explanation[0].startswith("PPG 4.2: Game Loss")


def test_second_tournament_error_of_a_type_the_same_day_is_a_game_loss_ga_ipg_tournament_errors(db):
    w = _ga_world()
    first = penalty_services.issue_penalty(w.bob, infraction="marked_cards", judge=w.fj)
    second = penalty_services.recommendation_for(w.bob, "marked_cards", match=w.match)

    assert (first.penalty, first.status) == ("warning", PenaltyStatus.ISSUED)
    assert (second.penalty, second.upgraded) == ("game_loss", True)
    assert "GA IPG Tournament Errors" in second.explanation[-1]
    _no_fab(*second.explanation)


def test_repeated_minor_conduct_violation_is_a_game_loss_ga_ipg_minor_conduct_violation(db):
    w = _ga_world()
    penalty_services.issue_penalty(w.bob, infraction="unsporting_conduct_minor", judge=w.hj)
    rec = penalty_services.recommendation_for(w.bob, "unsporting_conduct_minor", match=w.match)
    assert (rec.penalty, rec.infraction.name) == ("game_loss", "Minor Conduct Violation")


def test_ga_has_no_intellect_penalty_or_caution_ga_ipg_penalty_ladder(db):
    w = _ga_world()
    for penalty in ("ip2", "caution"):
        with pytest.raises(DomainError) as exc:
            penalty_services.issue_penalty(
                w.alice, infraction="slow_play", judge=w.hj, penalty=penalty, deviation_reason="test"
            )
        assert "GA IPG penalties are Warning, Game Loss, Match Loss and Disqualification" in exc.value.message


def test_ga_regular_event_may_issue_warnings_no_casual_ppg_2_1_refusal_ga_variable_enforcement(db):
    w = _ga_world(rel=REL.CASUAL)
    rec = penalty_services.recommendation_for(w.alice, "game_rules_violation", match=w.match)
    p = penalty_services.issue_penalty(w.alice, infraction="game_rules_violation", judge=w.fj)

    assert (p.penalty, p.status) == ("warning", PenaltyStatus.ISSUED)
    assert "GA IPG Variable Enforcement" in rec.explanation[-1]


def test_infraction_with_no_ga_counterpart_says_the_ppg_does_not_apply_and_waits_for_the_head_judge(db):
    w = _ga_world()
    rec = penalty_services.recommendation_for(w.alice, "shuffling_error", match=w.match)
    assert rec.infraction.rule == "GA: head judge"
    assert (
        "Flesh and Blood's penalty guide does not apply" in rec.explanation[0]
        and "head judge decides" in rec.explanation[0]
    )

    p = penalty_services.issue_penalty(w.alice, infraction="shuffling_error", judge=w.fj)

    assert (p.penalty, p.status) == ("warning", PenaltyStatus.PENDING)


def test_ga_deviation_and_statement_refusals_cite_ga_not_ppg_1_2_1_4(db):
    w = _ga_world()
    with pytest.raises(DomainError) as exc:
        penalty_services.issue_penalty(w.alice, infraction="slow_play", judge=w.hj, penalty="game_loss")
    assert exc.value.message.endswith("(GA IPG Issuing Penalties)")
    with pytest.raises(DomainError) as exc:
        penalty_services.issue_penalty(w.alice, infraction="cheating", judge=w.hj)
    assert "written statement" in exc.value.message
    _no_fab(exc.value.message)


def test_fab_deviation_refusal_keeps_ppg_1_2(world):
    with pytest.raises(DomainError) as exc:
        penalty_services.issue_penalty(
            world.alice, infraction="slow_play", judge=world.hj, penalty="game_loss"
        )
    assert exc.value.message.endswith("(PPG 1.2)")


def test_fab_situations_are_refused_in_ga_ga_ipg_issuing_penalties(db):
    w = _ga_world()
    with pytest.raises(DomainError) as exc:
        penalty_services.recommendation_for(w.alice, "outside_assistance", variant="harmless_ignorance")
    assert "head judge deviates" in exc.value.message


def test_tardiness_after_five_minutes_is_a_ga_game_loss_ga_trg_timeliness_ga_ipg_tardiness(db):
    w = _ga_world()
    assert penalty_services.issue_tardiness(w.alice, judge=w.fj, seconds_late=240) is None  # within 5 minutes
    p = penalty_services.issue_tardiness(w.bob, judge=w.fj, seconds_late=11 * 60)
    call = call_services.open_call(w.event, actor=w.fj, table_number=1)
    call_services.close_call(call, judge=w.fj, duration_seconds=90)

    assert (p.infraction, p.rule, p.penalty) == ("tardiness_minor", "GA IPG", "game_loss")  # not a Match Loss
    reasons = sorted(w.match.extensions.values_list("reason", flat=True))
    assert reasons == [
        f"Judge call #{call.pk} (GA TRG Time Extensions)",
        "Tardiness delay (organizer's policy)",
        "Tardiness delay (organizer's policy)",
    ]


def test_ga_deck_check_suggestions_name_ga_ipg_deck_issue(db):
    w = _ga_world()
    check = deck_check_services.create_deck_check(w.alice, judge=w.fj, match=w.match)
    check = deck_check_services.finish_deck_check(
        check, judge=w.fj, presented={"Lorraine, Wandering Warrior": 1}, checklist={"not_marked": False}
    )
    suggestions = deck_check_services.deck_check_suggestions(check)
    assert {(s["name"], s["rule"], s["variant"]) for s in suggestions} == {
        ("Deck Issue", "GA IPG", ""),
        ("Marked Cards", "GA IPG", ""),
    }
    _no_fab(*(s["fix"] for s in suggestions))


def test_fab_recommendations_are_unchanged_by_the_ga_table():
    rec = rules.recommend("slow_play", "competitive", prior_today=1)
    assert (rec.penalty, rec.explanation) == (
        "warning",
        ("PPG 4.3: Caution at Competitive REL", "PPG 4.3: repeat 2 -> Warning"),
    )
    assert rules.requires_head_judge_confirmation("shuffling_error", "ip2")
    assert not rules.requires_head_judge_confirmation("shuffling_error", "warning", ga=False)


def test_ga_penalty_preview_shows_the_ga_ipg_recommendation_and_head_judge_review(db):
    from django.test import Client

    w = _ga_world()
    client = Client()
    client.force_login(w.fj)
    page = client.get(
        f"/judging/{w.event.slug}/penalties/new/",
        {"registration": w.alice.pk, "infraction": "outside_assistance"},
    ).content.decode()

    assert 'Recommended: <span class="penalty-match_loss">Match Loss</span>' in page
    assert "GA IPG Outside Assistance (Tournament Error, Major): Match Loss" in page
    assert "Head-judge confirmation needed" in page
    assert "PPG 4.2" not in page


def test_ga_judge_pages_name_no_fab_penalty_guide_ga_ipg(db):
    """The penalty form, the judging navigation and the tardiness page of a GA event name GA's
    Infraction Procedure Guide or the head judge, never the FaB PPG (GA IPG, GA JH)."""
    from django.test import Client

    w = _ga_world()
    client = Client()
    client.force_login(w.fj)
    form = client.get(
        f"/judging/{w.event.slug}/penalties/new/",
        {"registration": w.alice.pk, "infraction": "outside_assistance"},
    ).content.decode()
    assert "Head-judge confirmation needed (GA IPG)" in form
    assert "PPG" not in form
    tardiness = client.get(f"/judging/{w.event.slug}/tardiness/")
    assert tardiness.status_code == 200
    assert "GA IPG" in tardiness.content.decode()
    assert "PPG" not in tardiness.content.decode()
