"""A Grand Archive event's refusals and audit reasons cite GA's own organised-play documents
(GA TRG pages, the GA Judge Handbook) or state a plain policy where GA's documents are silent;
never FaB's TR&P or PPG. The FaB counterparts keep their TR&P/PPG text. Each test is named after
the rule it checks."""

from __future__ import annotations

import pytest

from core.errors import DomainError
from core.models import AuditEntry
from tests.factories import (
    EventFactory,
    MatchFactory,
    PlayerProfileFactory,
    RegistrationFactory,
    RoundFactory,
    StaffAssignmentFactory,
    UserFactory,
)
from tournament import services
from tournament.citations import CITATIONS, cite
from tournament.enums import (
    EventType,
    FormatCode,
    Game,
    MatchResult,
    RoundStage,
    RoundStatus,
    StaffRole,
)

pytestmark = pytest.mark.django_db

FAB_CITES = ("TR&P", "PPG")


def _make_ga(event):
    event.game, event.format, event.event_type = Game.GA, FormatCode.GA_STANDARD, EventType.GA_REGULAR
    event.games_per_match = 2
    event.save()
    return event


@pytest.fixture(params=["fab", "ga"])
def game_event(request, staffed_event):
    """The staffed event, as FaB (unchanged) or as Grand Archive."""
    if request.param == "ga":
        _make_ga(staffed_event["event"])
    return staffed_event


def _refusal(fn, *args, **kwargs) -> str:
    with pytest.raises(DomainError) as exc:
        fn(*args, **kwargs)
    return exc.value.message


def _expect(event, message: str, fab: str, ga: str) -> None:
    """FaB: the old TR&P/PPG text; GA: GA's citation and no FaB document named."""
    if event.game == Game.GA:
        assert f"({ga})" in message, message
        assert not any(word in message for word in FAB_CITES), message
    else:
        assert f"({fab})" in message, message


def test_every_topic_has_a_ga_text_without_fab_numbers_and_keeps_the_fab_text():
    for topic, (fab, ga) in CITATIONS.items():
        assert cite(Game.FAB, topic) == fab and cite(Game.GA, topic) == ga
        assert fab.startswith(("TR&P", "PPG")), topic
        assert not any(word in ga for word in FAB_CITES), topic


def test_player_id_format_is_the_organizers_policy_in_ga_trp_1_5(game_event):
    event = game_event["event"]
    message = _refusal(
        services.register_new_player,
        event,
        actor=game_event["organizer"],
        player_id="not an id!",
        display_name="Zed",
    )
    _expect(event, message, "TR&P 1.5", "organizer's policy")


def test_banned_player_refusal_is_the_organizers_policy_in_ga_trp_1_4(game_event):
    event = game_event["event"]
    banned = PlayerProfileFactory(banned=True)
    message = _refusal(services.register_player, event, player=banned, actor=game_event["organizer"])
    _expect(event, message, "TR&P 1.4", "organizer's policy")


def test_officials_cannot_play_is_the_organizers_policy_in_ga_trp_1_4_2_1(game_event):
    event = game_event["event"]
    event.tier = 2
    event.save()
    judge_profile = PlayerProfileFactory(user=game_event["floor_judge"])
    message = _refusal(services.register_player, event, player=judge_profile, actor=game_event["organizer"])
    _expect(event, message, "TR&P 1.4, 2.1", "organizer's policy")


def test_drop_during_a_round_concedes_citing_ga_trg_dropping_from_tournaments_trp_3_6(
    game_event, add_players
):
    event = game_event["event"]
    regs = add_players(event, 4)
    services.pair_next_round(event, actor=game_event["organizer"])

    services.drop_registration(regs[0], actor=game_event["organizer"])

    reasons = list(
        AuditEntry.objects.filter(event_id=event.pk, action__startswith="match").values_list(
            "reason", flat=True
        )
    )
    wanted = "GA TRG Dropping from Tournaments" if event.game == Game.GA else "TR&P 3.6"
    assert f"player dropped ({wanted})" in reasons


def test_reentry_by_anyone_but_the_head_judge_cites_ga_trg_dropping_from_tournaments_trp_3_6(
    game_event, add_players
):
    event = game_event["event"]
    reg = add_players(event, 1)[0]
    services.drop_registration(reg, actor=game_event["organizer"])

    message = _refusal(services.reenter_registration, reg, actor=game_event["floor_judge"])
    _expect(event, message, "TR&P 3.6", "GA TRG Dropping from Tournaments")


def test_disqualification_by_a_floor_judge_cites_the_ga_judge_handbook_ppg_1_4(game_event, add_players):
    event = game_event["event"]
    reg = add_players(event, 1)[0]
    message = _refusal(
        services.disqualify_registration, reg, actor=game_event["floor_judge"], reason="cheating"
    )
    _expect(event, message, "PPG 1.4", "GA JH: head judge reviews")


