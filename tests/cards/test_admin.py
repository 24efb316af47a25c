"""Admin: releases are listed, read-only, and one can be made active."""

import pytest

from cards import selectors


@pytest.mark.django_db
def test_admin_lists_releases_and_cards(client, user_factory, make_release):
    release = make_release()
    admin = user_factory("boss", is_staff=True, is_superuser=True)
    client.force_login(admin)
    html = client.get("/admin/cards/carddatarelease/").content.decode()
    assert release.label in html
    assert client.get(f"/admin/cards/carddatarelease/{release.pk}/change/").status_code == 200
    html = client.get("/admin/cards/cardrecord/", {"q": "dawnblade"}).content.decode()
    assert "Dawnblade" in html
    assert client.get("/admin/cards/carddatarelease/add/").status_code == 403


@pytest.mark.django_db
def test_admin_make_active_action(client, user_factory, make_release):
    first = make_release()
    second = make_release(activate=False)
    client.force_login(user_factory("boss", is_staff=True, is_superuser=True))
    resp = client.post(
        "/admin/cards/carddatarelease/",
        {"action": "make_active", "_selected_action": [second.pk]},
        follow=True,
    )
    assert f"{second.version} is now the active fab release." in resp.content.decode()
    assert selectors.active_release() == second
    first.refresh_from_db()
    assert not first.is_active


@pytest.mark.django_db
def test_admin_records_a_ban_through_the_audited_service(client, user_factory, make_release):
    from datetime import date

    from cards.models import RecordedStatus
    from core.models import AuditEntry

    make_release()
    boss = user_factory("hj", is_staff=True, is_superuser=True)
    client.force_login(boss)
    form = {
        "game": "fab",
        "card_name": "snatch",
        "pitch": "1",
        "format": "cc",
        "status": "banned",
        "effective_from": "2026-12-01",
        "source_url": "https://fabtcg.com/articles/example-announcement/",
        "note": "",
    }
    bad = client.post("/admin/cards/recordedstatus/add/", {**form, "card_name": "No Such Card"})
    assert "No card of that name" in bad.content.decode()
    resp = client.post("/admin/cards/recordedstatus/add/", form, follow=True)
    assert resp.status_code == 200
    rs = RecordedStatus.objects.get()
    assert (rs.card_name, rs.pitch, rs.effective_from, rs.recorded_by) == (
        "Snatch",
        1,
        date(2026, 12, 1),
        boss,
    )
    entry = AuditEntry.objects.get(action="card_status.record")
    assert entry.actor == boss
    db = selectors.card_database()
    assert db.get("Snatch", 1).statuses_on("cc", date(2026, 12, 1)) == {"banned"}
    assert db.get("Snatch", 1).statuses_on("cc", date(2026, 11, 30)) == frozenset()
    client.post("/admin/cards/recordedstatus/", {"action": "withdraw", "_selected_action": [rs.pk]})
    rs.refresh_from_db()
    assert rs.withdrawn_at is not None
    assert selectors.card_database().get("Snatch", 1).statuses_on("cc", date(2026, 12, 1)) == frozenset()
