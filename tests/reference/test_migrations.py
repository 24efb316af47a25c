from io import StringIO

import pytest
from django.core.management import call_command


@pytest.mark.django_db
def test_reference_models_have_migrations():
    out = StringIO()
    call_command("makemigrations", "reference", "--check", "--dry-run", stdout=out)

    assert "No changes detected" in out.getvalue()