def test_no_show_drop_cites_ga_trg_dropping_from_tournaments_trp_3_6(game_event, add_players):
    event = game_event["event"]
    add_players(event, 2)
    rnd = services.pair_next_round(event, actor=game_event["organizer"])
    match = rnd.matches.first()

    services.record_no_show(match, absent=[match.player_a], actor=game_event["scorekeeper"])

    reason = AuditEntry.objects.filter(event_id=event.pk, action="registration.drop").get().reason
    wanted = "GA TRG Dropping from Tournaments" if event.game == Game.GA else "TR&P 3.6"
    assert reason == f"no-show ({wanted})"


def test_fixed_table_by_a_scorekeeper_is_the_organizers_policy_in_ga_trp_3_10(game_event, add_players):
    event = game_event["event"]
    reg = add_players(event, 1)[0]
    message = _refusal(
        services.set_fixed_table, reg, table_number=3, actor=game_event["scorekeeper"], reason="wheelchair"
    )
    _expect(event, message, "TR&P 3.10", "organizer's policy")


def test_playoff_draw_refusal_cites_ga_trg_round_structure_trp_3_4_3_5(game_event):
    event = game_event["event"]
    rnd = RoundFactory(event=event, number=4, stage=RoundStage.TOP_CUT, status=RoundStatus.IN_PROGRESS)
    match = MatchFactory(
        round=rnd,
        table_number=1,
        player_a=RegistrationFactory(event=event),
        player_b=RegistrationFactory(event=event),
    )
    message = _refusal(
        services.enter_result,
        match,
        actor=game_event["scorekeeper"],
        result=MatchResult.DRAW,
        games_a=1,
        games_b=1,
    )
    _expect(event, message, "TR&P 3.4, 3.5", "GA TRG Round Structure")


def test_game_wins_needed_refusal_names_the_events_match_setting_in_ga_trp_3_1(game_event):
    event = game_event["event"]
    rnd = RoundFactory(event=event, number=1, status=RoundStatus.IN_PROGRESS)
    match = MatchFactory(
        round=rnd,
        table_number=1,
        player_a=RegistrationFactory(event=event),
        player_b=RegistrationFactory(event=event),
    )
    need = event.games_per_match
    message = _refusal(
        services.enter_result,
        match,
        actor=game_event["scorekeeper"],
        result=MatchResult.A_WINS,
        games_a=need + 1,
        games_b=0,
    )
    _expect(event, message, "TR&P 3.1", "the event's match setting")


def test_tier_refusal_names_our_tiers_not_trp_1_1_in_ga():
    for game, wanted in ((Game.FAB, "TR&P 1.1"), (Game.GA, "our tiers for GA's event ladder")):
        message = _refusal(services.create_event, actor=UserFactory(), name="Tiers", game=game, tier=9)
        assert f"({wanted})" in message
        if game == Game.GA:
            assert "TR&P" not in message


def test_second_head_judge_refusal_is_the_organizers_policy_in_ga_trp_2_1(game_event):
    event = game_event["event"]
    message = _refusal(
        services.assign_staff,
        event,
        user=UserFactory(),
        role=StaffRole.HEAD_JUDGE,
        actor=game_event["organizer"],
    )
    _expect(event, message, "TR&P 2.1", "organizer's policy")


