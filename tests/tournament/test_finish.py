"""The end of an event: the dashboard's next step (pair, start the top cut, finish), a finished
event closed to every change until reopened with a reason, the final placings (page, PDF, CSV,
JSON), and staff undoing a drop."""

from __future__ import annotations

import csv
import io
import json

import pytest

from core.errors import ConflictError, DomainError, NotAllowed
from core.models import AuditEntry
from tests.factories import (
    EventFactory,
    PlayerProfileFactory,
    RegistrationFactory,
    StaffAssignmentFactory,
    UserFactory,
)
from tournament import progress, services
from tournament.enums import EventStatus, MatchResult, RegistrationStatus, RoundStatus, StaffRole
from tournament.models import Match, Registration
from tournament.pdf import document_for

pytestmark = pytest.mark.django_db


def _event(n_players=8, swiss_rounds=3, top_cut=4):
    event = EventFactory(swiss_rounds=swiss_rounds, top_cut=top_cut)
    sk = StaffAssignmentFactory(event=event, role=StaffRole.SCOREKEEPER).user
    organizer = StaffAssignmentFactory(event=event, role=StaffRole.ORGANIZER).user
    regs = [
        RegistrationFactory(event=event, player=PlayerProfileFactory(display_name=f"P{i:02d}"))
        for i in range(n_players)
    ]
    return event, sk, organizer, regs


def _play(event, sk):
    """Pair, publish and settle the next round: player A wins every match."""
    rnd = services.pair_next_round(event, actor=sk)
    services.publish_round(rnd, actor=sk)
    for m in Match.objects.filter(round=rnd, result=MatchResult.PENDING):
        services.enter_result(m, result=MatchResult.A_WINS, games_a=1, games_b=0, actor=sk)
    rnd.refresh_from_db()
    assert rnd.status == RoundStatus.COMPLETE
    return rnd


def test_next_step_walks_swiss_then_top_cut_then_finish():
    event, sk, _org, _regs = _event()
    assert progress.next_step(event).label == "Pair round 1"
    for n in (1, 2):
        _play(event, sk)
        assert progress.next_step(event).label == f"Pair round {n + 1}"
    _play(event, sk)
    step = progress.next_step(event)
    assert (step.kind, step.label, step.number) == (progress.START_TOP_CUT, "Start top cut (top 4)", 4)
    _play(event, sk)  # semifinals
    assert progress.next_step(event).label == "Pair the final"
    _play(event, sk)  # final
    assert (progress.next_step(event).kind, progress.next_step(event).label) == (
        progress.FINISH,
        "Finish event",
    )
    services.finish_event(event, actor=sk)
    event.refresh_from_db()
    assert progress.next_step(event).kind == progress.CLOSED


def test_next_step_is_finish_after_the_last_swiss_round_without_top_cut():
    event, sk, _org, _regs = _event(n_players=4, swiss_rounds=2, top_cut=0)
    _play(event, sk)
    _play(event, sk)
    assert progress.next_step(event).kind == progress.FINISH


def test_next_step_while_a_round_runs_offers_no_pairing():
    event, sk, _org, _regs = _event(n_players=4, swiss_rounds=2, top_cut=0)
    services.pair_next_round(event, actor=sk)
    assert progress.next_step(event).kind == progress.ROUND_OPEN


def _finished_event():
    event, sk, organizer, regs = _event()
    for _ in range(5):  # three Swiss rounds, semifinals, final
        _play(event, sk)
    services.finish_event(event, actor=sk)
    event.refresh_from_db()
    return event, sk, organizer, regs


