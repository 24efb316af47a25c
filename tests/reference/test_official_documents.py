"""Rules documents as the publishers hand them out: PDFs (read with poppler's pdftotext) and text
exports at their official addresses, imported under the edition their front page names.

The PDFs are typeset here (tests/reference/pdf_documents.py), the addresses are a web server on
127.0.0.1 standing in for the publishers' (this machine does not reach them)."""

from __future__ import annotations

import http.server
import io
import os
import re
import shutil
import subprocess
import threading
from datetime import UTC, date, datetime
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import CommandError, call_command
from weasyprint import HTML

from reference.editions import edition_in_text, update_date
from reference.models import RulesDocument
from reference.parsing import parse_document
from reference.pdftext import PdfTextError, is_pdf, pdf_to_text, strip_page_furniture
from reference.seeds import SEEDS
from tests.conftest import FIXTURE_SHARED_DIR
from tests.reference.pdf_documents import as_text_export, invented_comprehensive, invented_policy, rules_pdf

SHARED_SEEDS = Path(settings.SHARED_DIR) / "seeds"


def _pages(pdf: bytes) -> int:
    done = subprocess.run(["pdftotext", "-raw", "-", "-"], input=pdf, capture_output=True, check=True)
    return done.stdout.count(b"\f")


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


# ---------------------------------------------------------------------------------------------
# The edition a front page names
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("front", "kind", "edition"),
    [
        ("Widget Game Comprehensive Rules\n\n2099-1-1\n\n9.9.9\n\nPreface", "cr", "9.9.9"),
        ("Widget Game Comprehensive Rules v1.2 July 15, 2099\n", "cr", "1.2"),
        ("Comprehensive Rules\nVersion 3.1.4\n", "cr", "3.1.4"),
        ("Widget Tournament Policy\nLast updated 31 January 2099\n", "trp", "2099"),
        ("Widget Penalty Guide\n**Last updated:** March 3, 2098\n", "ppg", "2098"),
        ("WIDGET ARCHIVE\n\nComprehensive Rules\n\nUpdated 4/3/99\n", "ga", "2099-04-03"),
        ("WIDGET ARCHIVE\nComprehensive Rules v1.1.1\n", "ga", "1.1.1"),
        (
            "Widget Game Comprehensive Rules\n\nPreface\nThe version is in the form [MAJOR].[MINOR].",
            "cr",
            None,
        ),
        ("Widget Tournament Policy\nLast updated 31 Octember 2099\n", "trp", None),
        ("WIDGET ARCHIVE\nUpdated 13/45/99\n", "ga", None),
    ],
)
def test_the_edition_is_read_from_the_front_page(front, kind, edition):
    assert edition_in_text(front, kind) == edition


def test_a_date_in_the_body_is_not_the_edition():
    body = "\n".join(f"{n}. A rule about widgets." for n in range(1, 100))
    text = "Widget Tournament Policy\n" + body + "\nLast updated 1 January 2099\n"
    assert update_date(text) is None
    assert edition_in_text(text, "trp") is None


def test_the_real_documents_name_the_editions_they_are_filed_under():
    if not SHARED_SEEDS.is_dir():
        pytest.skip(f"the shared rules documents are not present ({SHARED_SEEDS} is absent)")
    named = {s.filename: s.version for s in SEEDS if s.current or s.kind == "trp"}
    found = {
        name: edition_in_text((SHARED_SEEDS / name).read_text(), s.kind)
        for s in SEEDS
        if (name := s.filename) in named
    }
    assert found == named


# ---------------------------------------------------------------------------------------------
# PDF to text
# ---------------------------------------------------------------------------------------------


def test_running_headers_and_page_numbers_are_removed_with_the_page_breaks():
    pages = [
        f"Widget Rules\n1.{n} Rule {n} of the widget game.\nIts second line.\nA middle line.\n"
        f"The last sentence of page {n}.\nPage {n} of 4\n"
        for n in range(1, 5)
    ]
    text = strip_page_furniture("\f".join(pages))
    assert "Widget Rules" not in text and "Page" not in text
    # Rules that differ only by their numbers are not one repeated line.
    assert [line for line in text.split("\n") if line.startswith("1.")] == [
        f"1.{n} Rule {n} of the widget game." for n in range(1, 5)
    ]
    assert text.count("The last sentence of page") == 4
    assert text.count("Its second line.") == 4 and text.count("A middle line.") == 4
    # Two pages are too few to tell a header from a line that happens to repeat.
    assert (
        strip_page_furniture("Widget Rules\nOne.\fWidget Rules\nTwo.")
        == "Widget Rules\nOne.\nWidget Rules\nTwo."
    )


