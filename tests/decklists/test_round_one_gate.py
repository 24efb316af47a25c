"""The decklists gate before round 1 (TR&P 3.7, App E): at an event that requires lists,
publishing round 1 with missing or illegal lists needs an override with a reason (recorded);
the staff dashboard counts missing, illegal and unchecked lists; a finished event takes no
decklist change."""

from __future__ import annotations

import pytest

from core.errors import ConflictError
from core.models import AuditEntry
from decklists import selectors
from decklists.enums import DecklistKind, DecklistStatus
from decklists.models import Decklist
from decklists.services import save_decklist
from tests.factories import EventFactory, PlayerProfileFactory, RegistrationFactory, StaffAssignmentFactory
from tournament import services
from tournament.enums import EventStatus, RoundStatus, StaffRole

pytestmark = pytest.mark.django_db


def _event(required=True):
    event = EventFactory(rel="competitive", decklists_required=required, swiss_rounds=3, top_cut=0)
    sk = StaffAssignmentFactory(event=event, role=StaffRole.SCOREKEEPER).user
    regs = {
        name: RegistrationFactory(event=event, player=PlayerProfileFactory(display_name=name))
        for name in ("Ana", "Ben", "Cleo", "Dev")
    }
    lists = {
        "Ana": {"status": DecklistStatus.ACCEPTED, "is_legal": True},
        "Ben": {"status": DecklistStatus.SUBMITTED, "is_legal": False},
        "Cleo": {"status": DecklistStatus.DRAFT, "is_legal": True},
        # Dev: no list at all
    }
    for name, fields in lists.items():
        Decklist.objects.create(registration=regs[name], kind=DecklistKind.CONSTRUCTED, **fields)
    return event, sk, regs


def test_publishing_round_one_with_missing_or_illegal_lists_is_refused():
    event, sk, _regs = _event()
    rnd = services.pair_next_round(event, actor=sk)
    with pytest.raises(ConflictError) as exc:
        services.publish_round(rnd, actor=sk)
    assert exc.value.code == "publish_problems"
    for words in ("Ben: decklist is not legal", "Cleo: no decklist submitted", "Dev: no decklist submitted"):
        assert words in exc.value.message
    assert "Ana" not in exc.value.message
    rnd.refresh_from_db()
    assert rnd.status == RoundStatus.PAIRED


def test_the_dashboard_lists_the_problems_of_round_one():
    event, sk, _regs = _event()
    rnd = services.pair_next_round(event, actor=sk)
    from tournament import selectors as tournament_selectors

    problems = tournament_selectors.publish_problems(rnd)
    assert [(p["name"], p["problem"]) for p in problems] == [
        ("Ben", "decklist is not legal"),
        ("Cleo", "no decklist submitted"),
        ("Dev", "no decklist submitted"),
    ]


def test_override_with_a_reason_publishes_and_is_recorded():
    event, sk, _regs = _event()
    rnd = services.pair_next_round(event, actor=sk)
    services.publish_round(rnd, actor=sk, override_reason="lists on paper, typed in during round 1")
    rnd.refresh_from_db()
    assert rnd.status == RoundStatus.PUBLISHED
    entry = AuditEntry.objects.get(action="round.publish_override", event_id=event.pk)
    assert entry.reason == "lists on paper, typed in during round 1"
    assert {p["name"] for p in entry.before["problems"]} == {"Ben", "Cleo", "Dev"}


def test_api_publish_needs_the_override(api_client):
    event, sk, _regs = _event()
    rnd = services.pair_next_round(event, actor=sk)
    api_client.force_authenticate(sk)
    url = f"/api/events/{event.slug}/rounds/{rnd.number}/publish/"
    assert api_client.post(url, {}, format="json").status_code == 409
    assert api_client.post(url, {"override_reason": "paper lists"}, format="json").status_code == 200