def test_final_placings_follow_the_bracket_then_the_swiss_standings():
    event, sk, _org, _regs = _finished_event()
    placings = progress.final_placings(event)
    final = Match.objects.get(round__event=event, round__number=5)
    semis = list(Match.objects.filter(round__event=event, round__number=4))
    assert [p.label for p in placings[:4]] == ["Winner", "Finalist", "Top 4", "Top 4"]
    assert placings[0].registration.pk == final.player_a_id  # A won the final
    assert placings[1].registration.pk == final.player_b_id
    assert {p.registration.pk for p in placings[2:4]} == {m.player_b_id for m in semis}
    assert [p.place for p in placings] == list(range(1, 9))
    assert all(p.label == "" for p in placings[4:])
    # After the play-off, the Swiss standings decide.
    from tournament import selectors

    swiss = [s.registration.pk for s in selectors.standings_for_event(event)]
    rest = [p.registration.pk for p in placings[4:]]
    assert rest == [pk for pk in swiss if pk in rest]


def test_a_finished_event_takes_no_pairing_results_registration_or_drops():
    event, sk, organizer, regs = _finished_event()
    match = Match.objects.filter(round__event=event, player_b__isnull=False).first()
    attempts = [
        lambda: services.pair_next_round(event, actor=sk),
        lambda: services.correct_result(
            match, result=MatchResult.B_WINS, games_a=0, games_b=1, actor=sk, reason="typo"
        ),
        lambda: services.register_new_player(event, actor=sk, player_id="GEM4242", display_name="Late"),
        lambda: services.drop_registration(regs[0], actor=sk),
        lambda: services.check_in_all(event, actor=sk),
        lambda: services.register_walk_in(event, actor=sk, display_name="Walk"),
    ]
    for attempt in attempts:
        with pytest.raises(DomainError):
            attempt()
    assert Registration.objects.get(pk=regs[0].pk).status != RegistrationStatus.DROPPED


def test_reopening_needs_a_reason_and_is_audited():
    event, sk, organizer, _regs = _finished_event()
    with pytest.raises(NotAllowed):
        services.reopen_event(event, actor=sk, reason="scorekeeper cannot")
    with pytest.raises(DomainError):
        services.reopen_event(event, actor=organizer, reason=" ")
    event = services.reopen_event(event, actor=organizer, reason="a result was wrong")
    assert event.status == EventStatus.RUNNING
    assert AuditEntry.objects.get(action="event.reopen", event_id=event.pk).reason == "a result was wrong"


def test_final_standings_exports_lead_with_the_placings(client):
    event, *_ = _finished_event()
    body = client.get(f"/events/{event.slug}/export/standings.csv").content.decode()
    rows = list(csv.DictReader(io.StringIO(body)))
    assert [r["place"] for r in rows] == [str(n) for n in range(1, 9)]
    assert [r["finish"] for r in rows[:4]] == ["Winner", "Finalist", "Top 4", "Top 4"]
    data = json.loads(client.get(f"/events/{event.slug}/export/standings.json").content)
    assert data["final"] is True
    assert data["standings"][0]["finish"] == "Winner"


def test_event_page_shows_the_final_placings(client):
    event, *_ = _finished_event()
    winner = progress.final_placings(event)[0].registration.player.display_name
    page = client.get(f"/events/{event.slug}/").content.decode()
    assert "Final placings" in page
    section = page.split('id="placings"')[1].split("</section>")[0]
    assert winner in section and "Winner" in section and "Finalist" in section


def test_standings_pdf_of_the_last_round_carries_the_placings():
    event, *_ = _finished_event()
    sheet = document_for(event, "standings", 5)
    labels = [row["label"] for row in sheet.context()["placings"]]
    assert labels[:4] == ["Winner", "Finalist", "Top 4", "Top 4"]
    # The last Swiss round's sheet (the one the public page offers) carries them too; earlier ones do not.
    assert document_for(event, "standings", 3).context()["placings"] == sheet.context()["placings"]
    assert document_for(event, "standings", 2).context()["placings"] == []
    assert sheet.render().startswith(b"%PDF")


def test_finish_is_refused_while_a_round_runs():
    event, sk, _org, _regs = _event(n_players=4, swiss_rounds=1, top_cut=0)
    services.pair_next_round(event, actor=sk)
    with pytest.raises(ConflictError):
        services.finish_event(event, actor=sk)


# --------------------------------------------------------------------------- undoing a drop


