"""The decklist PDFs are ``core.documents`` documents (issue 33): a player's own sheet in the
player's account language, the officials' "Decklists: <event>" bundle in the language of the
official who asked (kept with the queued job); file names and readers as before."""

from __future__ import annotations

import pytest
from django.urls import reverse

from core.i18n import set_account_language
from core.models import GeneratedFile
from decklists import services
from decklists.enums import DecklistKind
from decklists.models import Decklist
from decklists.pdf import PoolRegistrationSheet, player_sheet
from tests.factories import EventFactory, PlayerProfileFactory, RegistrationFactory, UserFactory
from tests.pdf_words import PDFTOTEXT, words

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.skipif(PDFTOTEXT is None, reason="poppler-utils (pdftotext) is not installed"),
]


def _text(pdf: bytes) -> str:
    return " ".join(w.text for w in words(pdf))


def _submitted(client, registration, text: str) -> Decklist:
    client.force_login(registration.player.user)
    client.post(reverse("decklists:submit", args=[registration.event.slug]), {"text": text, "submit": "1"})
    return Decklist.objects.get(registration=registration)


def test_a_players_sheet_is_in_the_players_language_under_its_old_name(
    client, event_with_staff, fab_release, legal_cc_text
):
    s = event_with_staff
    decklist = _submitted(client, s["alice"], legal_cc_text)
    url = reverse("decklists:pdf", args=[decklist.pk])
    set_account_language(s["alice"].player.user, language="fr")

    client.force_login(s["head_judge"])  # an official reading English still gets the player's French
    response = client.get(url, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert response["Content-Disposition"] == f'inline; filename="decklist-{decklist.pk}.pdf"'
    text = _text(response.content)
    assert "Liste de deck" in text and "Signature du joueur" in text
    assert "Decklist" not in text and "Player signature" not in text

    set_account_language(s["alice"].player.user, language="en")
    assert "Player signature" in _text(client.get(url, HTTP_ACCEPT_LANGUAGE="fr").content)

    client.force_login(UserFactory())  # neither the player nor an official: the list is not there
    assert client.get(url).status_code == 404
    client.force_login(s["bob"].player.user)
    assert client.get(url).status_code == 404


def test_a_pool_is_printed_on_the_pool_sheet_in_the_players_language(card_db):
    event = EventFactory(format="sealed", rel="competitive")
    using = RegistrationFactory(event=event, player=PlayerProfileFactory(display_name="Using Player"))
    pool = services.save_decklist(
        using,
        actor=using.player.user,
        text="3 Snatch (red)\n1 Sink Below (blue)",
        kind=DecklistKind.POOL,
        db=card_db,
    )
    set_account_language(using.player.user, language="fr")
    sheet = player_sheet(pool, show_player_id=True)
    assert isinstance(sheet, PoolRegistrationSheet) and sheet.filename() == f"decklist-{pool.pk}.pdf"
    assert sheet.language() == "fr"
    text = _text(sheet.render())
    assert "Joueur qui utilise le pool" in text and "Player using pool" not in text
    set_account_language(using.player.user, language="en")
    english = _text(player_sheet(pool, show_player_id=True).render())
    assert "Card-pool registration" in english and "Player using pool" in english


def test_the_officials_bundle_is_in_the_language_of_who_asked(
    client, event_with_staff, fab_release, legal_cc_text, django_capture_on_commit_callbacks
):
    s = event_with_staff
    for registration in (s["alice"], s["bob"]):
        _submitted(client, registration, legal_cc_text)
    render = reverse("decklists:event_action", args=[s["event"].slug, "render"])

    set_account_language(s["head_judge"], language="fr")
    client.force_login(s["head_judge"])
    with django_capture_on_commit_callbacks(execute=True):
        assert client.post(render, HTTP_ACCEPT_LANGUAGE="en").status_code == 302
    french_job = GeneratedFile.objects.get(kind="render")
    assert french_job.status == "done" and french_job.params["language"] == "fr"
    assert french_job.filename == f"decklists-{s['event'].slug}-{french_job.pk}.pdf"
    assert french_job.result["lists"] == 2 and french_job.result["bytes"] == french_job.size
    download = client.get(reverse("decklists:job_file", args=[french_job.pk]))
    assert download["Content-Disposition"] == f'inline; filename="decklists-{s["event"].slug}.pdf"'
    text = _text(b"".join(download.streaming_content))
    assert f"Listes de deck : {s['event'].name}" in text.replace("\u202f", " ").replace("\xa0", " ")
    assert "Decklists:" not in text

    # The organizer has no language of their own: the page's (German here) is kept with the job.
    client.force_login(s["organizer"])
    with django_capture_on_commit_callbacks(execute=True):
        client.post(render, HTTP_ACCEPT_LANGUAGE="de")
    german_job = GeneratedFile.objects.filter(kind="render").exclude(pk=french_job.pk).get()
    assert german_job.params["language"] == "de"
    with german_job.file.open("rb") as fh:
        assert "Decklists:" not in _text(fh.read())

    client.force_login(s["alice"].player.user)  # a player does not read the officials' bundle
    assert client.get(reverse("decklists:job_file", args=[french_job.pk])).status_code == 404
