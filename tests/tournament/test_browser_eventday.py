"""Event day through the pages in headless Debian chromium: the check-in desk before round 1
(typed name, typed ID, the player's QR code, a walk-in, the explicit choice about who never
came), a staff drop confirmed and undone, and the end of an event (top cut, final, finish,
final placings on the phone)."""

from __future__ import annotations

import pytest

from core.pdf import qr_svg_data_uri
from tests.conftest import login_in_browser
from tests.factories import (
    EventFactory,
    PlayerProfileFactory,
    RegistrationFactory,
    StaffAssignmentFactory,
    UserFactory,
)
from tournament import services
from tournament.enums import EventStatus, MatchResult, RegistrationStatus, RoundStatus, StaffRole
from tournament.models import Match, Registration, Round


@pytest.fixture(autouse=True)
def empty_cache():
    from django.core.cache import cache

    cache.clear()


def _fits_phone(page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_check_in_desk_then_pair_round_one(live_server, browser_page, phone_page):
    event = EventFactory(
        slug="friday-cc", name="Friday CC", swiss_rounds=3, top_cut=0, check_in_required=True
    )
    sk = UserFactory(username="sk")
    StaffAssignmentFactory(event=event, user=sk, role=StaffRole.SCOREKEEPER)
    regs = {}
    for name in ("Ana", "Ben", "Cleo", "Dev", "Eve"):
        user = UserFactory(username=name.lower())
        regs[name] = RegistrationFactory(
            event=event,
            status=RegistrationStatus.REGISTERED,
            player=PlayerProfileFactory(user=user, display_name=name),
        )

    staff = browser_page
    login_in_browser(staff, live_server, "sk", "pw-sk")
    staff.goto(f"{live_server.url}/events/friday-cc/staff/")
    assert "5 registered players have not checked in" in staff.locator("[data-not-checked-in]").inner_text()

    # Typed name, then a typed player ID, in the one box.
    staff.fill("[data-check-in-box]", "ana")
    staff.click("[data-check-in-find]")
    staff.wait_for_selector("text=Ana (")
    staff.fill("[data-check-in-box]", regs["Ben"].player.player_id)
    staff.click("[data-check-in-find]")
    staff.wait_for_selector(f"text=Ben ({regs['Ben'].player.player_id}) checked in.")

    # Cleo shows the QR code on her phone; the staff's phone opens what it encodes.
    phone = phone_page
    login_in_browser(phone, live_server, "cleo", "pw-cleo")
    phone.goto(f"{live_server.url}/events/friday-cc/me/")
    qr = phone.locator("[data-check-in-qr]")
    token = services.check_in_token(regs["Cleo"])
    url = f"{live_server.url}/events/friday-cc/staff/check-in/{token}/"
    assert qr.get_attribute("src") == qr_svg_data_uri(url)
    _fits_phone(phone)
    staff.goto(url)
    staff.click("[data-check-in-confirm]")
    staff.wait_for_selector("text=Cleo checked in.")

    # A walk-in without a player ID.
    staff.fill("form[action$='/walk-in/'] input[name=display_name]", "Wes Walkin")
    staff.click("[data-walk-in]")
    staff.wait_for_selector("text=registered as a walk-in")
    wes = Registration.objects.get(event=event, player__display_name="Wes Walkin")
    assert wes.player.is_temporary and wes.status == RegistrationStatus.CHECKED_IN
    assert wes.player.claim_code in staff.locator(".messages").inner_text()
    # The desk now shows Wes the QR code of his own page, then goes back to the players.
    phone_url = f"{live_server.url}/events/friday-cc/phone/{services.phone_token(wes)}/"
    assert staff.locator("[data-phone-qr]").get_attribute("src") == qr_svg_data_uri(phone_url)
    staff.click("text=Back to the players")

    # Dev and Eve never came: pairing needs one explicit choice.
    notice = staff.locator("[data-not-checked-in]").inner_text()
    assert "Dev" in notice and "Eve" in notice and "Ana" not in notice
    staff.click("[data-pair]")  # the browser asks for the choice first
    assert not Round.objects.filter(event=event).exists()
    staff.check("input[name=not_checked_in][value=drop]")
    staff.click("[data-pair]")
    staff.wait_for_selector("[data-publish]")
    rnd = Round.objects.get(event=event, number=1)
    paired = {m.player_a_id for m in rnd.matches.all()} | {m.player_b_id for m in rnd.matches.all()}
    assert paired == {regs["Ana"].pk, regs["Ben"].pk, regs["Cleo"].pk, wes.pk}
    assert Registration.objects.get(pk=regs["Dev"].pk).status == RegistrationStatus.DROPPED

    # The dashboard at phone width.
    staff.set_viewport_size({"width": 390, "height": 844})
    staff.reload()
    _fits_phone(staff)


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_staff_drop_asks_first_and_can_be_undone(live_server, browser_page):
    event = EventFactory(slug="drop-night", name="Drop Night", swiss_rounds=3, top_cut=0)
    sk = UserFactory(username="sk2")
    StaffAssignmentFactory(event=event, user=sk, role=StaffRole.SCOREKEEPER)
    ana = RegistrationFactory(event=event, player=PlayerProfileFactory(display_name="Ana"))
    RegistrationFactory(event=event, player=PlayerProfileFactory(display_name="Ben"))

    staff = browser_page
    login_in_browser(staff, live_server, "sk2", "pw-sk2")
    staff.goto(f"{live_server.url}/events/drop-night/staff/#players")
    row = staff.locator(f"[data-player-row='{ana.pk}']")
    confirm = row.locator("[data-confirm-drop]")
    assert not confirm.is_visible()  # one click does not drop anybody
    row.locator("[data-drop] summary").click()
    assert confirm.inner_text() == "Yes, drop Ana"
    confirm.click()
    staff.wait_for_selector("text=Ana dropped.")
    assert Registration.objects.get(pk=ana.pk).status == RegistrationStatus.DROPPED

    row = staff.locator(f"[data-player-row='{ana.pk}']")
    row.locator("[data-undo] summary").click()
    row.locator("[data-undo] input[name=reason]").fill("dropped the wrong player")
    row.locator("[data-undo-drop]").click()
    staff.wait_for_selector("text=Ana is back in the event.")
    assert Registration.objects.get(pk=ana.pk).status == RegistrationStatus.CHECKED_IN


def _play_round(event, sk):
    rnd = services.pair_next_round(event, actor=sk)
    services.publish_round(rnd, actor=sk)
    for m in Match.objects.filter(round=rnd, result=MatchResult.PENDING):
        services.enter_result(m, result=MatchResult.A_WINS, games_a=1, games_b=0, actor=sk)


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_top_cut_final_and_finish_through_the_pages(live_server, browser_page, phone_page):
    event = EventFactory(slug="saturday-top", name="Saturday Top 2", swiss_rounds=2, top_cut=2)
    org = UserFactory(username="org")
    StaffAssignmentFactory(event=event, user=org, role=StaffRole.ORGANIZER)
    for name in ("Ana", "Ben", "Cleo", "Dev"):
        RegistrationFactory(event=event, player=PlayerProfileFactory(display_name=name))
    _play_round(event, org)
    _play_round(event, org)

    staff = browser_page
    login_in_browser(staff, live_server, "org", "pw-org")
    staff.goto(f"{live_server.url}/events/saturday-top/staff/")
    assert staff.locator("[data-pair]").inner_text() == "Start top cut (top 2)"
    assert staff.locator("text=Pair round 3").count() == 0
    assert staff.locator("[data-finish]").count() == 0
    staff.click("[data-pair]")
    staff.click("[data-publish]")
    entry = staff.locator("#id_entry")
    entry.fill("1 1-0")
    entry.press("Enter")
    staff.wait_for_selector("#quick-entry-log li.success")
    staff.reload()

    # After the final: only "Finish event".
    assert staff.locator("[data-pair]").count() == 0
    staff.click("[data-finish]")
    staff.wait_for_selector("[data-event-closed]")
    event.refresh_from_db()
    assert event.status == EventStatus.FINISHED
    assert staff.locator("[data-pair], [data-publish], [data-walk-in], [data-confirm-drop]").count() == 0
    final = Match.objects.get(round__event=event, round__number=3)
    assert Round.objects.get(pk=final.round_id).status == RoundStatus.COMPLETE

    # The public page on a phone: the final placings, winner first.
    phone = phone_page
    phone.goto(f"{live_server.url}/events/saturday-top/")
    placings = phone.locator("[data-placings] tbody tr")
    assert placings.nth(0).inner_text().split("\t")[-1].strip() == "Winner"
    assert final.player_a.player.display_name in placings.nth(0).inner_text()
    assert final.player_b.player.display_name in placings.nth(1).inner_text()
    _fits_phone(phone)

    # Reopening takes a reason.
    staff.locator("summary", has_text="Reopen the event").click()
    staff.fill("form[action$='/reopen/'] input[name=reason]", "result entered on the wrong table")
    staff.click("[data-reopen]")
    staff.wait_for_selector("text=The event is open again.")
    event.refresh_from_db()
    assert event.status == EventStatus.RUNNING


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_round_one_with_missing_decklists_publishes_only_with_a_reason(live_server, browser_page):
    from core.models import AuditEntry
    from decklists.enums import DecklistKind, DecklistStatus
    from decklists.models import Decklist

    event = EventFactory(
        slug="pq-cc",
        name="ProQuest CC",
        rel="competitive",
        decklists_required=True,
        swiss_rounds=3,
        top_cut=0,
    )
    sk = UserFactory(username="sk3")
    StaffAssignmentFactory(event=event, user=sk, role=StaffRole.SCOREKEEPER)
    regs = {
        name: RegistrationFactory(event=event, player=PlayerProfileFactory(display_name=name))
        for name in ("Ana", "Ben", "Cleo", "Dev")
    }
    for name in ("Ana", "Ben"):
        Decklist.objects.create(
            registration=regs[name],
            kind=DecklistKind.CONSTRUCTED,
            status=DecklistStatus.ACCEPTED,
            is_legal=True,
        )
    Decklist.objects.create(
        registration=regs["Cleo"],
        kind=DecklistKind.CONSTRUCTED,
        status=DecklistStatus.SUBMITTED,
        is_legal=False,
    )

    staff = browser_page
    login_in_browser(staff, live_server, "sk3", "pw-sk3")
    staff.goto(f"{live_server.url}/events/pq-cc/staff/")
    counts = staff.locator("[data-decklist-counts]").inner_text()
    assert "1 missing" in counts and "1 not legal" in counts
    staff.click("[data-pair]")
    problems = staff.locator("[data-publish-problems]").inner_text()
    assert "Cleo: decklist is not legal" in problems and "Dev: no decklist submitted" in problems
    staff.click("[data-publish]")  # no reason: the browser asks for one first
    assert Round.objects.get(event=event, number=1).status == RoundStatus.PAIRED
    staff.fill("input[name=override_reason]", "Dev hands in a paper list at the table")
    staff.click("[data-publish]")
    staff.wait_for_selector("#id_entry")
    assert Round.objects.get(event=event, number=1).status == RoundStatus.PUBLISHED
    entry = AuditEntry.objects.get(action="round.publish_override", event_id=event.pk)
    assert entry.reason == "Dev hands in a paper list at the table"
