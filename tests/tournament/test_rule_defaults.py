"""New events take the rules' defaults for their game, type, format and REL, field by field, and
follow later changes of those unless the organizer set a field by hand (TR&P App A, C, E, 3.7,
3.8; Grand Archive's own defaults)."""

from __future__ import annotations

import os

import pytest
from playwright.sync_api import expect

from core.models import AuditEntry
from tests.conftest import login_in_browser
from tests.factories import UserFactory
from tests.tournament.test_views_events import logged_in
from tournament import services
from tournament.enums import REL, EventType, FormatCode, Game, StandingsPolicy
from tournament.forms import EventForm
from tournament.models import Event

SHOTS = os.environ.get("ARBITER_SCREENSHOTS")

RTN = {
    "tier": 2,
    "rel": REL.COMPETITIVE,
    "round_minutes": 55,
    "games_per_match": 1,
    "standings_policy": StandingsPolicy.FAB,
    "decklists_required": True,
    "regular_deck_checks": True,
    "allow_late_entries": True,
    "format": FormatCode.CLASSIC_CONSTRUCTED,
}


def _as_the_browser_sends(**chosen) -> dict:
    """The new-event form's fields as an untouched browser would post them, plus ``chosen``."""
    form = EventForm()
    data = {}
    for name, _bound in form.fields.items():
        value = form[name].value()
        if value is None or value is False:
            continue
        data[name] = "on" if value is True else str(value)
    data.update(chosen)
    return data


def _settings(event: Event, names) -> dict:
    return {name: getattr(event, name) for name in names}


@pytest.mark.django_db
def test_untouched_form_preselects_no_rule_value():
    form = EventForm()
    for name in ("event_type", "rel", "tier", "round_minutes", "standings_policy", "format"):
        assert form[name].value() in (None, ""), name


@pytest.mark.django_db
def test_road_to_nationals_from_the_form_takes_every_rule_default():
    user = UserFactory()
    data = _as_the_browser_sends(name="RTN Leeds", event_type=EventType.ROAD_TO_NATIONALS)
    response = logged_in(user).post("/events/new/", data)
    assert response.status_code == 302, response.content.decode()[:3000]
    event = Event.objects.get(name="RTN Leeds")
    assert _settings(event, RTN) == RTN
    assert event.rule_overrides == ["event_type"]


@pytest.mark.django_db
def test_grand_archive_event_from_the_form_takes_grand_archives_defaults():
    user = UserFactory()
    response = logged_in(user).post("/events/new/", _as_the_browser_sends(name="GA weekly", game=Game.GA))
    assert response.status_code == 302, response.content.decode()[:3000]
    event = Event.objects.get(name="GA weekly")
    expected = services.rule_defaults({"game": Game.GA})
    assert _settings(event, expected) == expected
    assert (event.event_type, event.format, event.standings_policy) == (
        EventType.GA_REGULAR,
        FormatCode.GA_STANDARD,
        StandingsPolicy.POINTS_3_1_0,
    )
    assert (event.games_per_match, event.allow_late_entries, event.round_minutes) == (2, False, 60)


@pytest.mark.django_db
def test_raising_the_rel_later_turns_decklists_and_deck_checks_on():
    organizer = UserFactory()
    event = services.create_event(actor=organizer, name="Armory")
    assert (event.rel, event.decklists_required, event.regular_deck_checks) == (REL.CASUAL, False, False)
    event = services.update_event(event, actor=organizer, rel=REL.COMPETITIVE)
    assert (event.decklists_required, event.regular_deck_checks) == (True, True)
    entry = AuditEntry.objects.filter(event_id=event.pk, action="event.update").latest("id")
    assert entry.after["decklists_required"] is True and "follows the rules" in entry.reason
    assert event.rule_overrides == ["rel"]


@pytest.mark.django_db
def test_changing_the_event_type_carries_tier_rel_and_decklists_along():
    organizer = UserFactory()
    event = services.create_event(actor=organizer, name="Friday")
    event = services.update_event(event, actor=organizer, event_type=EventType.ROAD_TO_NATIONALS)
    assert _settings(event, RTN) == RTN