def test_no_gate_when_the_event_requires_no_lists():
    event, sk, _regs = _event(required=False)
    rnd = services.pair_next_round(event, actor=sk)
    services.publish_round(rnd, actor=sk)
    rnd.refresh_from_db()
    assert rnd.status == RoundStatus.PUBLISHED


def test_exception_granted_by_the_head_judge_passes_the_gate():
    event, sk, regs = _event()
    hj = StaffAssignmentFactory(event=event, role=StaffRole.HEAD_JUDGE).user
    Decklist.objects.filter(registration=regs["Ben"]).update(exception_by=hj, exception_reason="ok")
    rnd = services.pair_next_round(event, actor=sk)
    names = {p["name"] for p in selectors.round_one_problems(event, rnd)}
    assert names == {"Cleo", "Dev"}


def test_dashboard_counts_missing_illegal_and_unchecked_lists():
    event, _sk, regs = _event()
    counts = selectors.gate_counts(event)
    assert counts == {"required": True, "players": 4, "missing": 2, "illegal": 1, "unchecked": 0}
    Decklist.objects.filter(registration=regs["Ben"]).update(is_legal=True)
    counts = selectors.gate_counts(event)
    assert (counts["illegal"], counts["unchecked"]) == (0, 1)


def test_dashboard_shows_the_counts(client):
    event, sk, _regs = _event()
    client.force_login(sk)
    page = client.get(f"/events/{event.slug}/staff/").content.decode()
    assert "2 missing" in page and "1 not legal" in page and "0 not checked yet" in page


def test_finished_event_takes_no_decklist_change():
    event, sk, regs = _event()
    event.status = EventStatus.FINISHED
    event.save()
    with pytest.raises(ConflictError) as exc:
        save_decklist(regs["Dev"], actor=regs["Dev"].player.user, text="Hero: Dorinthea Ironsong")
    assert exc.value.code == "event_closed"


def test_finished_event_decklist_page_offers_no_form(client):
    event, _sk, regs = _event()
    event.status = EventStatus.FINISHED
    event.save()
    client.force_login(regs["Dev"].player.user)
    page = client.get(f"/decklists/e/{event.slug}/").content.decode()
    assert "data-event-closed" in page
    assert 'id="decklist-form"' not in page


def _head_judge(event):
    return StaffAssignmentFactory(event=event, role=StaffRole.HEAD_JUDGE).user


@pytest.mark.parametrize("status", [EventStatus.FINISHED, EventStatus.CANCELLED])
def test_a_closed_event_decklist_pages_offer_no_change_until_it_is_reopened(client, status):
    """The services refuse every change to a closed event's lists (require_event_open); the
    officials' pages say so instead of offering buttons that would only be refused. The combined
    PDF stays; publishing stays for the organizer of a finished event."""
    event, _sk, regs = _event()
    head_judge = _head_judge(event)
    submitted = Decklist.objects.get(registration=regs["Ben"])
    client.force_login(head_judge)
    open_manage = client.get(f"/decklists/e/{event.slug}/manage/").content.decode()
    open_detail = client.get(f"/decklists/{submitted.pk}/").content.decode()
    event.status = status
    event.save()
    manage = client.get(f"/decklists/e/{event.slug}/manage/").content.decode()
    detail = client.get(f"/decklists/{submitted.pk}/").content.decode()
    client.force_login(regs["Cleo"].player.user)
    own = client.get(f"/decklists/{Decklist.objects.get(registration=regs['Cleo']).pk}/").content.decode()

    for action in ("lock", "revalidate", "deadline"):
        assert f"/manage/{action}/" in open_manage and f"/manage/{action}/" not in manage
    assert "/manage/render/" in manage
    assert f"The event is {status.label.lower()}" in manage and "data-event-closed" in manage
    for action in ("accept", "reject"):
        assert f"/{submitted.pk}/{action}/" in open_detail and f"/{submitted.pk}/{action}/" not in detail
    assert "data-event-closed" in detail and "until an organizer or head judge reopens" in detail
    assert "data-event-closed" in own and "/submit/" not in own and ">Edit</a>" not in own
