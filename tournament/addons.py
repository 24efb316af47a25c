"""How add-on apps (decklists, judging, ...) appear on the tournament pages.

The tournament app never imports its add-ons. Like ``django.contrib.admin`` with its
``admin.py`` modules, ``autodiscover()`` (called from ``TournamentConfig.ready()``) imports the
``tournament_pages`` module of every installed app, if it has one; that module registers what
the app contributes, so the pages show exactly the add-ons that are installed, in the order of
``INSTALLED_APPS``:

- ``register_staff_link(label, url_name, when=None)``: a tab on the staff dashboard; the URL is
  reversed with the event's slug; with ``when(event)`` the tab shows only where it is true.
- ``register_player_link(label, url_name, with_event=...)``: a link beside the player's
  registration on the player page (reversed with the slug, or with no arguments).
- ``register_staff_panel(template, context)``: a template fragment included at the end of the
  dashboard's clock section, with ``addon`` set to ``context(event)`` (a dict) for each request
  (``context(event, user)`` when registered ``with_user=True``). With ``live_token(event)``
  (a cheap string that changes whenever the panel's content does) the panel is also refreshed
  by the dashboard's live poll, and the token is part of that poll's ETag.
- ``register_player_panel(template, context)``: a template fragment included on the player's
  page (their own, or a walk-in's private page), with ``addon`` set to
  ``context(event, registration, phone_token=...)`` (``phone_token`` is the private page's
  token, or "" on the page of a logged-in player).
- ``register_link_requests(request, pending, desk)``: the app that keeps requests to play as a
  player ID (``accounts``): ``request(user, *, player_id, display_name, event=None)`` records
  one for staff to confirm, ``pending(user)`` is the account's open request (a dict) or None,
  ``desk(event, user)`` the rows the check-in desk shows ``user`` (each a dict with the
  request's ``pk``, ``username``, ``player_id``, ``name``, ``can_link`` and ``decide_url``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.urls import reverse
from django.utils.functional import Promise
from django.utils.module_loading import autodiscover_modules
from django.utils.translation import gettext as _

from core.errors import DomainError


@dataclass(frozen=True)
class Link:
    label: str | Promise
    url_name: str
    with_event: bool = True
    when: Callable[..., bool] | None = None

    def applies_to(self, event) -> bool:
        return self.when is None or bool(self.when(event))

    def for_event(self, event) -> dict:
        args = [event.slug] if self.with_event else []
        return {"label": self.label, "url": reverse(self.url_name, args=args)}


@dataclass(frozen=True)
class Panel:
    template: str
    context: Callable[..., dict]
    with_user: bool = False
    live_token: Callable[..., str] | None = None

    def for_event(self, event, user=None) -> dict:
        context = self.context(event, user) if self.with_user else self.context(event)
        return {"template": self.template, "context": context, "live": self.live_token is not None}


_staff_links: list[Link] = []
_player_links: list[Link] = []
_staff_panels: list[Panel] = []
_player_panels: list[Panel] = []


@dataclass(frozen=True)
class LinkRequests:
    request: Callable[..., object]
    pending: Callable[..., dict | None]
    desk: Callable[..., list[dict]]


_link_requests: list[LinkRequests] = []


def autodiscover() -> None:
    """Import ``<app>.tournament_pages`` for every installed app that has one."""
    autodiscover_modules("tournament_pages")


def _add(registry: list, item) -> None:
    # Discovery may run more than once (test runners, reloads): register each contribution once.
    if all(existing != item for existing in registry):
        registry.append(item)


def register_staff_link(
    label: str | Promise, url_name: str, *, when: Callable[..., bool] | None = None
) -> None:
    _add(_staff_links, Link(label, url_name, when=when))


def register_player_link(label: str | Promise, url_name: str, *, with_event: bool = True) -> None:
    _add(_player_links, Link(label, url_name, with_event))


def register_staff_panel(
    template: str,
    context: Callable[..., dict],
    *,
    with_user: bool = False,
    live_token: Callable[..., str] | None = None,
) -> None:
    """``context(event)``, or ``context(event, user)`` with ``with_user`` (a panel whose content
    depends on the viewer's role); ``live_token(event)`` makes the panel live (module docstring)."""
    # One panel per template: a second registration replaces the context function.
    _staff_panels[:] = [p for p in _staff_panels if p.template != template]
    _staff_panels.append(Panel(template, context, with_user, live_token))


def register_player_panel(template: str, context: Callable[..., dict]) -> None:
    """``context(event, registration, *, phone_token)`` (module docstring)."""
    _player_panels[:] = [p for p in _player_panels if p.template != template]
    _player_panels.append(Panel(template, context))


def player_panels(event, registration, *, phone_token: str = "") -> list[dict]:
    return [
        {"template": p.template, "context": p.context(event, registration, phone_token=phone_token)}
        for p in _player_panels
    ]


def staff_links(event) -> list[dict]:
    return [link.for_event(event) for link in _staff_links if link.applies_to(event)]


def player_links(event) -> list[dict]:
    return [link.for_event(event) for link in _player_links]


def staff_panels(event, user=None) -> list[dict]:
    return [panel.for_event(event, user) for panel in _staff_panels]


def staff_panels_token(event) -> str:
    """The live panels' tokens together (part of the staff dashboard's live ETag)."""
    return "|".join(p.live_token(event) for p in _staff_panels if p.live_token is not None)


def register_link_requests(
    request: Callable[..., object], pending: Callable[..., dict | None], desk: Callable[..., list[dict]]
) -> None:
    """One app keeps the requests to play as a player ID; a second registration replaces it."""
    _link_requests[:] = [LinkRequests(request, pending, desk)]


def request_player_id(user, *, player_id: str, display_name: str, event=None) -> None:
    """Record that ``user`` asks to play as ``player_id`` (at ``event``), for staff to confirm."""
    if not _link_requests:
        raise DomainError(_("ask the staff to register you with your player ID"), code="no_accounts")
    _link_requests[0].request(user, player_id=player_id, display_name=display_name, event=event)


def pending_player_id(user) -> dict | None:
    """``user``'s open request to play as a player ID, or None."""
    return _link_requests[0].pending(user) if _link_requests else None


def link_requests_at_desk(event, user) -> list[dict]:
    """The open requests the check-in desk of ``event`` shows ``user``."""
    return _link_requests[0].desk(event, user) if _link_requests else []
