"""Shared fixtures: users, API clients and a headless Debian chromium for browser tests."""

from __future__ import annotations

import os
import shutil
import uuid
from pathlib import Path

import pytest
from django.conf import settings
from hypothesis import HealthCheck
from hypothesis import settings as hypothesis_settings

# Playwright's sync API runs an event loop in the test thread; Django's ORM calls from
# the live-server fixtures are still synchronous and safe here.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

SHARED_DIR: Path = settings.SHARED_DIR
#: Invented stand-ins in the shared folder's layout (tests/fixtures/make_shared.py): tests of the
#: importers and commands use them, so a clone with nothing beside it tests the same code paths.
FIXTURE_SHARED_DIR: Path = Path(__file__).resolve().parent / "fixtures" / "shared"


def shared_path(*parts: str) -> Path:
    """``SHARED_DIR/parts...`` for a test over the real rules documents or card data; skips the
    test, naming what is missing and where it was looked for, when it is absent (a clone with no
    ``../shared`` beside it; CI has it). Never used to hide a failure: only absence skips."""
    path = Path(SHARED_DIR).joinpath(*parts)
    if not path.exists():
        pytest.skip(
            f"needs the real {'/'.join(parts)} from the shared folder, absent at {path} "
            "(set ARBITER_SHARED_DIR, or place the shared folder beside the checkout)"
        )
    return path


def shared_or_stand_in(*parts: str) -> Path:
    """The real ``SHARED_DIR/parts...`` when present, else the invented stand-in of the same
    layout in tests/fixtures/shared (for tests of parsing and importing, not of real content)."""
    real = Path(SHARED_DIR).joinpath(*parts)
    return real if real.exists() else FIXTURE_SHARED_DIR.joinpath(*parts)


@pytest.fixture(autouse=True)
def _no_downloads_in_tests(settings):
    """Card data the shared folder lacks is never fetched from the internet by a test (the
    download path is tested against a server on the loopback)."""
    settings.ARBITER_ONLINE_SOURCES = False


# Hypothesis: one profile for the whole suite. Examples are derived from each test's name
# (derandomize), so a run is repeatable and a failure reproduces; no deadline and no "too slow"
# health check, because a loaded two-core machine generates input slowly (a health check failed
# on tests/mirror/test_parsers.py that way) and speed is measured by bench/, never by tests.
# HYPOTHESIS_PROFILE=explore draws fresh random examples for a local hunt.
hypothesis_settings.register_profile(
    "ci",
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    print_blob=True,
)
hypothesis_settings.register_profile("explore", deadline=None, suppress_health_check=[HealthCheck.too_slow])
hypothesis_settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


def _redis_db_for_this_worker(url: str) -> str:
    """The Redis cache URL with a database of this xdist worker's own (3 + its number), so one
    worker's cache.clear() (FLUSHDB) never wipes another's cache or the broker's queue."""
    from config.redis_urls import with_database

    worker = os.environ.get("PYTEST_XDIST_WORKER", "gw0")
    return with_database(url, 3 + int("".join(ch for ch in worker if ch.isdigit()) or 0) % 12)


def run_cache_settings(location: str) -> dict:
    """Redis cache settings of this test run: this worker's database, this run's key prefix
    (``ARBITER_TEST_RUN``, made once per run and inherited by the workers and by the processes the
    tests start) and a ``clear()`` that empties only this run's keys (``tests/run_cache.py``)."""
    run = os.environ.setdefault("ARBITER_TEST_RUN", uuid.uuid4().hex[:12])
    return {
        "BACKEND": "tests.run_cache.RunScopedRedisCache",
        "LOCATION": _redis_db_for_this_worker(location),
        "KEY_PREFIX": f"arbiter-test-{run}",
    }


def pytest_configure(config):
    cache = settings.CACHES.get("default", {})
    if cache.get("BACKEND", "").endswith("RedisCache"):
        settings.CACHES = {"default": run_cache_settings(cache["LOCATION"])}


