"""Turning push on for a server and the installable app (issue 29): the VAPID key made once,
the manifest and its icons, the service worker at the root, sending fanned out in batches, and
notifications turned off again for one event."""

from __future__ import annotations

import json
import stat
import struct

import pytest
from celery.signals import task_prerun
from django.contrib.staticfiles import finders
from django.core.management import call_command

from notifications import keys
from notifications.models import Subscription
from tests.factories.tournament import (
    EventFactory,
    MatchFactory,
    PlayerProfileFactory,
    RegistrationFactory,
    RoundFactory,
)
from tests.notifications.conftest import BrowserKeys
from tournament import services
from tournament.enums import EventStatus, RoundStatus


def test_push_keys_makes_the_key_once_readable_by_its_owner_only(tmp_path, settings, capsys):
    settings.PUSH_VAPID_PRIVATE_KEY = ""
    settings.PUSH_VAPID_KEY_FILE = str(tmp_path / "var" / "push" / "vapid_private.pem")
    keys._vapid.cache_clear()
    try:
        assert keys.public_key() == ""  # no key yet: the pages offer no notifications
        call_command("push_keys")
        path = tmp_path / "var" / "push" / "vapid_private.pem"
        first = path.read_bytes()
        assert first.startswith(b"-----BEGIN")
        assert stat.S_IMODE(path.stat().st_mode) == 0o600
        public = keys.public_key()
        assert len(public) == 87  # base64url of the 65-byte uncompressed P-256 point
        call_command("push_keys")  # make run / make serve call it every time: never a new key
        assert path.read_bytes() == first
        assert keys.public_key() == public
    finally:
        keys._vapid.cache_clear()


def test_the_manifest_names_the_app_and_its_icons_exist_at_their_sizes(client, db):
    answer = client.get("/manifest.webmanifest")
    assert answer["Content-Type"] == "application/manifest+json"
    manifest = json.loads(answer.content)
    assert (manifest["display"], manifest["start_url"], manifest["scope"]) == ("standalone", "/events/", "/")
    for icon in manifest["icons"]:
        found = finders.find(icon["src"].split("/static/", 1)[1])
        assert found, icon["src"]
        with open(found, "rb") as png:
            head = png.read(24)
        assert head[:8] == b"\x89PNG\r\n\x1a\n"
        width, height = struct.unpack(">II", head[16:24])
        assert f"{width}x{height}" == icon["sizes"]
    assert '<link rel="manifest" href="/manifest.webmanifest">' in client.get("/events/").content.decode()


def test_the_service_worker_is_served_from_the_root_and_never_stale(client, db):
    answer = client.get("/sw.js")
    assert answer.status_code == 200
    assert answer["Content-Type"].startswith("application/javascript")
    assert answer["Service-Worker-Allowed"] == "/"
    assert "no-cache" in answer["Cache-Control"]
    worker = answer.content.decode()
    assert "tournament/player.js" in worker and 'addEventListener("push"' in worker


@pytest.fixture
def round_of(db, client, push_service, vapid_key):
    """A running event with one paired round of 6 players, each with a subscribed phone."""
    event = EventFactory(status=EventStatus.RUNNING)
    regs = [
        RegistrationFactory(event=event, player=PlayerProfileFactory(display_name=f"P{i}")) for i in range(6)
    ]
    rnd = RoundFactory(event=event, number=1, status=RoundStatus.PAIRED)
    for table, i in enumerate(range(0, 6, 2), start=1):
        MatchFactory(round=rnd, table_number=table, player_a=regs[i], player_b=regs[i + 1])
    phones = {}
    for i, reg in enumerate(regs):
        phones[i] = BrowserKeys.new()
        client.force_login(reg.player.user)
        answer = client.post(
            f"/push/{event.slug}/subscribe/",
            data=json.dumps({"subscription": phones[i].subscription(f"{push_service.url}/p{i}")}),
            content_type="application/json",
        )
        assert answer.status_code == 200, answer.content
    return event, regs, rnd, phones


def test_a_published_round_is_sent_in_batches(
    round_of, push_service, settings, django_capture_on_commit_callbacks
):
    event, regs, rnd, phones = round_of
    settings.PUSH_BATCH_SIZE = 4
    batches: list[int] = []

    def count(sender=None, kwargs=None, **_):
        if sender.name == "notifications.task_send_batch":
            batches.append(len(kwargs["items"]))

    task_prerun.connect(count)
    try:
        with django_capture_on_commit_callbacks(execute=True):
            services.publish_round(rnd, actor=None)
    finally:
        task_prerun.disconnect(count)
    assert batches == [4, 2]
    assert sorted(r.path for r in push_service.received) == [f"/p{i}" for i in range(6)]
    assert phones[0].decrypt(push_service.for_path("/p0")[0])["body"] == "You play P1 at table 1."


def test_turning_notifications_off_for_one_event_keeps_the_others(round_of, client, push_service):
    event, regs, rnd, phones = round_of
    other = EventFactory(status=EventStatus.RUNNING)
    RegistrationFactory(event=other, player=regs[0].player)
    client.force_login(regs[0].player.user)
    endpoint = f"{push_service.url}/p0"
    answer = client.post(
        f"/push/{other.slug}/subscribe/",
        data=json.dumps({"subscription": phones[0].subscription(endpoint)}),
        content_type="application/json",
    )
    assert answer.status_code == 200, answer.content

    answer = client.post(
        f"/push/{event.slug}/unsubscribe/",
        data=json.dumps({"endpoint": endpoint, "audience": "player"}),
        content_type="application/json",
    )
    assert answer.json() == {"subscribed": False, "removed": 1}
    assert list(Subscription.objects.filter(endpoint=endpoint).values_list("event_id", flat=True)) == [
        other.pk
    ]
    # Someone else cannot turn another player's phone off: nothing of theirs is removed.
    client.force_login(regs[1].player.user)
    answer = client.post(
        f"/push/{other.slug}/unsubscribe/",
        data=json.dumps({"endpoint": endpoint, "audience": "player"}),
        content_type="application/json",
    )
    assert answer.status_code in (200, 403, 404)
    assert Subscription.objects.filter(endpoint=endpoint, event=other).exists()