def test_staff_undo_a_mistaken_drop_with_a_reason():
    event, sk, _org, regs = _event(n_players=4, swiss_rounds=3, top_cut=0)
    rnd = services.pair_next_round(event, actor=sk)
    services.publish_round(rnd, actor=sk)
    reg = regs[0]
    match = (
        Match.objects.get(round=rnd, player_a=reg)
        if Match.objects.filter(round=rnd, player_a=reg).exists()
        else Match.objects.get(round=rnd, player_b=reg)
    )
    services.drop_registration(reg, actor=sk, reason="")
    match.refresh_from_db()
    assert match.result != MatchResult.PENDING  # the drop conceded the match
    with pytest.raises(DomainError):
        services.undo_drop(reg, actor=sk, reason="")
    back = services.undo_drop(reg, actor=sk, reason="wrong player dropped")
    assert back.status == RegistrationStatus.CHECKED_IN
    match.refresh_from_db()
    assert match.result == MatchResult.PENDING  # the concession is taken back
    entry = AuditEntry.objects.get(action="registration.undo_drop", event_id=event.pk)
    assert entry.reason == "wrong player dropped"
    assert AuditEntry.objects.filter(action="match.undo_drop", event_id=event.pk).exists()


def test_after_a_new_round_undoing_a_drop_is_the_head_judges_re_entry():
    event, sk, _org, regs = _event(n_players=5, swiss_rounds=3, top_cut=0)
    services.drop_registration(regs[0], actor=sk, reason="left")
    _play(event, sk)
    with pytest.raises(NotAllowed):
        services.undo_drop(regs[0], actor=sk, reason="came back")
    hj = StaffAssignmentFactory(event=event, role=StaffRole.HEAD_JUDGE).user
    back = services.undo_drop(regs[0], actor=hj, reason="came back")
    assert back.status == RegistrationStatus.CHECKED_IN
    assert AuditEntry.objects.filter(action="registration.reenter", event_id=event.pk).exists()


def test_a_player_cannot_undo_a_drop():
    event, sk, _org, regs = _event(n_players=4)
    services.drop_registration(regs[0], actor=sk)
    with pytest.raises(NotAllowed):
        services.undo_drop(regs[0], actor=regs[0].player.user, reason="oops")
    with pytest.raises(NotAllowed):
        services.undo_drop(regs[0], actor=UserFactory(), reason="oops")


def test_finished_event_pages_refuse_and_hide_changes(client):
    event, sk, _org, regs = _finished_event()
    client.force_login(sk)
    base = f"/events/{event.slug}/staff"
    for path, data in (
        ("/pair/", {}),
        ("/check-in/", {"op": "all"}),
        ("/walk-in/", {"display_name": "Late"}),
        ("/registration/", {"registration": regs[0].pk, "op": "drop"}),
    ):
        response = client.post(base + path, data, follow=True)
        assert "nothing can change until it is reopened" in response.content.decode(), path
    assert Registration.objects.get(pk=regs[0].pk).status != RegistrationStatus.DROPPED
    assert not Registration.objects.filter(event=event, player__display_name="Late").exists()
    page = client.get(base + "/").content.decode()
    assert "data-event-closed" in page
    for control in ("data-pair", "data-publish", "data-walk-in", "data-confirm-drop", "data-check-in-all"):
        assert control not in page
    api = client.post(f"/api/events/{event.slug}/players/", {"player_id": "GEM1", "display_name": "X"})
    assert api.status_code in (400, 409)


def test_api_undo_drop_needs_a_reason(api_client):
    event, sk, _org, regs = _event(n_players=4)
    services.drop_registration(regs[0], actor=sk)
    api_client.force_authenticate(sk)
    url = f"/api/events/{event.slug}/players/{regs[0].pk}/undo-drop/"
    assert api_client.post(url, {}, format="json").status_code == 400
    answer = api_client.post(url, {"reason": "mistake"}, format="json")
    assert answer.status_code == 200 and answer.json()["status"] == RegistrationStatus.CHECKED_IN