@pytest.fixture(autouse=True, scope="session")
def _celery_runs_tasks_in_the_test_process():
    """Tests run tasks eagerly even when CELERY_BROKER_URL is set (as in CI).

    Otherwise a task queued by the code under test would wait for a worker that
    is not there. tests/core/test_celery_worker.py starts a real worker process
    and talks to it through its own Celery client, unaffected by this.
    """
    from config.celery import app

    app.conf.task_always_eager = True
    app.conf.task_eager_propagates = True
    app.conf.task_store_eager_result = False
    yield


@pytest.fixture(autouse=True)
def _each_test_starts_in_english():
    """A page asked for in another language leaves that language active in the thread that
    served it (the test client serves in the test's own thread), so a later test's gettext would
    answer in French. Every test starts, and ends, in the site's default language."""
    from django.utils import translation

    translation.activate(settings.LANGUAGE_CODE)
    yield
    translation.activate(settings.LANGUAGE_CODE)


@pytest.fixture(autouse=True)
def _fast_password_hashing(settings):
    """PBKDF2 is deliberately slow; tests only need passwords to round-trip."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def _no_throttling(settings):
    """The suite logs in and calls the API thousands of times from one address: login lockout
    and API throttles are off here. tests/core/test_throttling.py switches them back on."""
    settings.AXES_ENABLED = False
    settings.ARBITER_THROTTLE_ENABLED = False


@pytest.fixture(autouse=True)
def _no_public_microcache(settings):
    """Tests look at a page right after changing what it shows; the anonymous microcache would
    answer with the copy from before for a second or two. tests/tournament/test_microcache.py
    switches it back on and checks it."""
    settings.ARBITER_PUBLIC_MICROCACHE_SECONDS = 0


@pytest.fixture
def user_factory(db):
    from django.contrib.auth import get_user_model

    User = get_user_model()
    counter = {"n": 0}

    def make(username: str | None = None, **extra):
        counter["n"] += 1
        username = username or f"user{counter['n']}"
        return User.objects.create_user(username=username, password="pw-" + username, **extra)

    return make


@pytest.fixture
def api_client():
    from rest_framework.test import APIClient

    return APIClient()


@pytest.fixture(scope="session")
def _playwright():
    if CHROMIUM is None:
        pytest.fail("chromium is not installed: run `make browserdeps` (make test does it)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        yield pw


@pytest.fixture(scope="session")
def chromium_browser(_playwright):
    browser = _playwright.chromium.launch(
        executable_path=CHROMIUM,
        headless=True,
        args=[
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
        ],
    )
    yield browser
    browser.close()


@pytest.fixture
def browser_page(chromium_browser):
    """A fresh desktop-sized page. Use with pytest-django's ``live_server``."""
    context = chromium_browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.set_default_timeout(15_000)
    yield page
    context.close()


@pytest.fixture
def phone_page(chromium_browser):
    """A fresh phone-sized page (390x844, touch)."""
    context = chromium_browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True, device_scale_factor=2
    )
    page = context.new_page()
    page.set_default_timeout(15_000)
    yield page
    context.close()


def login_in_browser(page, live_server, username: str, password: str) -> None:
    """Log ``page`` in through the real login form, waiting for the navigation the submit starts
    (``wait_for_load_state`` alone returns at once on the already loaded login page, and a next
    ``goto`` could then cancel the login on a slow machine)."""
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("input[name=username]", username)
    page.fill("input[name=password]", password)
    with page.expect_navigation():
        page.click("button[type=submit]")
    page.wait_for_load_state()


@pytest.fixture
def loopback_site(tmp_path):
    """A web server on 127.0.0.1 serving the folder ``tmp_path/site``: it stands in for public
    addresses the tests cannot reach (card data archives, publishers' rules documents). Yields the
    folder and the server's address; files are sent with Last-Modified (their modification time)."""
    import http.server
    import threading

    root = tmp_path / "site"
    root.mkdir()

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, directory=str(root), **kwargs)

        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Quiet)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield root, f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()