def test_ga_event_from_registration_to_penalty_never_cites_trp_or_ppg(add_players):
    """A GA event driven through registration (one refused), pairing, results, a drop, a
    refused re-entry, a refused DQ and penalties: no error message, audit reason or
    penalty record names the TR&P or the PPG."""
    from judging.services import penalties as penalty_services

    event = _make_ga(EventFactory(swiss_rounds=3, top_cut=0, tier=2))
    staff = {}
    for role in (StaffRole.ORGANIZER, StaffRole.HEAD_JUDGE, StaffRole.FLOOR_JUDGE, StaffRole.SCOREKEEPER):
        staff[role] = UserFactory(username=f"ga-{role.value}")
        StaffAssignmentFactory(event=event, user=staff[role], role=role)
    org, hj, fj, sk = (
        staff[StaffRole.ORGANIZER],
        staff[StaffRole.HEAD_JUDGE],
        staff[StaffRole.FLOOR_JUDGE],
        staff[StaffRole.SCOREKEEPER],
    )
    messages: list[str] = []

    def refused(fn, *args, **kwargs):
        messages.append(_refusal(fn, *args, **kwargs))

    refused(services.register_new_player, event, actor=org, player_id="bad id!", display_name="X")
    refused(services.register_player, event, player=PlayerProfileFactory(banned=True), actor=org)
    refused(services.register_player, event, player=PlayerProfileFactory(user=fj), actor=org)
    regs = [
        services.register_new_player(event, actor=org, player_id=f"GA-{i}", display_name=f"P{i}")
        for i in range(6)
    ]
    for reg in regs:
        services.check_in(reg, actor=org)
    rnd = services.pair_next_round(event, actor=org)
    services.publish_round(rnd, actor=org)
    first, second, third = list(rnd.matches.order_by("table_number"))
    refused(services.enter_result, first, actor=sk, result=MatchResult.A_WINS, games_a=3, games_b=0)
    services.enter_result(first, actor=sk, result=MatchResult.A_WINS, games_a=2, games_b=1)
    services.drop_registration(second.player_a, actor=org)
    refused(services.reenter_registration, second.player_a, actor=fj)
    refused(services.disqualify_registration, third.player_a, actor=fj, reason="cheating")
    refused(services.set_fixed_table, third.player_b, table_number=2, actor=sk, reason="access")
    warning = penalty_services.issue_penalty(third.player_b, infraction="slow_play", judge=fj)
    repeat = penalty_services.issue_penalty(third.player_b, infraction="slow_play", judge=fj)
    refused(
        penalty_services.issue_penalty, third.player_b, infraction="shuffling_error", judge=fj, penalty="ip2"
    )
    refused(
        penalty_services.issue_penalty,
        third.player_b,
        infraction="slow_play",
        judge=fj,
        penalty="match_loss",
    )
    loss = penalty_services.issue_penalty(third.player_a, infraction="outside_assistance", judge=hj)

    penalties = [warning, repeat, loss]
    texts = messages + [
        r for r in AuditEntry.objects.filter(event_id=event.pk).values_list("reason", flat=True) if r
    ]
    for p in penalties:
        texts += [p.rule, *p.explanation, p.infraction_entry.fix, p.infraction_entry.notes]
    assert len(messages) == 9
    leaks = [t for t in texts if "TR&P" in t or "PPG" in t]
    assert not leaks, leaks
    assert warning.rule == "GA IPG" and warning.penalty == "warning"
    assert repeat.penalty == "game_loss"  # GA IPG: a second Tournament Error of the type that day
    assert loss.penalty == "match_loss" and loss.status == "issued"


@pytest.mark.parametrize("game", [Game.FAB, Game.GA])
def test_draft_pod_seating_reason_is_the_organizers_policy_in_ga_trp_8_2(game):
    fmt = FormatCode.GA_DRAFT if game == Game.GA else FormatCode.DRAFT
    kind = EventType.GA_REGULAR if game == Game.GA else EventType.ARMORY
    event = EventFactory(game=game, format=fmt, event_type=kind, swiss_rounds=3, top_cut=0)
    for _ in range(8):
        RegistrationFactory(event=event, player=PlayerProfileFactory(), status="checked_in")

    services.seat_pods_at_random(event, actor=None, pod_size=8, seed=3)

    reason = AuditEntry.objects.get(event_id=event.pk, action="draft.seat_pods").reason
    wanted = "organizer's policy" if game == Game.GA else "TR&P 8.2"
    assert reason == f"random seating, pods of up to 8 ({wanted})"


def test_team_registration_in_a_ga_event_cites_ga_team_standard_not_trp_9_2(staffed_event):
    event = _make_ga(staffed_event["event"])
    players = [(PlayerProfileFactory(), pos) for pos in "ABC"]
    message = _refusal(
        services.register_team, event, team_name="Spirits", members=players, actor=staffed_event["organizer"]
    )
    _expect(event, message, "TR&P 9.2", "GA TRG Team Standard Constructed")


@pytest.mark.parametrize("game", [Game.FAB, Game.GA])
def test_player_without_a_pod_refusal_is_the_organizers_policy_in_ga_trp_8_2(game):
    fmt = FormatCode.GA_DRAFT if game == Game.GA else FormatCode.DRAFT
    kind = EventType.GA_REGULAR if game == Game.GA else EventType.ARMORY
    event = EventFactory(game=game, format=fmt, event_type=kind, swiss_rounds=3, top_cut=0)
    for _ in range(4):
        RegistrationFactory(event=event, player=PlayerProfileFactory(), status="checked_in")
    services.seat_pods_at_random(event, actor=None, pod_size=8, seed=3)
    RegistrationFactory(event=event, player=PlayerProfileFactory(display_name="Late"), status="checked_in")

    message = _refusal(services.pair_next_round, event, actor=None)

    assert "Late has no pod" in message
    _expect(event, message, "TR&P 8.2", "organizer's policy")