@pytest.mark.parametrize(("make", "kind"), [(invented_policy, "trp"), (invented_comprehensive, "cr")])
def test_a_typeset_pdf_reads_back_as_the_text_it_was_made_from(make, kind):
    text = make()
    pdf = rules_pdf(text)
    extracted = pdf_to_text(pdf)
    from_text, from_pdf = parse_document(text, kind), parse_document(extracted, kind)

    assert is_pdf(pdf) and not is_pdf(text.encode())
    assert _pages(pdf) >= 3
    assert "Widget Rules" not in extracted and not re.search(r"(?m)^Page \d+$", extracted)
    # Lines broken at a hyphen or after a slash, so the joining is exercised.
    assert re.search(r"(?m)[a-z]-$", extracted) and re.search(r"(?m)[a-z]/$", extracted)
    assert [(r.number, r.title) for r in from_pdf.rules] == [(r.number, r.title) for r in from_text.rules]
    assert [_norm(r.text) for r in from_pdf.rules] == [_norm(r.text) for r in from_text.rules]


@pytest.mark.slow
@pytest.mark.parametrize(
    "filename",
    [
        "fab-tournament-rules-and-policy-2025-01-31.txt",
        "fab-procedure-and-penalty-guide-2023-03-31.txt",
        "fab-comprehensive-rules-older.txt",
        "ga-comprehensive-rules-2023-04-03.txt",
    ],
)
def test_the_real_documents_survive_being_typeset_as_pdfs(filename):
    """Every rule number, title and glossary term comes back; a rule's text comes back word for
    word unless the text export laid a table out in tab-separated cells (the PDF keeps the words,
    not the cell separators)."""
    if not (SHARED_SEEDS / filename).is_file():
        pytest.skip(f"the shared rules document {SHARED_SEEDS / filename} is not present")
    kind = next(s.kind for s in SEEDS if s.filename == filename)
    text = (SHARED_SEEDS / filename).read_text()
    from_text, from_pdf = parse_document(text, kind), parse_document(pdf_to_text(rules_pdf(text)), kind)

    assert [(r.number, r.title) for r in from_pdf.rules] == [(r.number, r.title) for r in from_text.rules]
    assert [(g.term, _norm(g.definition)) for g in from_pdf.glossary] == [
        (g.term, _norm(g.definition)) for g in from_text.glossary
    ]
    differ = [a.number for a, b in zip(from_text.rules, from_pdf.rules) if _norm(a.text) != _norm(b.text)]
    with_tables = [r.number for r in from_text.rules if " | " in r.text]
    assert set(differ) <= set(with_tables), differ


def test_a_pdf_without_text_or_a_broken_one_says_so(tmp_path):
    blank = HTML(string="<div style='height:5cm'></div>").write_pdf()
    with pytest.raises(PdfTextError, match="no text to read"):
        pdf_to_text(blank)
    with pytest.raises(PdfTextError, match="pdftotext could not read the PDF"):
        pdf_to_text(rules_pdf(invented_policy())[:2000])


def test_without_pdftotext_the_message_says_what_to_install(monkeypatch, tmp_path):
    monkeypatch.setenv("PATH", str(tmp_path))
    with pytest.raises(PdfTextError, match="apt-get install poppler-utils"):
        pdf_to_text(rules_pdf(invented_policy(chapters=1)))


# ---------------------------------------------------------------------------------------------
# The command: a PDF file, the seeds folder, the publishers' addresses
# ---------------------------------------------------------------------------------------------


@pytest.mark.django_db
def test_import_rules_reads_a_pdf_and_its_edition(tmp_path):
    path = tmp_path / "widget-rules.pdf"
    path.write_bytes(rules_pdf(invented_comprehensive()))
    out = io.StringIO()
    call_command("import_rules", str(path), "--document", "cr", stdout=out)
    document = RulesDocument.objects.get(kind="cr")
    expected = parse_document(invented_comprehensive(), "cr")

    assert (document.version, document.source_name, document.is_current) == (
        "9.9.9",
        "widget-rules.pdf",
        True,
    )
    assert document.rule_count == len(expected.rules)
    assert list(document.rules.order_by("order").values_list("number", flat=True)) == [
        r.number for r in expected.rules
    ]
    assert out.getvalue().strip() == f"CR 9.9.9: imported ({len(expected.rules)} rules, 0 glossary terms)"


