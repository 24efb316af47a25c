"""Issue 15, defect 10: production settings.

``manage.py check --deploy`` passes with the environment documented in docs/deployment.md (read
from the document, so the two cannot drift); HSTS and the SSL redirect are on by default in
production and switchable from the environment; the forwarded-protocol header is trusted only
behind a declared proxy; every page carries a strict Content-Security-Policy.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "deployment.md"


def documented_environment() -> dict[str, str]:
    block = re.search(r"```env\n(.*?)```", DOC.read_text(), re.S)
    assert block, "docs/deployment.md has no ```env block"
    env = dict(
        line.split("=", 1) for line in block.group(1).splitlines() if line and not line.startswith("#")
    )
    env["SECRET_KEY"] = "k" * 20 + "-production-like-secret-key-for-the-check-" + "Z9" * 10
    return env


def _clean_env(overrides: dict[str, str]) -> dict[str, str]:
    names = {"SECRET_KEY", "ALLOWED_HOSTS", "DJANGO_DEBUG", "DATABASE_URL", "CELERY_BROKER_URL"}
    env = {k: v for k, v in os.environ.items() if k not in names and not k.startswith("SECURE_")}
    env.pop("ARBITER_BEHIND_PROXY", None)
    env.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)  # set by tests/conftest.py for the browser tests
    env.update(overrides)
    return env


def _settings(overrides: dict[str, str]) -> dict:
    code = (
        "import django, json, os; os.environ['DJANGO_SETTINGS_MODULE']='config.settings'; django.setup();"
        "from django.conf import settings as s;"
        "print(json.dumps({k: getattr(s, k, None) for k in ['SECURE_SSL_REDIRECT', 'SECURE_HSTS_SECONDS',"
        " 'SECURE_HSTS_INCLUDE_SUBDOMAINS', 'SECURE_PROXY_SSL_HEADER', 'SESSION_COOKIE_SECURE',"
        " 'CONTENT_SECURITY_POLICY']}))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=_clean_env(overrides), capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_check_deploy_is_clean_with_the_documented_environment():
    env = _clean_env(documented_environment())
    # The check needs no database; keep the documented URL but never connect to it.
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=180,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_https_settings_default_on_in_production_and_follow_the_environment():
    prod = {"DJANGO_DEBUG": "0", "SECRET_KEY": "s" * 60, "ALLOWED_HOSTS": "a.example.org"}
    on = _settings(prod)
    assert on["SECURE_SSL_REDIRECT"] is True
    assert on["SECURE_HSTS_SECONDS"] == 31536000 and on["SECURE_HSTS_INCLUDE_SUBDOMAINS"] is True
    assert on["SESSION_COOKIE_SECURE"] is True
    off = _settings({**prod, "SECURE_SSL_REDIRECT": "0", "SECURE_HSTS_SECONDS": "3600"})
    assert off["SECURE_SSL_REDIRECT"] is False and off["SECURE_HSTS_SECONDS"] == 3600
    dev = _settings({})
    assert dev["SECURE_SSL_REDIRECT"] is False and dev["SECURE_HSTS_SECONDS"] == 0


def test_the_forwarded_protocol_is_trusted_only_behind_a_declared_proxy():
    prod = {"DJANGO_DEBUG": "0", "SECRET_KEY": "s" * 60, "ALLOWED_HOSTS": "a.example.org"}
    assert _settings(prod)["SECURE_PROXY_SSL_HEADER"] is None
    assert _settings({**prod, "ARBITER_BEHIND_PROXY": "1"})["SECURE_PROXY_SSL_HEADER"] == [
        "HTTP_X_FORWARDED_PROTO",
        "https",
    ]


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["/", "/events/", "/api/events/", "/api/docs/"])
def test_pages_carry_a_strict_content_security_policy(client, path):
    response = client.get(path)
    policy = response["Content-Security-Policy"]
    assert (
        "script-src 'self'" in policy and "'unsafe-inline'" not in policy.split("script-src")[1].split(";")[0]
    )
    assert "frame-ancestors 'none'" in policy and "object-src 'none'" in policy


@pytest.mark.django_db
def test_no_template_has_an_inline_script_or_handler():
    offenders = []
    templates = [*ROOT.glob("templates/**/*.html"), *ROOT.glob("*/templates/**/*.html")]
    for path in templates:
        text = path.read_text()
        if re.search(r"<script(?![^>]*\bsrc=)[^>]*>", text) or re.search(r"\son[a-z]+=\"", text):
            offenders.append(str(path.relative_to(ROOT)))
    assert len(templates) > 50
    assert not offenders, offenders
