"""Which language a page or a document is shown in (issue 31; docs/i18n.md).

A page: the account's choice (``AccountPreferences.language``), else the switcher's cookie,
else the browser's Accept-Language (``core.middleware.AccountLocale``). A printed sheet of an
event: the event's ``print_language``. A player's own PDF (their decklist): the player's
account language when they chose one, else the page's language.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager

from django.conf import settings
from django.db import transaction
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from rules_engine import wording

from .errors import DomainError
from .models import AccountPreferences

# Where the middleware keeps the account's choice in the session: (user id, language), so a page
# costs no query once the session knows it, and a session that changes hands is looked up again.
SESSION_KEY = "_account_language"


#: The languages whose catalogue is fully translated and reviewed (tests/core/test_catalogues.py
#: holds each to no untranslated or fuzzy entry; tests/decklists/test_browser_languages.py walks
#: a player's whole flow in each). The others are offered by the switcher but fall back to
#: English wherever their catalogue has no translation yet.
COMPLETE_LANGUAGES: tuple[str, ...] = ("fr", "de", "it", "es", "ja")


def language_codes() -> tuple[str, ...]:
    return tuple(code for code, _name in settings.LANGUAGES)


def account_language(user_id: int | None) -> str:
    """The language the account chose, or "" (none chosen, or no account)."""
    if not user_id:
        return ""
    language = AccountPreferences.objects.filter(user_id=user_id).values_list("language", flat=True).first()
    return language if language in language_codes() else ""


@contextmanager
def in_language(code: str | None) -> Iterator[None]:
    """Render in ``code`` (Django's ``translation.override``); an empty or unknown code keeps the
    language already active (the request's)."""
    if code and code in language_codes():
        with translation.override(code):
            yield
    else:
        yield


def names_and_more(names: Sequence[str], *, shown: int) -> str:
    """The first ``shown`` names joined by commas, then "and N more" for the rest, in the active
    language (a whole marked phrase, so a translator sees the count with its words)."""
    listed = ", ".join(names[:shown])
    rest = len(names) - shown
    if rest <= 0:
        return listed
    return ngettext("%(names)s and %(count)s more", "%(names)s and %(count)s more", rest) % {
        "names": listed,
        "count": rest,
    }


def engine_words(words: object, fallback: str = "") -> str:
    """A sentence a pure engine wrote (``rules_engine.wording``: its template and values, as stored
    with a finding) in the active language; ``fallback`` (the stored English) when there are none.
    The engines' templates are in the catalogues: ``say``/``say_n`` are makemessages keywords."""
    if not isinstance(words, dict) or not words.get("template"):
        return fallback
    return wording.render(words, _, ngettext)


@transaction.atomic
def set_account_language(user, *, language: str) -> AccountPreferences:
    """The language the account's pages, mails and own PDFs are shown in ("" for the browser's).

    Side effects: creates the account's preferences row on first use. Not audited: a display
    preference, not a result, decklist or penalty.
    """
    if language and language not in language_codes():
        raise DomainError(_("Choose one of the languages offered."), field="language")
    preferences, _created = AccountPreferences.objects.select_for_update().get_or_create(user=user)
    preferences.language = language
    preferences.save(update_fields=["language"])
    return preferences
