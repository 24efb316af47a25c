"""Importing rules documents: idempotence, replacement, current edition, the management command."""

from __future__ import annotations

import pytest
from django.core.management import CommandError, call_command

from core.errors import DomainError
from reference.models import GlossaryTerm, Rule, RulesDocument
from reference.services import import_default_documents, import_rules_document, set_current_document
from tests.reference import samples

pytestmark = pytest.mark.django_db


def test_import_rules_document_stores_rules_parents_and_glossary():
    result = import_rules_document(samples.CR_MARKDOWN, kind="cr", version="9.9.9")
    doc = result.document

    assert (result.created, result.changed, doc.is_current) == (True, True, True)
    assert doc.rule_count == Rule.objects.filter(document=doc).count() == 12
    rule = Rule.objects.get(document=doc, number="1.0.1a")
    assert (rule.parent.number, rule.depth, rule.anchor) == ("1.0.1", 3, "r-1-0-1a")
    assert list(GlossaryTerm.objects.filter(document=doc).values_list("term", "slug"))[:3] == [
        ("Widget", "widget"),
        ("Table", "table"),
        ("Sprocket", "sprocket"),
    ]


def test_import_rules_document_same_text_is_a_noop():
    first = import_rules_document(samples.CR_MARKDOWN, kind="cr", version="9.9.9").document
    ids = set(Rule.objects.filter(document=first).values_list("pk", flat=True))

    again = import_rules_document(samples.CR_MARKDOWN, kind="cr", version="9.9.9")

    assert (again.created, again.changed, again.document.pk) == (False, False, first.pk)
    assert set(Rule.objects.filter(document=first).values_list("pk", flat=True)) == ids


def test_import_rules_document_changed_text_replaces_that_version_only():
    cr = import_rules_document(samples.CR_MARKDOWN, kind="cr", version="9.9.9").document
    other = import_rules_document(samples.CR_MARKDOWN, kind="cr", version="9.9.8").document
    changed = samples.CR_MARKDOWN.replace("A table holds widgets.", "A table holds many widgets.")

    result = import_rules_document(changed, kind="cr", version="9.9.9")

    assert (result.created, result.changed, result.document.pk) == (False, True, cr.pk)
    assert Rule.objects.get(document=cr, number="1.1.1").text == "A table holds many widgets."
    assert Rule.objects.get(document=other, number="1.1.1").text == "A table holds widgets."
    assert Rule.objects.filter(document=cr).count() == 12


def test_import_rules_document_failure_leaves_previous_version_intact():
    cr = import_rules_document(samples.CR_MARKDOWN, kind="cr", version="9.9.9").document

    with pytest.raises(DomainError, match="No numbered rules found"):
        import_rules_document("just some words\nand more words", kind="cr", version="9.9.9")

    assert Rule.objects.filter(document=cr).count() == 12


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"kind": "mtg", "version": "1"}, "Unknown document 'mtg'"),
        ({"kind": "cr", "version": ""}, "A version is required"),
        ({"kind": "cr", "version": "a/b"}, "A version is required"),
    ],
)
def test_import_rules_document_rejects_bad_arguments(kwargs, message):
    with pytest.raises(DomainError, match=message):
        import_rules_document(samples.CR_MARKDOWN, **kwargs)


def test_current_edition_is_kept_unless_asked():
    new = import_rules_document(samples.CR_MARKDOWN, kind="cr", version="9.9.9").document
    old = import_rules_document(samples.CR_PDF, kind="cr", version="old").document

    assert RulesDocument.objects.get(pk=new.pk).is_current
    assert not old.is_current

    set_current_document(old)

    assert list(
        RulesDocument.objects.filter(kind="cr", is_current=True).values_list("version", flat=True)
    ) == ["old"]


def test_import_rules_command_imports_file_and_reports(tmp_path, capsys):
    path = tmp_path / "trp.txt"
    path.write_text(samples.TRP, encoding="utf-8")

    call_command("import_rules", str(path), "--document", "trp", "--version", "2099")
    call_command("import_rules", str(path), "--document", "trp", "--version", "2099")

    out = capsys.readouterr().out.splitlines()
    assert out == [
        "TR&P 2099: imported (7 rules, 0 glossary terms)",
        "TR&P 2099: unchanged (7 rules, 0 glossary terms)",
    ]


@pytest.mark.parametrize(
    "args, message",
    [
        (["/nonexistent/file.txt", "--document", "cr", "--version", "1"], "File not found"),
        (["--document", "cr"], "Give FILE_OR_URL --document"),
        (["--defaults", "--official"], "--defaults takes no FILE and no --official"),
    ],
)
def test_import_rules_command_bad_input_is_a_clear_error(args, message):
    with pytest.raises(CommandError, match=message):
        call_command("import_rules", *args)


def test_import_default_documents_imports_present_seeds_once(tmp_path):
    (tmp_path / "fab-tournament-rules-and-policy-2025-01-31.txt").write_text(samples.TRP, encoding="utf-8")
    (tmp_path / "ga-comprehensive-rules-2023-04-03.txt").write_text(samples.GA, encoding="utf-8")

    first = import_default_documents(tmp_path)
    second = import_default_documents(tmp_path)

    assert [(r.document.kind, r.document.version, r.changed) for r in first] == [
        ("trp", "2025", True),
        ("ga", "2023-04-03", True),
    ]
    assert [r.changed for r in second] == [False, False]
    assert all(r.document.is_current for r in second)


def test_import_rules_defaults_command_uses_shared_dir(tmp_path, settings, capsys):
    (tmp_path / "seeds").mkdir()
    (tmp_path / "seeds" / "fab-procedure-and-penalty-guide-2023-03-31.txt").write_text(
        samples.TRP, encoding="utf-8"
    )
    settings.SHARED_DIR = tmp_path

    call_command("import_rules", "--defaults")

    lines = capsys.readouterr().out.strip().splitlines()
    assert lines[0] == "PPG 2023: imported (7 rules, 0 glossary terms)"
    # The other documents are neither in the folder nor imported; tests never download them.
    assert [line.split(":")[0] for line in lines[1:]] == [
        "Flesh and Blood Comprehensive Rules",
        "Flesh and Blood Tournament Rules and Policy",
        "Grand Archive Comprehensive Rules",
    ]


def test_import_rules_command_current_flag_switches_the_current_edition(tmp_path):
    path = tmp_path / "cr.txt"
    path.write_text(samples.CR_MARKDOWN, encoding="utf-8")
    call_command("import_rules", str(path), "--document", "cr", "--version", "9.9.9")
    call_command("import_rules", str(path), "--document", "cr", "--version", "10.0.0")

    assert list(
        RulesDocument.objects.filter(kind="cr", is_current=True).values_list("version", flat=True)
    ) == ["9.9.9"]

    call_command("import_rules", str(path), "--document", "cr", "--version", "10.0.0", "--current")

    assert list(
        RulesDocument.objects.filter(kind="cr", is_current=True).values_list("version", flat=True)
    ) == ["10.0.0"]
