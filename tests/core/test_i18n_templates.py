"""Every word a template shows is marked for translation (issue 31; docs/i18n.md).

The scanner reads each template as Django's lexer does, drops what is not text the template
writes itself (variables, tags, comments, ``{% blocktranslate %}`` bodies, which are marked),
then reads the rest as HTML: any text node outside ``<script>``/``<style>`` (and a PDF template's
``{% block style %}``, CSS), and any
``title``/``placeholder``/``aria-label``/``alt``/``data-confirm`` value, that still has a word in
it is an unmarked string. Words that are the same in every language are allowed (``ALLOWED``):
names of products and documents, abbreviations printed as is on cards and in the rules, and
labels like "P1" or "R3". Card names, rule numbers and player names come from variables, so
they never reach the scanner.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from django.template.base import Lexer, TokenType

ROOT = Path(__file__).resolve().parents[2]

# Words that are not language: product and document names, game abbreviations printed as is,
# short codes. Keep this list short: a real word goes through {% translate %}.
ALLOWED = frozenset(
    {
        "Arbiter",  # the product
        "FaB",  # Flesh and Blood, as players write it
        "GA",  # Grand Archive
        "GEM",  # Legend Story Studios' event manager
        "Omnidex",  # Grand Archive's event manager
        "Fabrary",  # a decklist site
        "TR&P",  # document abbreviations cited with rule numbers
        "PPG",
        "CR",
        "UPF",  # format codes
        "CC",
        "LL",
        "PDF",
        "CSV",
        "JSON",
        "API",
        "QR",
        "OK",
        "vs",
        "x",
    }
)
CODE = re.compile(r"[A-Z]\d+[a-z]?")  # P1, R3, G2: labels, not words
WORD = re.compile(r"[^\W\d_][\w&'’.-]*")
ATTRIBUTES = frozenset({"title", "placeholder", "aria-label", "alt", "data-confirm", "aria-description"})
SKIPPED_BLOCKS = {
    "comment": "endcomment",
    "verbatim": "endverbatim",
    "blocktranslate": "endblocktranslate",
    "blocktrans": "endblocktrans",
}
SEPARATOR = "\x1f"  # a control character HTML allows in tag and attribute names


def words(text: str) -> list[str]:
    """The words of ``text`` that are language (not in ALLOWED, not a code like P1)."""
    found = []
    for raw in WORD.findall(text):
        word = raw.strip(".-'’")
        if word and word not in ALLOWED and not CODE.fullmatch(word):
            found.append(word)
    return found


def written_text(source: str) -> str:
    """The template's own text: variables and tags become a separator (a text node ends there),
    comments, blocktranslate bodies and the CSS class names of ``{% block body_class %}`` disappear."""
    parts: list[str] = []
    closing = None
    for token in Lexer(source).tokenize():
        if closing is not None:
            if token.token_type == TokenType.BLOCK and token.contents.split()[0] == closing:
                closing = None
            continue
        if token.token_type == TokenType.TEXT:
            parts.append(token.contents)
            continue
        if token.token_type == TokenType.BLOCK:
            name = token.contents.split()[0] if token.contents else ""
            closing = SKIPPED_BLOCKS.get(name)
            if token.contents.split()[:2] == ["block", "style"]:  # a PDF's CSS (templates/pdf/base.html)
                closing = "endblock"
            if token.contents.split()[:2] == ["block", "body_class"]:  # class names (base.html's <body>)
                closing = "endblock"
        parts.append(SEPARATOR)
    return "".join(parts)


class _TextNodes(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.unmarked: list[str] = []
        self._raw = 0

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style"):
            self._raw += 1
        for name, value in attrs:
            if name in ATTRIBUTES and value:
                self._check(value)

    def handle_startendtag(self, tag, attrs):
        for name, value in attrs:
            if name in ATTRIBUTES and value:
                self._check(value)

    def handle_endtag(self, tag):
        if tag in ("script", "style") and self._raw:
            self._raw -= 1

    def handle_data(self, data):
        if not self._raw:
            self._check(data)

    def _check(self, text: str) -> None:
        for chunk in text.split(SEPARATOR):
            if words(chunk):
                self.unmarked.append(" ".join(chunk.split()))


def unmarked_strings(source: str) -> list[str]:
    """The text nodes and labelling attributes of a template that show words not marked."""
    parser = _TextNodes()
    parser.feed(written_text(source))
    parser.close()
    return parser.unmarked


def template_files() -> list[Path]:
    return sorted(
        path
        for path in ROOT.glob("*/templates/**/*")
        if path.is_file() and path.suffix in (".html", ".txt") and ".venv" not in path.parts
    ) + sorted(path for path in (ROOT / "templates").glob("**/*") if path.suffix in (".html", ".txt"))


def test_the_scanner_finds_an_unmarked_word():
    sample = (
        "{% load i18n %}<h1>{% translate 'Standings' %}</h1>"
        '<p>Round {{ round.number }}</p><button title="Close">×</button>'
    )
    assert unmarked_strings(sample) == ["Round", "Close"]


def test_the_scanner_accepts_marked_text_data_and_allowed_words():
    sample = (
        "{% load i18n %}{# a note #}<p>{% blocktranslate with n=round.number %}Round {{ n }}"
        "{% endblocktranslate %}</p><td>{{ player.name }}</td><span>FaB · GA — 3–1 · P1</span>"
        "<script>const label = 'not shown';</script>{% comment %}Draft text{% endcomment %}"
        '<a href="{% url "x" %}" title="{% translate \'Open\' %}">&rarr;</a>'
    )
    assert unmarked_strings(sample) == []


def test_the_scanner_reads_the_body_class_block_as_class_names_not_text():
    # A CSS class is not translated (a translated class would lose its style), nor reported.
    assert unmarked_strings("{% block body_class %}recon-page{% endblock %}<p>Standings</p>") == ["Standings"]


def test_there_are_templates_to_scan():
    assert len(template_files()) > 100


@pytest.mark.parametrize("path", template_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_every_word_of_the_template_is_marked(path):
    source = path.read_text(encoding="utf-8")
    assert unmarked_strings(source) == [], f"{path.relative_to(ROOT)}: mark these for translation"


@pytest.mark.parametrize("path", template_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_a_template_that_translates_loads_i18n(path):
    source = path.read_text(encoding="utf-8")
    if re.search(r"{%\s*(translate|blocktranslate|trans|blocktrans)\b", source):
        assert re.search(r"{%\s*load\b[^%]*\bi18n\b", source), (
            f"{path.relative_to(ROOT)} needs {{% load i18n %}}"
        )
