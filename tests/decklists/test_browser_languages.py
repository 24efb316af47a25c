"""A player's whole flow in each language the site ships (issue 31; docs/i18n.md).

On a phone whose browser asks for one of the languages whose catalogue is complete
(``core.i18n.COMPLETE_LANGUAGES``: French, German, Italian, Spanish and Japanese once each is
translated), a player signs
up, registers for an event, submits a decklist, sees their pairing, reports the match and sees the
standings. Every page they see must be in their language: the test fails on any English word left
on those pages.

"English word" is measured against the catalogue itself: the words of the English messages
(``msgid``) that the language's translations (``msgstr``) do not also use. A word both share is a
game term kept in English on purpose ("hero", "Blitz", "Armory"); a word only the English side has
is one a translated page should not show. The data the player typed or the card pool holds (names,
card names, the event's name) is not text of the site and is left out.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest
from django.conf import settings

from core.i18n import COMPLETE_LANGUAGES
from decklists.models import Decklist
from tests.conftest import login_in_browser
from tests.factories import (
    EventFactory,
    PlayerProfileFactory,
    RegistrationFactory,
    StaffAssignmentFactory,
    UserFactory,
)
from tournament import services
from tournament.enums import REL, MatchResult, StaffRole
from tournament.models import Match, Registration

LANGUAGES = list(COMPLETE_LANGUAGES)

_PLACEHOLDER = re.compile(r"%\([^)]*\)[a-z]|%[a-z]|\{\{[^}]*\}\}|\{[^}]*\}|<[^>]+>|&[a-z]+;")
_WORD = re.compile(r"[A-Za-z][A-Za-z'’]{3,}")


def _unquote(text: str) -> str:
    return text.encode("latin-1", "backslashreplace").decode("unicode_escape") if "\\" in text else text


def _entries(po: Path) -> list[tuple[str, str, list[str]]]:
    """(msgid, msgid_plural, [msgstr, ...]) of a .po file; the header left out."""
    entries: list[tuple[str, str, list[str]]] = []
    msgid: list[str] = []
    plural: list[str] = []
    strs: list[list[str]] = []
    current: list[str] | None = None

    def flush() -> None:
        if "".join(msgid):
            entries.append(("".join(msgid), "".join(plural), ["".join(s) for s in strs]))

    for line in po.read_text(encoding="utf-8").splitlines():
        if line.startswith("msgid "):
            flush()
            msgid, plural, strs = [], [], []
            current = msgid
        elif line.startswith("msgid_plural "):
            current = plural
        elif line.startswith("msgstr"):
            strs.append([])
            current = strs[-1]
        elif not line.startswith('"'):
            continue
        if current is not None:
            quoted = line.split(" ", 1)[1] if not line.startswith('"') else line
            current.append(_unquote(quoted.strip()[1:-1]))
    flush()
    return entries


def _words(text: str) -> set[str]:
    return {w.lower().strip("'’") for w in _WORD.findall(_PLACEHOLDER.sub(" ", text))}


@cache
def english_only_words(language: str) -> frozenset[str]:
    """Words of the English messages that the language's translations never use."""
    po = Path(settings.BASE_DIR) / "locale" / language / "LC_MESSAGES" / "django.po"
    english: set[str] = set()
    translated: set[str] = set()
    for msgid, plural, msgstrs in _entries(po):
        english |= _words(msgid) | _words(plural)
        for text in msgstrs:
            translated |= _words(text)
    return frozenset(english - translated)


def english_left(page, language: str, data_words: set[str]) -> set[str]:
    """English words the page's visible text (and its labelling attributes) still shows."""
    text = page.evaluate(
        """() => {
          const bits = [document.body.innerText, document.title];
          for (const el of document.querySelectorAll('[placeholder],[aria-label],[title],img[alt]')) {
            for (const a of ['placeholder', 'aria-label', 'title', 'alt']) {
              if (el.getAttribute(a)) bits.push(el.getAttribute(a));
            }
          }
          return bits.join('\\n');
        }"""
    )
    found = (_words(text) & english_only_words(language)) - data_words
    # Each word with the line it sits in, so a failure says where the English is.
    lines = text.splitlines()
    return {f"{word} «{next((ln.strip()[:90] for ln in lines if word in _words(ln)), '')}»" for word in found}