@pytest.mark.django_db
def test_a_document_that_names_no_edition_needs_a_version(tmp_path):
    path = tmp_path / "policy.txt"
    path.write_text(invented_policy().replace("Last updated 2 March 2099", "Kept by the referees"))
    with pytest.raises(CommandError, match=r"policy.txt: its front page names no edition .*--version"):
        call_command("import_rules", str(path), "--document", "trp", stdout=io.StringIO())
    call_command("import_rules", str(path), "--document", "trp", "--version", "2099", stdout=io.StringIO())
    assert RulesDocument.objects.get(kind="trp").version == "2099"


@pytest.mark.django_db
def test_the_seeds_folder_may_hold_a_pdf_under_a_seed_name(tmp_path):
    seeds = tmp_path / "seeds"
    seeds.mkdir()
    policy = "fab-tournament-rules-and-policy-2025-01-31"
    (seeds / f"{policy}.pdf").write_bytes(rules_pdf(invented_policy()))
    call_command("import_rules", "--defaults", "--from", str(tmp_path), stdout=io.StringIO())
    document = RulesDocument.objects.get(kind="trp")
    assert (document.version, document.source_name) == ("2025", f"{policy}.pdf")
    assert document.rule_count == len(parse_document(invented_policy(), "trp").rules)


def _publish(root: Path) -> None:
    """The FaB documents as their publisher serves them: the Comprehensive Rules as a PDF, the
    policy documents as text exports, one of them naming no date (its edition is the day the
    file last changed)."""
    (root / "pdf").mkdir()
    (root / "txt").mkdir()
    (root / "pdf" / "en-widget-cr.pdf").write_bytes(rules_pdf(invented_comprehensive()))
    (root / "txt" / "en-widget-trp.txt").write_text(invented_policy())
    ppg = root / "txt" / "en-widget-ppg.txt"
    ppg.write_text(
        invented_policy(seed=3).replace(
            "Widget Tournament Policy\nLast updated 2 March 2099", "Widget Penalty Guide"
        )
    )
    changed = datetime(2098, 6, 10, 19, 43, tzinfo=UTC).timestamp()
    os.utime(ppg, (changed, changed))


@pytest.mark.django_db
def test_documents_missing_from_the_folder_come_from_the_publishers_addresses(
    tmp_path, settings, loopback_site
):
    root, url = loopback_site
    _publish(root)
    settings.ARBITER_ONLINE_SOURCES = True
    settings.ARBITER_RULES_URLS = {
        "cr": f"{url}/pdf/en-widget-cr.pdf",
        "trp": f"{url}/txt/en-widget-trp.txt",
        "ppg": f"{url}/txt/en-widget-ppg.txt",
        "ga": "",
    }
    empty = tmp_path / "empty"
    empty.mkdir()
    out = io.StringIO()
    call_command("import_rules", "--defaults", "--from", str(empty), stdout=out)
    documents = {d.kind: d for d in RulesDocument.objects.all()}
    lines = out.getvalue().splitlines()

    assert {k: (d.version, d.source_name, d.is_current) for k, d in documents.items()} == {
        "cr": ("9.9.9", f"{url}/pdf/en-widget-cr.pdf", True),
        "trp": ("2099", f"{url}/txt/en-widget-trp.txt", True),
        "ppg": ("2098-06-10", f"{url}/txt/en-widget-ppg.txt", True),
    }
    assert documents["cr"].rule_count == len(parse_document(invented_comprehensive(), "cr").rules)
    assert lines[0].startswith(
        f"Flesh and Blood Comprehensive Rules: 9.9.9 from {url}/pdf/en-widget-cr.pdf ("
    )
    assert lines[-1].startswith(
        "Grand Archive Comprehensive Rules: not found, and its publisher offers no single file"
    )
    assert "manage.py import_rules FILE_OR_URL --document ga" in lines[-1]

    # Run again (as every `make run` does): what is imported is not downloaded again.
    shutil.rmtree(root / "pdf")
    again = io.StringIO()
    call_command("import_rules", "--defaults", "--from", str(empty), stdout=again)
    assert RulesDocument.objects.count() == 3
    assert [line.split(":")[0] for line in again.getvalue().splitlines()] == [
        "Grand Archive Comprehensive Rules"
    ]


