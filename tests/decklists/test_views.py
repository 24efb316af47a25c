"""Decklist pages through the test client: bad input never gives a server error."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from decklists.enums import DecklistStatus
from decklists.models import Decklist
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def _login(client, user):
    client.force_login(user)
    return client


def _submit_url(event, **params):
    url = reverse("decklists:submit", args=[event.slug])
    return url + ("?" + "&".join(f"{k}={v}" for k, v in params.items()) if params else "")


def test_player_saves_a_draft_through_the_form(client, event_with_staff, fab_release, legal_cc_text):
    s = event_with_staff
    _login(client, s["alice"].player.user)
    response = client.post(_submit_url(s["event"]), {"text": legal_cc_text, "save": "1"})
    decklist = Decklist.objects.get(registration=s["alice"])
    assert response.status_code == 302
    assert response["Location"] == reverse("decklists:detail", args=[decklist.pk])
    assert decklist.status == DecklistStatus.DRAFT
    assert decklist.raw_text == legal_cc_text.replace("\n", "\r\n") or decklist.raw_text == legal_cc_text
    page = client.get(response["Location"])
    assert page.status_code == 200
    assert b"Dorinthea Ironsong" in page.content
    assert b"Deck-cards: pitch 2 (yellow)" in page.content


def test_submit_button_submits_a_legal_list(client, event_with_staff, fab_release, legal_cc_text):
    s = event_with_staff
    _login(client, s["alice"].player.user)
    client.post(_submit_url(s["event"]), {"text": legal_cc_text, "submit": "1"})
    assert Decklist.objects.get(registration=s["alice"]).status == DecklistStatus.SUBMITTED


def test_illegal_list_is_kept_as_draft_and_problems_are_shown(
    client, event_with_staff, fab_release, legal_cc_text
):
    s = event_with_staff
    _login(client, s["alice"].player.user)
    response = client.post(
        _submit_url(s["event"]),
        {"text": legal_cc_text + "\n3 Snatch\n2 Snach (red)", "submit": "1"},
        follow=True,
    )
    decklist = Decklist.objects.get(registration=s["alice"])
    assert decklist.status == DecklistStatus.DRAFT
    body = response.content.decode()
    assert "Saved as a draft, not submitted" in body
    assert "Snatch (red)" in body and "Snatch (yellow)" in body  # pitch suggestions
    assert "Snach (red)" in body  # the unreadable line, shown as entered


def test_card_rows_compose_the_list(client, event_with_staff, fab_release):
    s = event_with_staff
    _login(client, s["alice"].player.user)
    client.post(
        _submit_url(s["event"]),
        {
            "text": "",
            "row_qty": ["3", "2"],
            "row_name": ["Snatch", "Sink Below"],
            "row_pitch": ["1", "1"],
            "save": "1",
        },
    )
    decklist = Decklist.objects.get(registration=s["alice"])
    assert decklist.raw_text == "3 Snatch (red)\n2 Sink Below (red)"
    assert decklist.source == "form"


def test_file_upload_is_read(client, event_with_staff, fab_release, legal_cc_text):
    s = event_with_staff
    _login(client, s["alice"].player.user)
    upload = SimpleUploadedFile("deck.txt", legal_cc_text.encode("utf-8"), content_type="text/plain")
    client.post(_submit_url(s["event"]), {"text": "", "file": upload, "save": "1"})
    decklist = Decklist.objects.get(registration=s["alice"])
    assert decklist.source == "file" and decklist.is_legal is True


@pytest.mark.parametrize(
    "payload, words",
    [
        ({"text": ""}, "Enter the list"),
        ({"text": "   \n\t  "}, "Enter the list"),
        ({"text": "1 Snatch (red)\n" * 10_000}, "10,000 lines"),
        ({"text": "3 Snatch (red)\n\x07\x1b junk"}, "binary data"),
        ({"text": "3 Snatch (red)\n\x00"}, "Null characters are not allowed"),
        ({"file": ("junk.bin", bytes(range(256)) * 4)}, "not a text file"),
        ({"file": ("empty.txt", b"")}, "empty"),
        (
            {"row_name": ["Snatch"], "row_qty": ["lots"], "row_pitch": ["1"]},
            "quantity must be a whole number",
        ),
    ],
    ids=["empty", "blank", "10000-lines", "control-chars", "nul", "binary-file", "empty-file", "bad-row-qty"],
)
def test_bad_input_through_the_form_is_a_clear_error(client, event_with_staff, fab_release, payload, words):
    s = event_with_staff
    _login(client, s["alice"].player.user)
    data = dict(payload)
    if "file" in data:
        name, content = data.pop("file")
        data["file"] = SimpleUploadedFile(name, content)
    data.setdefault("text", "")
    data["save"] = "1"
    response = client.post(_submit_url(s["event"]), data)
    assert response.status_code == 400
    assert words in response.content.decode().replace("&#x27;", "'")
    assert not Decklist.objects.filter(registration=s["alice"]).exists()


@pytest.mark.parametrize(
    "text",
    [
        "Hero: Dorinthea Ironsong\n3x WARRIOR\u2019S VALOR (R)\n\n\n3\tSnatch\t(red)",
        "Snatch (red) x3",
        "3x Snatch (R)",
    ],
)
def test_odd_but_readable_text_through_the_form(client, event_with_staff, fab_release, text):
    s = event_with_staff
    _login(client, s["alice"].player.user)
    response = client.post(_submit_url(s["event"]), {"text": text, "save": "1"})
    assert response.status_code == 302
    decklist = Decklist.objects.get(registration=s["alice"])
    assert decklist.problems == []
    assert decklist.raw_text.replace("\r\n", "\n") == text


def test_other_player_cannot_open_a_list_page(client, event_with_staff, fab_release, legal_cc_text):
    s = event_with_staff
    _login(client, s["alice"].player.user)
    client.post(_submit_url(s["event"]), {"text": legal_cc_text, "save": "1"})
    decklist = Decklist.objects.get(registration=s["alice"])
    client.force_login(s["bob"].player.user)
    assert client.get(reverse("decklists:detail", args=[decklist.pk])).status_code == 404
    assert client.get(reverse("decklists:pdf", args=[decklist.pk])).status_code == 404
    assert client.get(_submit_url(s["event"], **{"for": s["alice"].pk})).status_code == 404
    client.force_login(s["floor_judge"])
    assert client.get(reverse("decklists:detail", args=[decklist.pk])).status_code == 200


def test_official_accepts_and_head_judge_fixes_through_pages(
    client, event_with_staff, fab_release, legal_cc_text
):
    s = event_with_staff
    _login(client, s["alice"].player.user)
    client.post(_submit_url(s["event"]), {"text": legal_cc_text, "submit": "1"})
    decklist = Decklist.objects.get(registration=s["alice"])
    client.force_login(s["floor_judge"])
    client.post(reverse("decklists:action", args=[decklist.pk, "accept"]))
    decklist.refresh_from_db()
    assert decklist.status == DecklistStatus.ACCEPTED
    # The player can no longer change it through the form.
    client.force_login(s["alice"].player.user)
    response = client.post(_submit_url(s["event"]), {"text": "3 Snatch (red)", "save": "1"})
    assert response.status_code == 400
    assert b"only the head judge" in response.content
    client.force_login(s["head_judge"])
    response = client.post(
        reverse("decklists:action", args=[decklist.pk, "fix"]),
        {"text": legal_cc_text + "\n", "reason": "PPG 4.4 intent"},
        follow=True,
    )
    assert b"Correction recorded" in response.content
    assert b"<td>corrected by a judge</td>" in response.content  # the audit trail in words (issue 36)


def test_decklist_pdf_renders(client, event_with_staff, fab_release, legal_cc_text):
    s = event_with_staff
    _login(client, s["alice"].player.user)
    client.post(_submit_url(s["event"]), {"text": legal_cc_text, "save": "1"})
    decklist = Decklist.objects.get(registration=s["alice"])
    response = client.get(reverse("decklists:pdf", args=[decklist.pk]))
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert response.content.startswith(b"%PDF")


def test_event_page_is_for_officials_only(client, event_with_staff, fab_release):
    s = event_with_staff
    url = reverse("decklists:event", args=[s["event"].slug])
    client.force_login(s["alice"].player.user)
    assert client.get(url).status_code == 403
    client.force_login(UserFactory())
    assert client.get(url).status_code == 403
    client.force_login(s["scorekeeper"])
    assert client.get(url).status_code == 200


def test_combined_pdf_and_revalidation_jobs(
    client, event_with_staff, fab_release, legal_cc_text, django_capture_on_commit_callbacks
):
    from core.models import GeneratedFile

    s = event_with_staff
    for reg in (s["alice"], s["bob"]):
        client.force_login(reg.player.user)
        client.post(_submit_url(s["event"]), {"text": legal_cc_text, "submit": "1"})
    client.force_login(s["head_judge"])
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        response = client.post(reverse("decklists:event_action", args=[s["event"].slug, "render"]))
    assert response.status_code == 302 and len(callbacks) == 1
    data = client.get(response["Location"] + "?format=json").json()
    assert data["status"] == "done" and data["total"] == 2 and data["percent"] == 100
    pdf = client.get(data["download"])
    assert pdf.status_code == 200 and b"".join(pdf.streaming_content).startswith(b"%PDF")
    # Another official of a different event cannot read the job.
    from tests.factories import StaffAssignmentFactory

    client.force_login(StaffAssignmentFactory(role="head_judge").user)
    assert client.get(response["Location"]).status_code == 404

    client.force_login(s["head_judge"])
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("decklists:event_action", args=[s["event"].slug, "revalidate"]))
    job = GeneratedFile.objects.filter(kind="revalidate").get()
    assert job.status == "done" and job.result["checked"] == 2 and job.result["changes"] == []
    page = client.get(reverse("decklists:job", args=[job.pk]))
    assert b"No list changed" in page.content


def test_a_dead_workers_job_page_shows_the_failure_and_a_try_again_that_starts_a_new_job(
    client, event_with_staff, fab_release, django_capture_on_commit_callbacks
):
    """Issue 35, item 9: the page polled a job whose worker had died, forever."""
    from datetime import timedelta

    from django.utils import timezone

    from core.models import GeneratedFile
    from decklists import services

    s = event_with_staff
    dead = services.start_job(s["event"], actor=s["head_judge"], kind="render")
    GeneratedFile.objects.filter(pk=dead.pk).update(
        status="running", heartbeat_at=timezone.now() - timedelta(minutes=30)
    )
    client.force_login(s["head_judge"])
    page = client.get(reverse("decklists:job", args=[dead.pk])).content.decode()
    assert "Ask for it again" in page and "data-retry" in page
    again = reverse("decklists:event_action", args=[s["event"].slug, "render"])
    assert f'action="{again}"' in page
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(again)
    assert response.status_code == 302 and response["Location"] != reverse("decklists:job", args=[dead.pk])
    assert client.get(response["Location"] + "?format=json").json()["status"] == "done"


def test_my_page_lists_playoff_opponents_lists_at_professional(client, card_db, legal_cc_text):
    from decklists import services
    from tests.factories import (
        EventFactory,
        MatchFactory,
        RegistrationFactory,
        RoundFactory,
        StaffAssignmentFactory,
    )

    event = EventFactory(rel="professional", format="cc")
    hj = StaffAssignmentFactory(event=event, role="head_judge").user
    a, b = RegistrationFactory(event=event), RegistrationFactory(event=event)
    d = services.save_decklist(a, actor=a.player.user, text=legal_cc_text, db=card_db)
    services.accept_decklist(services.submit_decklist(d, actor=a.player.user), actor=hj)
    client.force_login(b.player.user)
    assert a.player.display_name not in client.get(reverse("decklists:mine")).content.decode()
    MatchFactory(round=RoundFactory(event=event, number=6, stage="top_cut"), player_a=a, player_b=b)
    page = client.get(reverse("decklists:mine")).content.decode()
    assert a.player.display_name in page and reverse("decklists:detail", args=[d.pk]) in page
    assert client.get(reverse("decklists:detail", args=[d.pk])).status_code == 200


def test_swap_register_through_the_pages(client, fab_release):
    from tests.factories import EventFactory, PlayerProfileFactory, RegistrationFactory

    event = EventFactory(format="sealed", rel="competitive")
    using = RegistrationFactory(event=event, player=PlayerProfileFactory(display_name="Pool Owner"))
    registrar = RegistrationFactory(event=event, player=PlayerProfileFactory(display_name="Registrar"))
    client.force_login(registrar.player.user)
    page = client.get(reverse("decklists:mine")).content.decode()
    assert "Register the pool of" in page and "Pool Owner" in page
    url = _submit_url(event, kind="pool", **{"for": using.pk})
    assert "registering another player" in client.get(url).content.decode()
    response = client.post(
        url, {"text": "3 Snatch (red)\n1 Sink Below (blue)", "kind": "pool", "for": using.pk, "submit": "1"}
    )
    assert response.status_code == 302
    pool = Decklist.objects.get(registration=using, kind="pool")
    assert pool.registered_by == registrar.player.user and pool.status == DecklistStatus.SUBMITTED
    # The owner sees it; a third player does not.
    client.force_login(using.player.user)
    assert client.get(reverse("decklists:detail", args=[pool.pk])).status_code == 200
    client.force_login(RegistrationFactory(event=event).player.user)
    assert client.get(reverse("decklists:detail", args=[pool.pk])).status_code == 404


def test_breakdown_appears_once_lists_lock(client, event_with_staff, fab_release, legal_cc_text):
    from decklists import services

    s = event_with_staff
    for reg in (s["alice"], s["bob"]):
        d = services.save_decklist(reg, actor=reg.player.user, text=legal_cc_text)
        services.accept_decklist(services.submit_decklist(d, actor=reg.player.user), actor=s["head_judge"])
    client.force_login(s["organizer"])
    url = reverse("decklists:event", args=[s["event"].slug])
    assert "Heroes (locked lists)" not in client.get(url).content.decode()
    services.lock_event_decklists(s["event"], actor=s["organizer"])
    page = client.get(url).content.decode()
    assert "Heroes (locked lists)" in page and "Dorinthea Ironsong" in page
    assert "Warrior" in page and "100.0 %" in page


def test_findings_sit_next_to_their_card_with_a_rule_link(
    client, event_with_staff, fab_release, legal_cc_text
):
    import re

    s = event_with_staff
    client.force_login(s["alice"].player.user)
    response = client.post(
        _submit_url(s["event"]),
        {"text": legal_cc_text.replace("3x Overpower", "4x Overpower"), "save": "1"},
        follow=True,
    )
    body = response.content.decode()
    row = re.search(r'<tr class="has-findings">(.*?)</tr>', body, re.S)
    assert row is not None
    assert "Overpower (red)" in row.group(1)
    assert "4 copies" in row.group(1) or "copies" in row.group(1)
    assert 'class="rule-cite"' in row.group(1) and "TR&amp;P 7.1" in row.group(1)


def test_official_types_in_a_paper_list_and_sets_the_deadline(
    client, event_with_staff, fab_release, legal_cc_text
):
    s = event_with_staff
    client.force_login(s["floor_judge"])
    page = client.get(reverse("decklists:event", args=[s["event"].slug])).content.decode()
    link = _submit_url(s["event"], **{"for": s["bob"].pk})
    assert link.replace("&", "&amp;") in page or link in page
    response = client.post(link, {"text": legal_cc_text, "for": s["bob"].pk, "submit": "1"})
    assert response.status_code == 302
    assert Decklist.objects.get(registration=s["bob"]).status == DecklistStatus.SUBMITTED
    # A floor judge cannot set the deadline; the organizer can.
    url = reverse("decklists:event_action", args=[s["event"].slug, "deadline"])
    client.post(url, {"deadline": "2030-01-01T10:00"}, follow=True)
    from decklists.models import DecklistPolicy

    assert not DecklistPolicy.objects.filter(event=s["event"], deadline__isnull=False).exists()
    client.force_login(s["organizer"])
    response = client.post(url, {"deadline": "2030-01-01T10:00", "limited_sets": ""}, follow=True)
    assert b"Deadline saved" in response.content
    assert DecklistPolicy.objects.get(event=s["event"]).deadline.year == 2030


def test_a_did_you_mean_suggestion_is_a_button_that_fixes_the_line(
    client, event_with_staff, fab_release, legal_cc_text
):
    """Issue 36: a suggestion rewrites its line (quantity and pitch kept) and the list is read again."""
    s = event_with_staff
    _login(client, s["alice"].player.user)
    client.post(_submit_url(s["event"]), {"text": legal_cc_text + "\n2 Snach (red)", "save": "1"})
    decklist = Decklist.objects.get(registration=s["alice"])
    (problem,) = decklist.problems
    assert "Snatch" in problem["suggestions"]
    line = problem["line"]
    page = client.get(reverse("decklists:detail", args=[decklist.pk])).content.decode()
    assert 'name="suggestion" value="Snatch"' in page
    assert 'name="suggestion" value="Snatch"' in client.get(_submit_url(s["event"])).content.decode()
    url = reverse("decklists:action", args=[decklist.pk, "use-suggestion"])
    answer = client.post(url, {"line": line, "suggestion": "Snatch"})
    assert answer.status_code == 302
    decklist.refresh_from_db()
    assert decklist.raw_text.splitlines()[line - 1] == "2 Snatch (red)"
    assert decklist.problems == [] and decklist.is_legal is True
    # Only a suggestion offered for that line is taken; a stranger's post changes nothing.
    client.post(url, {"line": line, "suggestion": "Overpower"})
    decklist.refresh_from_db()
    assert decklist.raw_text.splitlines()[line - 1] == "2 Snatch (red)"
    _login(client, s["bob"].player.user)
    assert client.post(url, {"line": 1, "suggestion": "Snatch"}).status_code in (302, 403, 404)


def test_the_audit_trail_says_what_happened_in_words(client, event_with_staff, fab_release, legal_cc_text):
    s = event_with_staff
    _login(client, s["alice"].player.user)
    client.post(_submit_url(s["event"]), {"text": legal_cc_text, "submit": "1"})
    decklist = Decklist.objects.get(registration=s["alice"])
    _login(client, s["head_judge"])
    page = client.get(reverse("decklists:detail", args=[decklist.pk])).content.decode()
    assert "<td>submitted</td>" in page and "decklist.submit" not in page


def test_a_list_after_the_deadline_is_not_late_where_lists_are_not_required(
    client, event_with_staff, fab_release, legal_cc_text
):
    """Issue 36: at a Casual event that asks for no lists, "late (TR&P 3.7)" only alarms."""
    s = event_with_staff
    _login(client, s["alice"].player.user)
    client.post(_submit_url(s["event"]), {"text": legal_cc_text, "submit": "1"})
    decklist = Decklist.objects.get(registration=s["alice"])
    Decklist.objects.filter(pk=decklist.pk).update(is_late=True)
    url = reverse("decklists:detail", args=[decklist.pk])
    assert "late (" in client.get(url).content.decode()
    type(s["event"]).objects.filter(pk=s["event"].pk).update(decklists_required=False, rel="casual")
    page = client.get(url).content.decode()
    assert "late (" not in page and "does not matter" in page


def test_a_players_decklist_sheet_is_in_the_players_language(
    client, event_with_staff, fab_release, legal_cc_text, monkeypatch
):
    """Issue 31: the player chose Italian; the head judge's browser asks for German."""
    from django.utils import translation  # noqa: PLC0415 (only this test needs it)

    from core.i18n import set_account_language  # noqa: PLC0415 (only this test needs it)
    from decklists import pdf  # noqa: PLC0415 (only this test needs it)

    s = event_with_staff
    _login(client, s["alice"].player.user)
    client.post(_submit_url(s["event"]), {"text": legal_cc_text, "save": "1"})
    decklist = Decklist.objects.get(registration=s["alice"])
    set_account_language(s["alice"].player.user, language="it")
    seen = []
    monkeypatch.setattr(  # the document's own render sets its language, then renders
        pdf.DecklistSheet, "render_document", lambda self: seen.append(translation.get_language()) or b"%PDF"
    )
    _login(client, s["head_judge"])
    response = client.get(reverse("decklists:pdf", args=[decklist.pk]), HTTP_ACCEPT_LANGUAGE="de")
    assert response.status_code == 200
    assert seen == ["it"]


