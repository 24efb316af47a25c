"""Rule citations typed by judges are checked against the imported rules documents: an unknown
number is refused with the nearest rule as a suggestion (a document never imported cannot be
checked, so its citations are taken as typed)."""

from __future__ import annotations

import pytest

from core.errors import DomainError
from judging.services import calls as call_services
from reference.services import import_rules_document
from tests.reference import samples


@pytest.fixture
def cr(db):
    return import_rules_document(samples.CR_MARKDOWN, kind="cr", version="9.9.9")


def test_known_rule_is_accepted(cr):
    assert call_services.clean_citations("CR 1.0.1a, CR 1.1.1") == ["CR 1.0.1a", "CR 1.1.1"]


@pytest.mark.parametrize(
    ("typed", "suggestion"),
    [("CR 1.0.1z", "CR 1.0.1"), ("CR 1.1.7", "CR 1.1.1"), ("CR 2.0.9c", "CR 2.0")],
)
def test_unknown_rule_is_refused_with_a_suggestion(cr, typed, suggestion):
    with pytest.raises(DomainError) as err:
        call_services.clean_citations([typed])
    assert err.value.field == "citations"
    assert f"{typed} is not a rule of CR 9.9.9" in err.value.message
    assert f"did you mean {suggestion}?" in err.value.message


def test_ruling_with_an_unknown_citation_is_not_recorded(cr, world):
    call = call_services.open_call(world.event, actor=world.fj, match=world.match)
    with pytest.raises(DomainError, match="did you mean"):
        call_services.record_ruling(call, judge=world.fj, ruling="Rewind", citations=["CR 1.1.9"])
    call.refresh_from_db()
    assert call.citations == []


def test_document_not_imported_is_not_checked(db):
    assert call_services.clean_citations(["PPG 3.1"]) == ["PPG 3.1"]


def test_api_refuses_an_unknown_citation_with_the_suggestion(cr, world):
    from rest_framework.test import APIClient

    call = call_services.open_call(world.event, actor=world.fj, match=world.match)
    client = APIClient()
    client.force_authenticate(world.fj)
    resp = client.post(
        f"/api/judging/calls/{call.pk}/rule/", {"ruling": "Rewind", "citations": ["CR 1.1.9"]}, format="json"
    )
    assert resp.status_code == 400
    assert "did you mean CR 1.1.1?" in str(resp.json())


def test_call_page_shows_the_refusal_and_the_suggestion(cr, world):
    from django.test import Client

    call = call_services.open_call(world.event, actor=world.fj, match=world.match)
    client = Client()
    client.force_login(world.fj)
    url = f"/judging/{world.event.slug}/calls/{call.pk}/"
    resp = client.post(url, {"action": "rule", "ruling": "Rewind", "citations": "CR 1.1.9"}, follow=True)
    page = resp.content.decode()
    assert "CR 1.1.9 is not a rule of CR 9.9.9; did you mean CR 1.1.1?" in page
    call.refresh_from_db()
    assert call.citations == []