@pytest.mark.django_db
def test_official_fetches_the_current_editions_and_skips_text_already_imported(
    tmp_path, settings, loopback_site
):
    root, url = loopback_site
    _publish(root)
    settings.ARBITER_RULES_URLS = {
        "cr": f"{url}/pdf/en-widget-cr.pdf",
        "trp": f"{url}/txt/en-widget-trp.txt",
        "ppg": "",
        "ga": "",
    }
    out, err = io.StringIO(), io.StringIO()
    call_command("import_rules", "--official", stdout=out, stderr=err)
    assert out.getvalue().splitlines() == [
        f"CR 9.9.9: imported ({RulesDocument.objects.get(kind='cr').rule_count} rules, 0 glossary terms)",
        f"TR&P 2099: imported ({RulesDocument.objects.get(kind='trp').rule_count} rules, 0 glossary terms)",
        "Flesh and Blood Procedure and Penalty Guide: no address is set (ARBITER_RULES_URLS): skipped",
        "Grand Archive Comprehensive Rules: no address is set (ARBITER_RULES_URLS): skipped",
    ]
    assert err.getvalue() == ""
    # Asked for by name, a document without an address is a failure (exit status 1).
    with pytest.raises(CommandError, match="Not imported: ppg"):
        call_command("import_rules", "--official", "--document", "ppg", stdout=out, stderr=err)
    assert "No address is set for the Flesh and Blood Procedure and Penalty Guide" in err.getvalue()

    # A new edition of the policy is published; the comprehensive rules are unchanged.
    (root / "txt" / "en-widget-trp.txt").write_text(
        invented_policy(seed=8).replace("2 March 2099", "5 May 2100")
    )
    out = io.StringIO()
    call_command("import_rules", "--official", "--document", "trp", stdout=out)
    call_command("import_rules", "--official", "--document", "cr", stdout=out)
    assert out.getvalue().splitlines()[0].endswith("; not the current edition (--current makes 2100 current)")
    assert out.getvalue().splitlines()[0].startswith("TR&P 2100: imported")
    assert out.getvalue().splitlines()[1].startswith("CR 9.9.9: unchanged")
    assert sorted(RulesDocument.objects.values_list("kind", "version", "is_current")) == [
        ("cr", "9.9.9", True),
        ("trp", "2099", True),
        ("trp", "2100", False),
    ]


@pytest.mark.django_db
def test_a_failed_download_names_the_address_and_the_others_still_come(tmp_path, settings, loopback_site):
    root, url = loopback_site
    _publish(root)
    (root / "not-rules.html").write_text(
        "<html><body><h1>Rules and policy centre</h1><p>Read the PDFs.</p></body></html>"
    )
    settings.ARBITER_ONLINE_SOURCES = True
    settings.ARBITER_RULES_URLS = {
        "cr": f"{url}/pdf/moved.pdf",
        "trp": f"{url}/not-rules.html",
        "ppg": f"{url}/txt/en-widget-ppg.txt",
        "ga": "",
    }
    out = io.StringIO()
    call_command("import_rules", "--defaults", "--from", str(tmp_path / "none"), stdout=out)
    text = out.getvalue()
    assert (
        f"Flesh and Blood Comprehensive Rules: {url}/pdf/moved.pdf: download failed (HTTP Error 404" in text
    )
    assert (
        f"Flesh and Blood Tournament Rules and Policy: {url}/not-rules.html is a web page, not a rules "
        "document (a PDF or a text file); put its text or PDF in"
    ) in text
    assert list(RulesDocument.objects.values_list("kind", flat=True)) == ["ppg"]


@pytest.mark.django_db
def test_offline_the_command_names_the_address_it_did_not_read(tmp_path, settings):
    settings.ARBITER_ONLINE_SOURCES = False
    settings.ARBITER_RULES_URLS = {"cr": "https://rules.example/cr.pdf", "trp": "", "ppg": "", "ga": ""}
    out = io.StringIO()
    call_command("import_rules", "--defaults", "--from", str(tmp_path), stdout=out)
    text = out.getvalue()
    assert "Flesh and Blood Comprehensive Rules: not found (put its text or PDF in" in text
    assert "ARBITER_ONLINE_SOURCES=0 keeps https://rules.example/cr.pdf from being read" in text
    assert f"No rules documents found in {tmp_path}" in text
    assert not RulesDocument.objects.exists()


def test_fixture_shared_folder_is_still_the_offline_default():
    # The stand-in fixtures keep their text-file names: nothing here changed what they hold.
    assert sorted(p.name for p in (FIXTURE_SHARED_DIR / "seeds").iterdir()) == sorted(
        s.filename for s in SEEDS
    )
    assert date(2099, 1, 1) == update_date(
        (FIXTURE_SHARED_DIR / "seeds" / "ga-comprehensive-rules-2023-04-03.txt").read_text()
    )