def test_the_engines_findings_and_unread_lines_are_in_the_readers_language(
    client, event_with_staff, fab_release, legal_cc_text
):
    """Issue 31: the legality engine and the decklist reader write their sentences as templates
    and values (``rules_engine.wording``); the page says them in the reader's language."""
    s = event_with_staff
    _login(client, s["alice"].player.user)
    text = legal_cc_text.replace("3x En Garde (red)", "4x En Garde (red)") + "\n2x Zzyzx Qwerty Card\n"
    client.post(_submit_url(s["event"]), {"text": text, "save": "1"})
    decklist = Decklist.objects.get(registration=s["alice"])
    url = reverse("decklists:detail", args=[decklist.pk])
    english = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "4 copies of En Garde" in english and "Classic Constructed allows 3" in english
    assert "no card named &#x27;Zzyzx Qwerty Card&#x27;" in english
    french = client.get(url, HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "4 exemplaires de En Garde" in french and "Classic Constructed en autorise 3" in french
    assert "aucune carte nommée &#x27;Zzyzx Qwerty Card&#x27;" in french
    assert "copies of" not in french and "no card named" not in french
    japanese = client.get(url, HTTP_ACCEPT_LANGUAGE="ja").content.decode()
    assert "Classic Constructedでは3枚までです" in japanese
