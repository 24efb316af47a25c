"""The scripts' words come from the page, in its language (core/js_strings.py; issue 31)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from django.conf import settings
from django.template import Context, Template
from django.utils import translation

from core.js_strings import STRINGS

ROOT = Path(settings.BASE_DIR)
SCRIPTS = [
    "static/js/site.js",
    "tournament/static/tournament/player.js",
    "tournament/static/tournament/staff.js",
    "tournament/static/tournament/clock.js",
    "tournament/static/tournament/screen.js",
    "decklists/static/decklists/job.js",
    "notifications/static/notifications/push.js",
]
CALL = re.compile(r"""\b(?:text|siteText)\("([a-z_]+)\"""")


def _rendered(language: str) -> dict[str, str]:
    with translation.override(language):
        html = Template("{% load js_strings %}{% js_strings %}").render(Context())
    assert html.startswith('<script id="js-strings" type="application/json">')
    return json.loads(html.split(">", 1)[1].rsplit("</script>", 1)[0])


def test_the_block_carries_every_word_in_the_pages_language():
    english, french = _rendered("en"), _rendered("fr")
    assert set(english) == set(french) == set(STRINGS)
    assert english["updates_itself"] == "This page updates itself while it is open."
    assert french["updates_itself"] == "Cette page se met à jour toute seule tant qu'elle est ouverte."
    assert all(french.values())


def test_every_word_a_script_asks_for_exists_and_scripts_hold_no_sentence_of_their_own():
    asked = set()
    for name in SCRIPTS:
        source = (ROOT / name).read_text(encoding="utf-8")
        asked |= set(CALL.findall(source))
        code = "\n".join(
            line for line in source.splitlines() if not line.strip().startswith(("//", "*", "/*"))
        )
        # A sentence in quotes (three words or more) would be English the page cannot translate.
        assert not re.search(r'"[A-Za-z][a-z]*[^"\n]*?(?: [a-z]+){2}[^"\n]*"', code), name
    assert asked, "the scripts read their words with text()/siteText()"
    assert asked <= set(STRINGS), sorted(asked - set(STRINGS))