# ---------------------------------------------------------------------------------------------
# The publishers' text exports: one paragraph per line, headings without trailing dots
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("make", "kind"), [(invented_policy, "trp"), (invented_comprehensive, "cr")])
def test_a_text_export_parses_like_the_document_it_lays_out(make, kind):
    text = make()
    export = as_text_export(text)
    assert "\n\n" not in export and re.search(r"(?m)^1 [A-Z]", export)
    from_text, from_export = parse_document(text, kind), parse_document(export, kind)
    assert [(r.number, r.title) for r in from_export.rules] == [(r.number, r.title) for r in from_text.rules]
    assert [_norm(r.text) for r in from_export.rules] == [_norm(r.text) for r in from_text.rules]


@pytest.mark.slow
@pytest.mark.parametrize(
    ("filename", "start"),
    [
        ("fab-tournament-rules-and-policy-2025-01-31.txt", "1. Tournament Information"),
        ("fab-tournament-rules-and-policy-2023-03-31.txt", "1. Tournament Information"),
        ("fab-procedure-and-penalty-guide-2023-03-31.txt", "1. General"),
        ("fab-comprehensive-rules-2.13.0.txt", "1. Game Concepts"),
    ],
)
def test_the_real_documents_laid_out_as_text_exports_keep_every_rule(filename, start):
    """Chapters that open with a paragraph ("7 Constructed Formats" then its introduction) are
    still chapters; rows of a numbered table ("2 Intellect Penalty" inside 1.4) are not."""
    if not (SHARED_SEEDS / filename).is_file():
        pytest.skip(f"the shared rules document {SHARED_SEEDS / filename} is not present")
    kind = next(s.kind for s in SEEDS if s.filename == filename)
    text = (SHARED_SEEDS / filename).read_text()
    body = text[text.index(f"\n{start}") :]  # the exports carry no cover and no table of contents
    from_text = [r.number for r in parse_document(text, kind).rules if r.number != "preface"]
    assert [r.number for r in parse_document(as_text_export(body), kind).rules] == from_text


def test_a_numbered_table_row_is_not_taken_for_a_chapter():
    text = "\n".join(
        [
            "1 General",
            "1.1 Penalties",
            "The penalties, mildest first:",
            "0 Caution",
            "1 Warning",
            "2 Game Loss",
            "Each is explained below.",
            "1.2 Upgrades",
            "A repeated infraction is upgraded.",
            "2 Casual Events",
            "Casual events are relaxed.",
            "2.1 Philosophy",
            "Teach, do not punish.",
        ]
    )
    rules = parse_document(text, "ppg").rules
    assert [(r.number, r.title) for r in rules if r.is_heading] == [
        ("1", "General"),
        ("1.1", "Penalties"),
        ("1.2", "Upgrades"),
        ("2", "Casual Events"),
        ("2.1", "Philosophy"),
    ]
    assert "2 Game Loss" in next(r.text for r in rules if r.number == "1.1")


