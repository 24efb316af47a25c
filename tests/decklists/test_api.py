"""Decklist API: same services as the pages; bad input is a 400 naming the problem."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from decklists.enums import DecklistStatus
from decklists.models import Decklist
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def _post(api_client, user, data, fmt="json"):
    api_client.force_authenticate(user)
    return api_client.post("/api/decklists/", data, format=fmt)


def test_create_draft_then_submit_then_accept(api_client, event_with_staff, fab_release, legal_cc_text):
    s = event_with_staff
    response = _post(
        api_client, s["alice"].player.user, {"registration": s["alice"].pk, "text": legal_cc_text}
    )
    assert response.status_code == 201, response.json()
    body = response.json()
    assert body["status"] == "draft" and body["is_legal"] is True and body["raw_text"] == legal_cc_text
    assert body["hero"] == "Dorinthea Ironsong"
    pk = body["id"]
    response = api_client.post(f"/api/decklists/{pk}/submit/", {"version": body["version"]}, format="json")
    assert response.status_code == 200 and response.json()["status"] == "submitted"
    # Double submission: the same answer, still one list.
    again = api_client.post(f"/api/decklists/{pk}/submit/", {}, format="json")
    assert again.status_code == 200 and again.json()["submitted_at"] == response.json()["submitted_at"]
    api_client.force_authenticate(s["alice"].player.user)
    assert api_client.post(f"/api/decklists/{pk}/accept/").status_code == 403
    api_client.force_authenticate(s["floor_judge"])
    assert api_client.post(f"/api/decklists/{pk}/accept/").json()["status"] == "accepted"
    api_client.force_authenticate(s["alice"].player.user)
    conflict = api_client.put(f"/api/decklists/{pk}/", {"text": "3 Snatch (red)"}, format="json")
    assert conflict.status_code == 409 and conflict.json()["code"] == "accepted"
    assert Decklist.objects.filter(registration=s["alice"]).count() == 1


def test_submit_flag_with_errors_saves_a_draft_and_answers_400(
    api_client, event_with_staff, fab_release, legal_cc_text
):
    s = event_with_staff
    response = _post(
        api_client,
        s["alice"].player.user,
        {"registration": s["alice"].pk, "text": legal_cc_text + "\n3 Snatch", "submit": True},
    )
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "illegal" and "Saved as a draft" in body["detail"]
    assert body["decklist"]["status"] == "draft"
    assert body["decklist"]["problems"][0]["code"] == "AMBIGUOUS_PITCH"
    assert Decklist.objects.get(registration=s["alice"]).status == DecklistStatus.DRAFT


def test_stale_version_is_409(api_client, event_with_staff, fab_release, legal_cc_text):
    s = event_with_staff
    pk = _post(
        api_client, s["alice"].player.user, {"registration": s["alice"].pk, "text": legal_cc_text}
    ).json()["id"]
    assert (
        api_client.put(
            f"/api/decklists/{pk}/", {"text": legal_cc_text + "\n", "version": 1}, format="json"
        ).status_code
        == 200
    )
    stale = api_client.put(
        f"/api/decklists/{pk}/", {"text": legal_cc_text + "\n\n", "version": 1}, format="json"
    )
    assert stale.status_code == 409 and stale.json()["code"] == "stale"


@pytest.mark.parametrize(
    "data, status, words",
    [
        ({"text": ""}, 400, "empty"),
        ({"text": "\n \t\n"}, 400, "empty"),
        ({"text": "1 Snatch (red)\n" * 10_000}, 400, "10,000 lines"),
        ({"text": "3 Snatch (red)\u0000\u0001"}, 400, "ull"),
        ({"text": "3 Snatch (red)\u0007\u001b"}, 400, "binary data"),
        ({"text": ["not", "a", "string"]}, 400, "text"),
        ({}, 400, "text"),
        ({"text": "3 Snatch (red)", "kind": "nonsense"}, 400, "kind"),
    ],
    ids=["empty", "blank", "10000-lines", "nul", "controls", "list", "missing", "bad-kind"],
)
def test_bad_input_is_a_clear_400(api_client, event_with_staff, fab_release, data, status, words):
    s = event_with_staff
    response = _post(api_client, s["alice"].player.user, {"registration": s["alice"].pk, **data})
    assert response.status_code == status, response.content
    assert words in response.json()["detail"]
    assert not Decklist.objects.filter(registration=s["alice"]).exists()


def test_binary_file_upload_is_a_clear_400(api_client, event_with_staff, fab_release):
    s = event_with_staff
    upload = SimpleUploadedFile("deck.png", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" * 20)
    response = _post(
        api_client, s["alice"].player.user, {"registration": s["alice"].pk, "file": upload}, fmt="multipart"
    )
    assert response.status_code == 400
    assert "not a text file" in response.json()["detail"]


def test_text_file_upload_is_read(api_client, event_with_staff, fab_release, legal_cc_text):
    s = event_with_staff
    upload = SimpleUploadedFile("deck.txt", legal_cc_text.encode("utf-16"))
    response = _post(
        api_client, s["alice"].player.user, {"registration": s["alice"].pk, "file": upload}, fmt="multipart"
    )
    assert response.status_code == 201 and response.json()["source"] == "file"
    assert response.json()["is_legal"] is True


def test_unknown_registration_is_400(api_client, event_with_staff, fab_release):
    response = _post(api_client, event_with_staff["alice"].player.user, {"registration": 999999, "text": "x"})
    assert response.status_code == 400 and "999999" in response.json()["detail"]


@pytest.mark.parametrize(
    "who, status",
    [
        ("owner", 200),
        ("head_judge", 200),
        ("scorekeeper", 200),
        ("other_player", 404),
        ("stranger", 404),
        ("anonymous", 401),
    ],
)
def test_api_privacy_per_role(api_client, event_with_staff, fab_release, legal_cc_text, who, status):
    s = event_with_staff
    pk = _post(
        api_client, s["alice"].player.user, {"registration": s["alice"].pk, "text": legal_cc_text}
    ).json()["id"]
    users = {
        "owner": s["alice"].player.user,
        "head_judge": s["head_judge"],
        "scorekeeper": s["scorekeeper"],
        "other_player": s["bob"].player.user,
        "stranger": UserFactory(),
        "anonymous": None,
    }
    api_client.force_authenticate(users[who])
    assert api_client.get(f"/api/decklists/{pk}/").status_code == status


def test_event_listing_is_for_officials(api_client, event_with_staff, fab_release, legal_cc_text):
    s = event_with_staff
    _post(api_client, s["alice"].player.user, {"registration": s["alice"].pk, "text": legal_cc_text})
    mine = api_client.get("/api/decklists/")
    assert [d["player"] for d in mine.json()] == ["Alice"]
    assert api_client.get(f"/api/decklists/?event={s['event'].slug}").status_code == 403
    api_client.force_authenticate(s["organizer"])
    assert len(api_client.get(f"/api/decklists/?event={s['event'].slug}").json()) == 1


def test_revalidation_job_through_the_api(
    api_client, event_with_staff, fab_release, legal_cc_text, django_capture_on_commit_callbacks
):
    s = event_with_staff
    _post(api_client, s["alice"].player.user, {"registration": s["alice"].pk, "text": legal_cc_text})
    api_client.force_authenticate(s["floor_judge"])
    assert api_client.post(f"/api/decklists/events/{s['event'].slug}/revalidate/").status_code == 403
    api_client.force_authenticate(s["organizer"])
    with django_capture_on_commit_callbacks(execute=True):
        response = api_client.post(f"/api/decklists/events/{s['event'].slug}/revalidate/")
    assert response.status_code == 202
    job_id = response.json()["id"]
    job = api_client.get(f"/api/decklists/jobs/{job_id}/").json()
    assert job["status"] == "done" and job["result"]["checked"] == 1