@pytest.mark.django_db
def test_a_field_set_by_hand_stays_until_given_back():
    organizer = UserFactory()
    event = services.create_event(
        actor=organizer, name="Store CC", decklists_required=False, round_minutes=50
    )
    assert sorted(event.rule_overrides) == ["decklists_required", "round_minutes"]
    event = services.update_event(event, actor=organizer, event_type=EventType.PROQUEST)
    assert (event.tier, event.rel, event.regular_deck_checks) == (2, REL.COMPETITIVE, True)
    assert (event.decklists_required, event.round_minutes) == (False, 50)  # set by hand: kept
    event = services.update_event(event, actor=organizer, follow_rules=["decklists_required"])
    assert event.decklists_required is True and event.rule_overrides == ["event_type", "round_minutes"]
    entry = AuditEntry.objects.filter(event_id=event.pk, action="event.update").latest("id")
    assert entry.before["rule_overrides"] == ["decklists_required", "event_type", "round_minutes"]


@pytest.mark.django_db
def test_edit_form_offers_to_give_hand_set_fields_back(client):
    organizer = UserFactory()
    event = services.create_event(actor=organizer, name="Store CC", round_minutes=50)
    client.force_login(organizer)
    page = client.get(f"/events/{event.slug}/edit/").content.decode()
    assert 'name="follow_rules" value="round_minutes"' in page
    data = _as_the_browser_sends(name=event.name)
    form = EventForm(instance=event)
    data = {
        n: ("on" if v is True else str(v)) for n in form.fields if (v := form[n].value()) not in (None, False)
    }
    data["follow_rules"] = ["round_minutes"]
    response = client.post(f"/events/{event.slug}/edit/", data)
    assert response.status_code == 302, response.content.decode()[:2000]
    event.refresh_from_db()
    assert event.round_minutes == 55 and event.rule_overrides == []


@pytest.mark.django_db
def test_rule_defaults_endpoint(client):
    answer = client.get("/events/new/rule-defaults/", {"event_type": "road-to-nationals"}).json()
    assert answer["rel"] == {"value": "competitive", "label": "Competitive"}
    assert answer["decklists_required"] == {"value": True, "label": "Yes"}
    ga = client.get("/events/new/rule-defaults/", {"game": "ga", "event_type": "armory"}).json()
    assert ga["event_type"]["value"] == EventType.GA_REGULAR  # a FaB type does not stick to GA
    bad = client.get("/events/new/rule-defaults/", {"rel": "x" * 5000})
    assert bad.status_code == 400 and "rel" in bad.json()["detail"]


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_new_event_form_shows_the_rule_values_at_phone_width(live_server, phone_page):
    UserFactory(username="owner")
    page = phone_page
    login_in_browser(page, live_server, "owner", "pw-owner")
    page.goto(f"{live_server.url}/events/new/")
    blank_rel = page.locator("#id_rel option[value='']")
    expect(blank_rel).to_contain_text("Casual")
    page.select_option("#id_event_type", EventType.ROAD_TO_NATIONALS)
    expect(blank_rel).to_contain_text("From the rules: Competitive (TR&P App A)")
    assert page.input_value("#id_rel") == ""
    assert "2 (from the rules)" in page.get_attribute("#id_tier", "placeholder")
    assert "Yes" in page.inner_text("#id_decklists_required option[value=unknown]")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, "new-event-390.png"), full_page=True)
    page.fill("#id_name", "RTN Leeds")
    page.click("button[type=submit]")
    page.wait_for_url("**/staff/")
    event = Event.objects.get(name="RTN Leeds")
    assert _settings(event, RTN) == RTN


@pytest.mark.django_db
def test_confirming_a_rule_field_at_its_value_is_audited():
    """Setting a field by hand to the value it already has changes only which fields are set
    by hand; that is still a change of the event and leaves an audit record."""
    organizer = UserFactory()
    event = services.create_event(actor=organizer, name="Friday")
    assert "round_minutes" not in event.rule_overrides
    event = services.update_event(event, actor=organizer, round_minutes=event.round_minutes)
    event.refresh_from_db()
    assert "round_minutes" in event.rule_overrides
    entry = AuditEntry.objects.filter(event_id=event.pk, action="event.update").latest("id")
    assert "round_minutes" not in entry.before["rule_overrides"]
    assert "round_minutes" in entry.after["rule_overrides"]
