"""Turning notifications on and off, and the installable app's files (manifest, service worker)."""

from __future__ import annotations

import json

from django.contrib.staticfiles.storage import staticfiles_storage
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_GET, require_POST

from core.errors import DomainError
from tournament import access as tournament_access

from . import access, services
from .enums import Audience


def _body(request: HttpRequest) -> dict:
    try:
        data = json.loads(request.body or b"{}")
    except ValueError:
        raise DomainError(_("send the subscription as JSON")) from None
    if not isinstance(data, dict):
        raise DomainError(_("send the subscription as a JSON object"))
    return data


def _error(exc: DomainError) -> JsonResponse:
    return JsonResponse({"error": exc.message, "field": exc.field}, status=exc.status_code)


@require_POST
def subscribe(request: HttpRequest, slug: str) -> HttpResponse:
    """Turn this phone's notifications on for the event: ``{"subscription": ..., "audience":
    "player" | "staff", "token": <a walk-in's private-page token, or empty>}``."""
    event = tournament_access.event_for_viewer(request.user, slug)
    try:
        data = _body(request)
        audience = str(data.get("audience") or Audience.PLAYER)
        token = str(data.get("token") or "")
        if audience == Audience.STAFF:
            access.require_staff(request.user, event)
            sub = services.subscribe(
                event,
                audience=audience,
                subscription=data.get("subscription"),
                page=reverse("tournament:staff", args=[slug]),
                user=request.user,
            )
        else:
            if not token and not request.user.is_authenticated:
                return JsonResponse({"error": "log in, or use your private page"}, status=403)
            registration = access.registration_for_phone(request.user, event, phone_token=token)
            page = (
                reverse("tournament:player_phone", args=[slug, token])
                if token
                else reverse("tournament:player", args=[slug])
            )
            sub = services.subscribe(
                event,
                audience=Audience.PLAYER,
                subscription=data.get("subscription"),
                page=page,
                registration=registration,
                user=request.user if request.user.is_authenticated else None,
            )
    except DomainError as exc:
        return _error(exc)
    return JsonResponse({"subscribed": True, "id": sub.pk})


@require_POST
def unsubscribe(request: HttpRequest, slug: str) -> HttpResponse:
    """Turn this phone's notifications off for the event (``{"endpoint": ..., "audience", "token"}``)."""
    event = tournament_access.event_for_viewer(request.user, slug)
    try:
        data = _body(request)
        audience = str(data.get("audience") or Audience.PLAYER)
        if audience == Audience.STAFF:
            removed = services.unsubscribe(
                event, audience=audience, endpoint=data.get("endpoint", ""), user=request.user
            )
        else:
            token = str(data.get("token") or "")
            if not token and not request.user.is_authenticated:
                return JsonResponse({"error": "log in, or use your private page"}, status=403)
            registration = access.registration_for_phone(request.user, event, phone_token=token)
            removed = services.unsubscribe(
                event, audience=audience, endpoint=data.get("endpoint", ""), registration=registration
            )
    except DomainError as exc:
        return _error(exc)
    return JsonResponse({"subscribed": False, "removed": removed})


@require_GET
@cache_control(max_age=0, no_cache=True)
def service_worker(request: HttpRequest) -> HttpResponse:
    """The service worker, served from the site's root so that it may look after every page."""
    content = render_to_string(
        "notifications/sw.js",
        {
            "icon": staticfiles_storage.url("notifications/icons/icon-192.png"),
            "offline_static": [
                staticfiles_storage.url(path)
                for path in (
                    "css/site.css",
                    "js/site.js",
                    "tournament/event.css",
                    "tournament/staff.js",
                    "tournament/player.js",
                    "notifications/push.js",
                )
            ],
        },
    )
    response = HttpResponse(content, content_type="application/javascript; charset=utf-8")
    response["Service-Worker-Allowed"] = "/"
    return response


@require_GET
@cache_control(max_age=3600)
def manifest(request: HttpRequest) -> HttpResponse:
    """The web app manifest: Arbiter installs on a phone's home screen (where served over HTTPS)."""
    data = {
        "name": "Arbiter",
        "short_name": "Arbiter",
        "description": _("Your pairing, table, opponent, clock and results at the event."),
        "start_url": "/events/",
        "scope": "/",
        "display": "standalone",
        "background_color": "#ffffff",
        "theme_color": "#3a2f6b",
        "icons": [
            {
                "src": staticfiles_storage.url(f"notifications/icons/icon-{size}.png"),
                "sizes": f"{size}x{size}",
                "type": "image/png",
                "purpose": "any maskable",
            }
            for size in (192, 512)
        ],
    }
    return JsonResponse(data, content_type="application/manifest+json")
