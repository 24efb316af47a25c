"""A store's evening (``make store``, config/store.py): the site on the laptop's local-network
address, DEBUG off with plain error pages, and every QR code carrying the address phones use."""

from __future__ import annotations

import os
import re
import secrets
import socket
import subprocess
import sys
from pathlib import Path

import pytest
from django.urls import reverse

from config import store
from core.pdf import qr_svg_data_uri
from tests.core.test_production_server import start_and_wait
from tests.factories import EventFactory

ROOT = Path(__file__).resolve().parents[2]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_store_environment_serves_the_lan_address_with_debug_off(tmp_path):
    env = store.store_environment("192.168.1.23", "8000", tmp_path)
    assert env["DJANGO_DEBUG"] == "0"
    assert env["HOST"] == "0.0.0.0"
    assert env["ALLOWED_HOSTS"].split(",")[0] == "192.168.1.23"
    assert "127.0.0.1" in env["ALLOWED_HOSTS"].split(",")
    assert env["ARBITER_SITE_URL"] == "http://192.168.1.23:8000"
    # Plain http on a shop's network: cookies that need https would make every login fail.
    assert env["SESSION_COOKIE_SECURE"] == env["CSRF_COOKIE_SECURE"] == env["SECURE_SSL_REDIRECT"] == "0"
    # The secret key is made once and kept (logins survive a restart), readable by the owner only.
    again = store.store_environment("192.168.1.23", "8000", tmp_path)
    if not os.environ.get("SECRET_KEY"):
        assert env["SECRET_KEY"] == again["SECRET_KEY"] and len(env["SECRET_KEY"]) >= 50
        assert (tmp_path / "store-secret-key").stat().st_mode & 0o077 == 0


def test_store_environment_is_accepted_by_the_settings(tmp_path):
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "PYTEST"))}
    env.update(store.store_environment("10.0.0.7", "8123", tmp_path), ARBITER_VAR_DIR=str(tmp_path))
    code = (
        "import django, os; os.environ.setdefault('DJANGO_SETTINGS_MODULE', 'config.settings'); "
        "django.setup(); from django.conf import settings as s; "
        "print(s.DEBUG, s.ALLOWED_HOSTS[0], s.ARBITER_SITE_URL)"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["False", "10.0.0.7", "http://10.0.0.7:8123"]


def test_lan_address_override_and_banner(monkeypatch):
    monkeypatch.setenv("STORE_ADDRESS", "192.168.4.20")
    assert store.lan_address() == "192.168.4.20"
    text = store.banner("http://192.168.4.20:8000", "192.168.4.20", "8000")
    assert "http://192.168.4.20:8000/" in text
    assert "client isolation" in text and "firewall" in text
    # segno's compact terminal QR draws with block characters.
    assert "\u2580" in text or "\u2584" in text or "\u2588" in text
    alone = store.banner("http://127.0.0.1:8000", None, "8000")
    assert "no local network address" in alone


def test_lan_address_is_never_the_loopback(monkeypatch):
    monkeypatch.delenv("STORE_ADDRESS", raising=False)
    address = store.lan_address()
    assert address is None or not address.startswith("127.")


@pytest.mark.django_db
def test_qr_codes_carry_the_site_address_not_the_owners_browser(client, settings):
    """The owner browses at 127.0.0.1; the QR on the event page leads phones to the LAN address."""
    settings.ARBITER_SITE_URL = "http://192.168.1.23:8000"
    event = EventFactory(status="registration")
    page = client.get(reverse("tournament:event_detail", args=[event.slug]), HTTP_HOST="127.0.0.1")
    assert page.status_code == 200
    expected = qr_svg_data_uri(f"http://192.168.1.23:8000/events/{event.slug}/")
    assert expected in page.content.decode()
    settings.ARBITER_SITE_URL = ""
    local = client.get(reverse("tournament:event_detail", args=[event.slug]), HTTP_HOST="127.0.0.1")
    assert expected not in local.content.decode()


@pytest.mark.django_db
def test_error_pages_are_plain_words(client, settings):
    settings.DEBUG = False
    missing = client.get("/no-such-page/")
    assert missing.status_code == 404
    body = missing.content.decode()
    assert "Page not found" in body and "/events/" in body
    assert "URLconf" not in body and "urlpatterns" not in body
    bad_host = client.get("/", HTTP_HOST="phones.example")
    assert bad_host.status_code == 400
    assert "Request not understood" in bad_host.content.decode()
    assert "DisallowedHost" not in bad_host.content.decode()


@pytest.mark.slow
@pytest.mark.timeout(900)
def test_make_store_serves_phones_on_the_lan_address(tmp_path):
    """``python -m config.store`` for real: a phone's request by the LAN address is served, an
    address it was not started with gets the plain 400 page, a missing page the plain 404."""
    import requests

    address = store.lan_address() or "127.0.0.2"
    port = _free_port()
    var = tmp_path / "var"
    var.mkdir()
    kept_static = ROOT / "var" / "prodcheck-static"  # shared with the production-server test
    kept_static.mkdir(parents=True, exist_ok=True)
    (var / "static").symlink_to(kept_static, target_is_directory=True)
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("PYTEST", "DJANGO_", "CELERY_", "CACHE_", "DATABASE_", "SECRET_KEY", "ALLOWED_"))
    }
    env.update(
        STORE_ADDRESS=address, PORT=str(port), ARBITER_VAR_DIR=str(var), PYTHONUNBUFFERED="1", WEB_THREADS="2"
    )
    log_path = tmp_path / "store.log"
    base = f"http://{address}:{port}"
    server = start_and_wait("config.store", env, log_path, base)
    try:
        printed = log_path.read_text()
        assert f"{base}/" in printed and "client isolation" in printed
        missing = requests.get(f"{base}/no-such-page/", timeout=30)
        assert missing.status_code == 404 and "Page not found" in missing.text
        assert "URLconf" not in missing.text
        other = requests.get(
            f"{base}/", headers={"Host": f"somewhere-{secrets.token_hex(2)}.example"}, timeout=30
        )
        assert other.status_code == 400 and "Request not understood" in other.text
        page = requests.get(f"{base}/events/", timeout=30)
        css = re.search(r'href="(/static/[^"]+\.css)"', page.text)
        assert css and requests.get(base + css.group(1), timeout=30).status_code == 200
    finally:
        os.killpg(server.pid, 15)
        try:
            server.wait(timeout=40)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, 9)


@pytest.mark.django_db
def test_staff_dashboard_shows_the_address_and_qr_for_phones(client, settings):
    from tests.factories import StaffAssignmentFactory, UserFactory

    settings.ARBITER_SITE_URL = "http://192.168.1.23:8000"
    event = EventFactory(status="registration")
    organizer = UserFactory()
    StaffAssignmentFactory(event=event, user=organizer, role="organizer")
    client.force_login(organizer)
    page = client.get(reverse("tournament:staff", args=[event.slug]), HTTP_HOST="127.0.0.1").content.decode()
    url = f"http://192.168.1.23:8000/events/{event.slug}/"
    assert f'href="{url}"' in page
    assert qr_svg_data_uri(url) in page
