"""Which language a page or a printed sheet is in (issue 31; docs/i18n.md)."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.test import Client
from django.utils import translation

from core import i18n
from core.models import AccountPreferences
from tests.factories import EventFactory, MatchFactory, RegistrationFactory, RoundFactory, UserFactory
from tournament import live
from tournament import pdf as tournament_pdf

pytestmark = pytest.mark.django_db


def _page_language(response) -> str:
    match = re.search(r'<html lang="([^"]+)"', response.content.decode())
    assert match, "the page names its language"
    return match.group(1)


def test_the_browser_language_chooses_when_the_account_did_not():
    client = Client()
    client.force_login(UserFactory())
    response = client.get("/events/", HTTP_ACCEPT_LANGUAGE="de-DE,de;q=0.9,en;q=0.5")
    assert _page_language(response) == "de"
    assert response["Content-Language"] == "de"


def test_the_account_language_wins_over_the_browser():
    user = UserFactory()
    i18n.set_account_language(user, language="fr")
    client = Client()
    client.force_login(user)
    response = client.get("/events/", HTTP_ACCEPT_LANGUAGE="de")
    assert _page_language(response) == "fr"
    # Kept in the session: a change made elsewhere shows after the next login, not mid-session.
    assert client.session[i18n.SESSION_KEY] == [user.pk, "fr"]


def test_an_anonymous_visitor_switches_with_a_cookie_and_no_csrf_token():
    client = Client(enforce_csrf_checks=True)
    response = client.post("/i18n/setlang/", {"language": "it", "next": "/events/"})
    assert response.status_code == 302 and response["Location"] == "/events/"
    assert response.cookies[settings.LANGUAGE_COOKIE_NAME].value == "it"
    assert _page_language(client.get("/events/", HTTP_ACCEPT_LANGUAGE="de")) == "it"


def test_the_switcher_saves_a_logged_in_accounts_choice_with_its_csrf_token():
    user = UserFactory()
    client = Client(enforce_csrf_checks=True)
    client.force_login(user)
    page = client.get("/events/").content.decode()
    form = page[page.index("data-language-switcher") :]
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', form).group(1)
    assert client.post("/i18n/setlang/", {"language": "ja", "next": "/"}).status_code == 403
    assert not AccountPreferences.objects.filter(user=user).exists()
    response = client.post("/i18n/setlang/", {"language": "ja", "next": "/", "csrfmiddlewaretoken": token})
    assert response.status_code == 302
    assert AccountPreferences.objects.get(user=user).language == "ja"
    assert _page_language(client.get("/events/", HTTP_ACCEPT_LANGUAGE="en")) == "ja"


def test_every_page_has_a_labelled_switcher_with_the_six_languages():
    page = Client().get("/events/").content.decode()
    assert '<label for="site-language">' in page and 'id="site-language" name="language"' in page
    assert re.findall(r'<option value="(\w+)" lang="\w+"', page) == ["en", "fr", "de", "it", "es", "ja"]
    assert "csrfmiddlewaretoken" not in page  # an anonymous page stays cacheable


def test_the_account_page_sets_and_clears_the_language():
    user = UserFactory()
    client = Client()
    client.force_login(user)
    assert 'name="language"' in client.get("/accounts/").content.decode()
    response = client.post("/accounts/language/", {"language": "es"})
    assert response.status_code == 302
    assert AccountPreferences.objects.get(user=user).language == "es"
    assert response.cookies[settings.LANGUAGE_COOKIE_NAME].value == "es"
    assert _page_language(client.get("/accounts/", HTTP_ACCEPT_LANGUAGE="de")) == "es"
    client.post("/accounts/language/", {"language": ""})
    assert AccountPreferences.objects.get(user=user).language == ""


def test_an_unknown_language_is_refused():
    user = UserFactory()
    client = Client()
    client.force_login(user)
    client.post("/accounts/language/", {"language": "xx"}, follow=True)
    assert not AccountPreferences.objects.filter(user=user, language="xx").exists()
    with pytest.raises(Exception, match="languages offered"):
        i18n.set_account_language(user, language="xx")


def test_an_events_sheets_are_printed_in_its_language(monkeypatch):
    event = EventFactory(print_language="de")
    round_ = RoundFactory(event=event, number=1)
    a, b = RegistrationFactory(event=event), RegistrationFactory(event=event)
    MatchFactory(round=round_, table_number=1, player_a=a, player_b=b)
    seen = []

    def fake_render(template_name, context):
        from django.template.loader import render_to_string  # noqa: PLC0415 (test helper)

        html = render_to_string(template_name, context)
        seen.append((translation.get_language(), re.search(r'<html lang="(\w+)"', html).group(1)))
        return b"%PDF"

    from core import documents  # noqa: PLC0415 (test helper)

    monkeypatch.setattr(documents, "render_pdf", fake_render)  # every document renders through it
    with translation.override("fr"):  # the person printing reads French
        for kind in tournament_pdf.DOCUMENT_KINDS:
            tournament_pdf.document_for(event, kind, 1).render()
        assert translation.get_language() == "fr"
    assert seen == [("de", "de")] * len(tournament_pdf.DOCUMENT_KINDS)


def test_an_event_refuses_an_unknown_print_language():
    from core.errors import DomainError  # noqa: PLC0415 (test helper)
    from tournament.services import create_event  # noqa: PLC0415 (test helper)

    organizer = UserFactory()
    with pytest.raises(DomainError, match="print_language"):
        create_event(actor=organizer, name="Armory", slug="armory-x", print_language="xx")


def test_the_public_microcache_keeps_one_copy_per_language(rf):
    request = rf.get("/events/x/")
    with translation.override("en"):
        english = live.microcache_key(request)
    with translation.override("ja"):
        japanese = live.microcache_key(request)
    assert english != japanese


def test_a_role_inside_a_sentence_keeps_its_capital_only_where_nouns_have_one():
    """``|in_sentence`` (core/templatetags/wording.py) lowercases a label for a sentence, except in
    German, where ``|lower`` misspelt every role and status ("Join X as hauptschiedsrichter")."""
    from core.templatetags.wording import in_sentence  # noqa: PLC0415 (only this test uses the filter)
    from tournament.enums import StaffRole  # noqa: PLC0415

    with translation.override("de"):
        role = str(StaffRole.HEAD_JUDGE.label)
        assert role[0].isupper() and in_sentence(StaffRole.HEAD_JUDGE.label) == role
    with translation.override("fr"):
        role = str(StaffRole.HEAD_JUDGE.label)
        assert in_sentence(StaffRole.HEAD_JUDGE.label) == role.lower() != role
    with translation.override("en"):
        assert in_sentence(StaffRole.HEAD_JUDGE.label) == "head judge"
