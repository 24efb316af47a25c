"""Words a person reads: registration answers are sentences, "1 point", event settings labelled
in words, no internal requirement codes ("OPEN-23") in what the site shows, and a favicon."""

from __future__ import annotations

import re

import pytest
from django.contrib.staticfiles import finders
from django.test import Client

from tests.factories import (
    EventFactory,
    PlayerProfileFactory,
    RegistrationFactory,
    StaffAssignmentFactory,
    UserFactory,
)
from tests.tournament.test_pages import build_running_event
from tournament.enums import StaffRole
from tournament.forms import EventForm


def _follow_message(response) -> str:
    return " ".join(str(m) for m in response.context["messages"])


@pytest.mark.django_db
def test_waitlisted_self_registration_is_a_sentence():
    event = EventFactory(allow_self_registration=True, status="registration", capacity=1)
    RegistrationFactory(event=event)
    c = Client()
    c.force_login(PlayerProfileFactory(player_id="GEM-77", display_name="Kim").user)
    response = c.post(f"/events/{event.slug}/me/register/", follow=True)
    text = _follow_message(response)
    assert "The event is full: you are on the waitlist" in text
    assert "(waitlisted)" not in text and "Registered (" not in text


@pytest.mark.django_db
def test_staff_registration_answer_is_a_sentence():
    event = EventFactory(capacity=1)
    RegistrationFactory(event=event)
    organizer = UserFactory()
    StaffAssignmentFactory(event=event, user=organizer, role=StaffRole.ORGANIZER)
    c = Client()
    c.force_login(organizer)
    response = c.post(
        f"/events/{event.slug}/staff/register/", {"player_id": "GEM-88", "display_name": "Lee"}, follow=True
    )
    assert "The event is full: Lee is on the waitlist." in _follow_message(response)


@pytest.mark.django_db
def test_one_match_point_is_singular():
    event, regs, r1, r2 = build_running_event(4)
    c = Client()
    c.force_login(regs[0].player.user)
    page = c.get(f"/events/{event.slug}/me/").content.decode()
    assert "1-0-0, 1 point<" in page
    assert "1 points" not in page


def test_event_settings_are_labelled_in_words():
    labels = {name: str(field.label) for name, field in EventForm().fields.items()}
    assert labels["trp_version"] == "Tournament rules (TR&P) edition"
    assert labels["cr_version"] == "Comprehensive rules edition"
    assert labels["ppg_version"] == "Penalty guide (PPG) edition"
    assert labels["bye_counts_in_cmp"] == "A bye counts as a win in cumulative match points (CMP)"
    for name, label in labels.items():
        # A field name is not a label: no underscores, no abbreviations spelled as words.
        assert "_" not in label and not re.search(r"\b(Trp|Ppg|Cr|Cmp|cmp|Rel)\b", label), (name, label)
    help_texts = " ".join(str(f.help_text) for f in EventForm().fields.values())
    assert not re.search(r"OPEN-\d", help_texts)


@pytest.mark.django_db
def test_no_requirement_codes_in_the_infraction_catalogue_page():
    c = Client()
    c.force_login(UserFactory())
    page = c.get("/judging/infractions/").content.decode()
    assert "Improper Concession" in page or "improper" in page.lower()
    assert not re.search(r"OPEN-\d", page)


@pytest.mark.django_db
def test_every_page_names_a_favicon_that_exists():
    page = Client().get("/events/").content.decode()
    href = re.search(r'<link rel="icon" href="([^"]+)"', page).group(1)
    assert href.endswith("favicon.svg") and finders.find("favicon.svg")
    redirect = Client().get("/favicon.ico")
    assert redirect.status_code == 302 and redirect["Location"].endswith("favicon.svg")


@pytest.mark.django_db
def test_results_on_the_public_page_read_as_words():
    from tests.tournament.test_pages import table_rows
    from tournament import services
    from tournament.enums import MatchResult
    from tournament.models import Match

    event, regs, r1, r2 = build_running_event(4)
    sk = UserFactory()
    StaffAssignmentFactory(event=event, user=sk, role=StaffRole.SCOREKEEPER)
    first, second = Match.objects.filter(round=r2).order_by("table_number")
    services.enter_result(first, actor=sk, result=MatchResult.DRAW)
    services.enter_result(second, actor=sk, result=MatchResult.A_WINS, games_a=1)
    rows = table_rows(Client().get(f"/events/{event.slug}/").content.decode(), "pairings-by-table")
    assert rows[0][3] == "Draw"
    assert rows[1][3] == f"{second.player_a.player.display_name} won 1-0"