def test_the_catalogue_reader_finds_the_english_words_of_a_sample(tmp_path):
    # The detector itself: a word of the English side only is found, a shared one is not.
    po = tmp_path / "django.po"
    po.write_text(
        'msgid ""\nmsgstr ""\n"Language: fr\\n"\n\n'
        'msgid "Round %(number)s of the Blitz"\nmsgstr "Ronde %(number)s du Blitz"\n\n'
        'msgid "one player"\nmsgid_plural "%(count)s players"\nmsgstr[0] "un joueur"\nmsgstr[1] "%(count)s joueurs"\n',
        encoding="utf-8",
    )
    entries = _entries(po)
    assert entries == [
        ("Round %(number)s of the Blitz", "", ["Ronde %(number)s du Blitz"]),
        ("one player", "%(count)s players", ["un joueur", "%(count)s joueurs"]),
    ]
    english = set().union(*(_words(i) | _words(p) for i, p, _ in entries)) - set().union(
        *(_words(s) for _, _, ss in entries for s in ss)
    )
    assert english == {"round", "player", "players"}  # "Blitz" is shared, "the"/"of"/"one" are too short


@pytest.mark.browser
@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("language", LANGUAGES)
def test_a_players_whole_flow_shows_no_english(
    language, live_server, chromium_browser, browser_page, fab_release, legal_cc_text
):
    event = EventFactory(
        name="Kaiju Kup", rel=REL.CASUAL, allow_self_registration=True, decklists_required=True
    )
    owner = UserFactory(username="owner")
    StaffAssignmentFactory(event=event, user=owner, role=StaffRole.ORGANIZER)
    rival = UserFactory(username="zora")
    RegistrationFactory(
        event=event, player=PlayerProfileFactory(user=rival, player_id="20000002", display_name="Zora")
    )
    data_words = _words(legal_cc_text) | {"kaiju", "zora", "yuki", "dorinthea", "ironsong"}

    context = chromium_browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True, locale=language
    )
    phone = context.new_page()
    phone.set_default_timeout(20_000)
    left: dict[str, set[str]] = {}

    def look(step: str) -> None:
        found = english_left(phone, language, data_words)
        if found:
            left[step] = found

    try:
        # Sign up.
        phone.goto(f"{live_server.url}/accounts/signup/")
        assert phone.locator("html").get_attribute("lang") == language
        look("sign-up page")
        phone.fill("input[name=username]", "yuki")
        phone.fill("input[name=email]", "yuki@example.org")
        phone.fill("input[name=password1]", "Kaiju-Night-42x")
        phone.fill("input[name=password2]", "Kaiju-Night-42x")
        phone.click("form button[type=submit]")
        phone.wait_for_url("**/accounts/**")
        look("account page after sign-up")

        # Register from the event page; the organizer confirms at the desk.
        phone.goto(f"{live_server.url}/events/{event.slug}/")
        look("event page")
        phone.click("[data-register]")
        phone.fill("#id_player_id", "20000001")
        phone.fill("#id_display_name", "Yuki")
        look("registration form")
        phone.click("form[action$='/me/register/'] button")
        phone.wait_for_selector("[data-registration-pending]")
        look("registration pending")
        login_in_browser(browser_page, live_server, "owner", "pw-owner")
        browser_page.goto(f"{live_server.url}/events/{event.slug}/staff/")
        browser_page.click("[data-confirm-link] >> nth=0")
        browser_page.wait_for_load_state()
        yuki = Registration.objects.get(event=event, player__player_id="20000001")

        # Submit the decklist.
        phone.goto(f"{live_server.url}/decklists/e/{event.slug}/")
        look("decklist form")
        phone.fill("textarea[name=text]", legal_cc_text)
        phone.click("button[name=save]")
        phone.wait_for_url("**/decklists/*/")
        look("decklist page")
        assert Decklist.objects.filter(registration=yuki).exists()

        # Pairings published: the player's page shows the table; they report; the rival confirms.
        round_ = services.pair_next_round(event, actor=owner)
        services.publish_round(round_, actor=owner, override_reason="languages test")
        phone.goto(f"{live_server.url}/events/{event.slug}/me/")
        phone.wait_for_selector("input[name=outcome][value=win]")
        look("player's page with the pairing")
        phone.check("input[name=outcome][value=win]")
        phone.click("#report button[type=submit]")
        phone.wait_for_selector("[data-awaiting]")
        look("player's page after reporting")
        match = Match.objects.get(round=round_)
        services.confirm_result(match, actor=rival)
        match.refresh_from_db()
        assert match.result == (MatchResult.A_WINS if match.player_a_id == yuki.pk else MatchResult.B_WINS)

        # Standings.
        phone.goto(f"{live_server.url}/events/{event.slug}/")
        look("event page with standings")
    finally:
        context.close()
    assert not left, f"English left on the {language} pages: " + "; ".join(
        f"{step}: {', '.join(sorted(words))}" for step, words in left.items()
    )