@pytest.mark.django_db
def test_when_the_pdf_fails_the_text_export_beside_it_is_read(tmp_path, settings, loopback_site):
    """The Comprehensive Rules' default is the PDF (its cover names the version), then the text
    export (one paragraph per line, no cover: stored under the date the address gives)."""
    root, url = loopback_site
    (root / "txt").mkdir()
    body = invented_comprehensive()
    export = root / "txt" / "en-widget-cr.txt"
    export.write_text(as_text_export(body[body.index("1 ") :]))
    changed = datetime(2098, 9, 29, 8, 0, tzinfo=UTC).timestamp()
    os.utime(export, (changed, changed))
    settings.ARBITER_ONLINE_SOURCES = True
    settings.ARBITER_RULES_URLS = {
        "cr": f"{url}/pdf/en-widget-cr.pdf {url}/txt/en-widget-cr.txt",
        "trp": "",
        "ppg": "",
        "ga": "",
    }
    out = io.StringIO()
    call_command("import_rules", "--defaults", "--from", str(tmp_path / "none"), stdout=out)
    document = RulesDocument.objects.get(kind="cr")

    assert (document.version, document.source_name) == ("2098-09-29", f"{url}/txt/en-widget-cr.txt")
    assert document.rule_count == len(parse_document(body, "cr").rules)
    assert out.getvalue().startswith(
        f"Flesh and Blood Comprehensive Rules: 2098-09-29 from {url}/txt/en-widget-cr.txt ("
    )

    # Both failing: one line names each address and why.
    export.unlink()
    RulesDocument.objects.all().delete()
    out = io.StringIO()
    call_command("import_rules", "--defaults", "--from", str(tmp_path / "none"), stdout=out)
    assert (
        f"{url}/pdf/en-widget-cr.pdf: download failed (HTTP Error 404: File not found); "
        f"then {url}/txt/en-widget-cr.txt: download failed (HTTP Error 404: File not found)"
    ) in out.getvalue()


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("address", "message"),
    [
        ("rules.example/cr.pdf", "'rules.example/cr.pdf' is not an http(s) address;"),
        ("file:///etc/passwd", "'file:///etc/passwd' is not an http(s) address;"),
        ("ftp://rules.example/cr.pdf", "'ftp://rules.example/cr.pdf' is not an http(s) address;"),
        ("http://[::1/cr.pdf", "'http://[::1/cr.pdf' is not an address (Invalid IPv6 URL);"),
    ],
)
def test_an_address_that_is_not_http_is_refused_without_a_crash(settings, tmp_path, address, message):
    settings.ARBITER_ONLINE_SOURCES = True
    settings.ARBITER_RULES_URLS = {"cr": address, "trp": "", "ppg": "", "ga": ""}
    out = io.StringIO()
    call_command("import_rules", "--defaults", "--from", str(tmp_path), stdout=out)
    assert f"Flesh and Blood Comprehensive Rules: {message}" in out.getvalue()
    assert not RulesDocument.objects.exists()


@pytest.fixture
def odd_server():
    """A server on 127.0.0.1 whose answers misbehave: /short announces 1,000 bytes and sends 5;
    /away redirects to a file: address."""

    class Odd(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            if self.path == "/short":
                self.send_response(200)
                self.send_header("Content-Type", "text/plain")
                self.send_header("Content-Length", "1000")
                self.end_headers()
                self.wfile.write(b"short")
            else:
                self.send_response(302)
                self.send_header("Location", "file:///etc/passwd")
                self.send_header("Content-Length", "0")
                self.end_headers()

        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Odd)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def test_a_download_cut_short_or_sent_to_a_file_address_is_refused(odd_server):
    from core.errors import DomainError
    from reference.services import fetch_document_url

    with pytest.raises(DomainError, match=r"/short: the download stopped after 5 of 1000 bytes"):
        fetch_document_url(f"{odd_server}/short")
    with pytest.raises(DomainError, match=r"/away: download failed .*'file:///etc/passwd' is not allowed"):
        fetch_document_url(f"{odd_server}/away")


@pytest.mark.parametrize(
    ("front", "kind", "edition"),
    [
        ("Widget Policy\nLast Updated: 31 Jan 2099\n", "trp", "2099"),
        ("Widget Policy\nUpdated January 31st, 2099\n", "trp", "2099"),
        ("Widget Guide\nLast updated on 3 March 2098\n", "ppg", "2098"),
        ("Widget Policy\nEffective 2099-01-31\n", "trp", "2099"),
        ("WIDGET ARCHIVE\nUpdated 2099-04-03\n", "ga", "2099-04-03"),
        ("Widget Game Comprehensive Rules\nThis is version 1.3 of the policy.\n", "cr", None),
        ("1 Basics\n1.0\n1.0.1 A widget is small.\n", "cr", None),
    ],
)
def test_more_front_page_shapes(front, kind, edition):
    assert edition_in_text(front, kind) == edition


@pytest.mark.django_db
def test_a_seed_that_cannot_be_read_is_named_and_the_others_are_imported(tmp_path):
    seeds = tmp_path / "seeds"
    seeds.mkdir()
    (seeds / "fab-tournament-rules-and-policy-2025-01-31.pdf").write_bytes(
        rules_pdf(invented_policy())[:1500]
    )
    shutil.copy(
        FIXTURE_SHARED_DIR / "seeds" / "fab-procedure-and-penalty-guide-2023-03-31.txt",
        seeds / "fab-procedure-and-penalty-guide-2023-03-31.txt",
    )
    out, err = io.StringIO(), io.StringIO()
    call_command("import_rules", "--defaults", "--from", str(tmp_path), stdout=out, stderr=err)
    assert list(RulesDocument.objects.values_list("kind", "version")) == [("ppg", "2023")]
    assert err.getvalue().startswith(
        "Not imported: fab-tournament-rules-and-policy-2025-01-31.pdf: pdftotext could not read the PDF"
    )
