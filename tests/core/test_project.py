"""Project-wide guarantees: migrations complete, pure packages stay pure, pages answer."""

import subprocess
import sys
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.django_db
def test_migrations_are_complete():
    out = StringIO()
    call_command("makemigrations", "--check", "--dry-run", stdout=out)
    assert "No changes detected" in out.getvalue()


@pytest.mark.parametrize("package", ["rules_engine", "pairings"])
def test_pure_packages_import_nothing_from_django(package):
    """Nor from any project app: imports point tournament -> pairings, never back."""
    code = (
        "import importlib, pkgutil, sys\n"
        f"pkg = importlib.import_module({package!r})\n"
        "for m in pkgutil.walk_packages(pkg.__path__, pkg.__name__ + '.'):\n"
        "    if m.name.split('.')[-1] == '__main__':\n"
        "        continue  # importing a command-line entry point would run it\n"
        "    importlib.import_module(m.name)\n"
        "apps = ('django', 'core', 'tournament', 'decklists', 'judging', 'reference', 'cards', 'config')\n"
        "bad = sorted(n for n in sys.modules if n.split('.')[0] in apps)\n"
        "print(bad)\n"
        "print(len(bad)); sys.exit(1 if bad else 0)\n"
    )
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.django_db
def test_home_page_and_health(client):
    home = client.get("/")
    assert home.status_code == 200
    assert b"Arbiter" in home.content
    health = client.get("/health/")
    assert health.json()["status"] == "ok"


@pytest.mark.django_db
def test_openapi_schema_and_docs_are_served(client):
    schema = client.get("/api/schema/")
    assert schema.status_code == 200
    assert b"openapi" in schema.content
    docs = client.get("/api/docs/")
    assert docs.status_code == 200


@pytest.mark.django_db
def test_admin_login_page_is_served(client):
    assert client.get("/admin/login/").status_code == 200


@pytest.mark.django_db
def test_openapi_schema_generates_without_warnings(tmp_path):
    """Every API view documents itself: drf-spectacular reports no warning or error."""
    call_command("spectacular", "--fail-on-warn", "--validate", "--file", str(tmp_path / "schema.yml"))
    assert (tmp_path / "schema.yml").stat().st_size > 10_000
