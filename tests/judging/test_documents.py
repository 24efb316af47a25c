"""The judging PDFs are ``core.documents`` documents (issue 33): printed in the language of the
person who asked (their account's, else the request's), a queued report keeps that language, and
the file names and who may read them are as before."""

from __future__ import annotations

import pytest
from django.test import Client

from core.i18n import set_account_language
from core.models import GeneratedFile
from judging.reconstruction import services as recon_services
from judging.services import calls as call_services
from judging.services import penalties as penalty_services
from tests.factories import UserFactory
from tests.pdf_words import PDFTOTEXT, words

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.skipif(PDFTOTEXT is None, reason="poppler-utils (pdftotext) is not installed"),
]


def _client(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _text(pdf: bytes) -> str:
    return " ".join(w.text for w in words(pdf))


def test_the_penalty_report_is_in_the_askers_language_with_its_name_and_readers_unchanged(world):
    penalty_services.issue_penalty(world.alice, infraction="slow_play", judge=world.hj)
    url = f"/judging/{world.event.slug}/reports/penalties.pdf"
    set_account_language(world.to, language="fr")

    french = _client(world.to).get(url, HTTP_ACCEPT_LANGUAGE="en")  # the account's choice wins
    assert french.status_code == 200 and french["Content-Type"] == "application/pdf"
    assert french["Content-Disposition"] == f'inline; filename="{world.event.slug}-penalties.pdf"'
    text = _text(french.content)
    assert "Rapport des pénalités" in text and "Penalty report" not in text

    english = _client(world.hj).get(url, HTTP_ACCEPT_LANGUAGE="en")  # no choice: the request's
    assert "Penalty report" in _text(english.content)
    german = _client(world.hj).get(url, HTTP_ACCEPT_LANGUAGE="de")
    assert "Penalty report" not in _text(german.content)

    assert _client(world.alice.player.user).get(url).status_code == 403
    assert _client(UserFactory()).get(url).status_code == 403
    assert Client().get(url).status_code == 302  # to the login page


def test_a_queued_penalty_report_keeps_the_language_of_who_asked(world, settings, tmp_path, monkeypatch):
    from judging import tasks, views  # noqa: PLC0415 (only this test needs them)

    settings.MEDIA_ROOT = tmp_path
    monkeypatch.setattr(views, "INLINE_PDF_LIMIT", 1)
    for _ in range(2):
        penalty_services.issue_penalty(world.alice, infraction="slow_play", judge=world.hj)
    url = f"/judging/{world.event.slug}/reports/penalties.pdf"
    set_account_language(world.to, language="fr")

    french = _client(world.to).get(url)
    assert french.status_code == 200
    assert french["Content-Disposition"] == f'inline; filename="{world.event.slug}-penalties.pdf"'
    stored = GeneratedFile.objects.get(app_label="judging", event_id=world.event.pk)
    assert stored.params["language"] == "fr" and stored.file.read() == french.content
    assert "Rapport des pénalités" in _text(french.content)

    # The head judge reads English: the French report is not theirs; they get their own.
    english = _client(world.hj).get(url, HTTP_ACCEPT_LANGUAGE="en")
    assert "Penalty report" in _text(english.content) and "Rapport" not in _text(english.content)
    assert sorted(
        GeneratedFile.objects.filter(app_label="judging").values_list("params__language", flat=True)
    ) == [
        "en",
        "fr",
    ]
    # Asking again in French serves the stored French one.
    assert _client(world.to).get(url).content == french.content
    assert GeneratedFile.objects.filter(app_label="judging").count() == 2
    assert tasks.penalty_report_file(world.event, language="fr").pk == stored.pk


def test_the_reconstruction_record_is_in_the_askers_language(world):
    call = call_services.open_call(world.event, actor=world.fj, match=world.match, question="life")
    recon = recon_services.create_reconstruction(call, actor=world.fj)
    url = f"/judging/{world.event.slug}/reconstructions/{recon.pk}/record.pdf"
    set_account_language(world.hj, language="fr")

    french = _client(world.hj).get(url, HTTP_ACCEPT_LANGUAGE="en")
    assert french.status_code == 200
    assert french["Content-Disposition"] == (
        f'inline; filename="{world.event.slug}-reconstruction-{recon.pk}.pdf"'
    )
    text = _text(french.content)
    assert "Reconstitution d'état de jeu" in text or "Reconstitution d’état de jeu" in text
    assert "Game-state reconstruction" not in text
    english = _client(world.fj).get(url, HTTP_ACCEPT_LANGUAGE="en")
    assert "Game-state reconstruction" in _text(english.content)
    assert _client(world.alice.player.user).get(url).status_code == 403  # a player of the match
    assert _client(UserFactory()).get(url).status_code == 403
