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
