"""Request hygiene shared by every page and endpoint.

``RejectNulCharacters``: a NUL character (``%00``) in the path or in a query parameter is
answered 400 before any view runs. Text with a NUL cannot be stored or searched in
PostgreSQL, so every search box and filter would otherwise fail with a server error on it;
form fields and API bodies are already refused by Django's and DRF's character fields.

``ClientErrorsAreNotServerErrors``: a ``DomainError`` (a service refusing the input) or a value
the database cannot store (``DataError``: a text longer than its column, a number out of range)
that escapes a page view is answered as the client error it is (400, or the error's 403/409,
with its message), not 500. The API maps the same errors in ``core.api.exception_handler``;
pages catch ``DomainError`` to show it beside their form, and this is the net under the ones
that do not.

``ContentSecurityPolicy``: the ``Content-Security-Policy`` header from the
``CONTENT_SECURITY_POLICY`` setting (none when empty). The pages have no inline script or
style attribute handlers, so a strict same-origin policy fits.

``KnownVersions`` with ``remember_version``: the public pollers of a big event (wall screens,
the clock, coverage overlays) ask every few seconds whether their copy is still current. A view
marked ``remember_version`` keeps the version (ETag) it answered anonymous pollers with in the
shared cache for ``ARBITER_PUBLIC_MICROCACHE_SECONDS``; while it is kept, a conditional GET that
names it is answered 304 here, before sessions, authentication, the URL resolver or the
database: a room of fifty TVs then costs one view run per URL every few seconds.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from functools import wraps

from django.conf import settings
from django.core.cache import cache
from django.db import DataError
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest, HttpResponseNotModified
from django.middleware.locale import LocaleMiddleware
from django.utils import translation
from django.utils.http import parse_etags

from . import i18n
from .errors import DomainError

NUL_MESSAGE = "The request contains a NUL character (%00), which no field accepts."


def _has_nul(request: HttpRequest) -> bool:
    if "\x00" in request.path:
        return True
    return any("\x00" in key or any("\x00" in v for v in values) for key, values in request.GET.lists())


class RejectNulCharacters:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if _has_nul(request):
            if request.path.startswith("/api/"):
                body = json.dumps({"detail": NUL_MESSAGE, "code": "invalid"})
                return HttpResponse(body, status=400, content_type="application/json")
            return HttpResponseBadRequest(NUL_MESSAGE, content_type="text/plain; charset=utf-8")
        return self.get_response(request)


OUT_OF_RANGE_MESSAGE = "A value in the request is too long or out of range."


class ClientErrorsAreNotServerErrors:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if isinstance(exception, DomainError):
            status, message = exception.status_code, exception.message
        elif isinstance(exception, (DataError, OverflowError)):
            status, message = 400, OUT_OF_RANGE_MESSAGE
        else:
            return None
        if request.path.startswith("/api/"):
            body = json.dumps({"detail": message, "code": "invalid"})
            return HttpResponse(body, status=status, content_type="application/json")
        from django.shortcuts import render  # noqa: PLC0415 (templates only when a page is answered)

        return render(request, "request_refused.html", {"message": message, "status": status}, status=status)


class ContentSecurityPolicy:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        policy = getattr(settings, "CONTENT_SECURITY_POLICY", "")
        if policy and "Content-Security-Policy" not in response:
            response["Content-Security-Policy"] = policy
        return response


# --------------------------------------------------------------------------- known versions


def is_anonymous_poll(request: HttpRequest) -> bool:
    """A GET or HEAD with no session, pending messages or Authorization: what a view answers it
    depends on the URL (and the headers in ``version_key``) alone."""
    if request.method not in ("GET", "HEAD"):
        return False
    if request.headers.get("Authorization"):
        return False
    return settings.SESSION_COOKIE_NAME not in request.COOKIES and "messages" not in request.COOKIES


def version_key(request: HttpRequest) -> str:
    """The shared-cache key of the version an anonymous poller of this URL was last answered
    with: the full URL, Accept (JSON or page), and Accept-Language and the switcher's cookie
    (the page's language)."""
    varies = "|".join(
        (
            request.build_absolute_uri(),
            request.headers.get("Accept", ""),
            request.headers.get("Accept-Language", ""),
            request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME, ""),
        )
    )
    return "core:version:" + hashlib.blake2b(varies.encode(), digest_size=16).hexdigest()


def _seconds() -> float:
    return float(getattr(settings, "ARBITER_PUBLIC_MICROCACHE_SECONDS", 0))


def remember_version(
    view: Callable[..., HttpResponse] | None = None, *, seconds: float | None = None
) -> Callable:
    """Keep the ETag ``view`` answers an anonymous poller with (a 200 or its own 304) so that
    ``KnownVersions`` can answer the next conditional GETs of the URL itself for a few seconds
    (``ARBITER_PUBLIC_MICROCACHE_SECONDS``, or ``seconds`` for a view whose pollers may be told
    of a change that much later; none when the microcache is off). Only for public views whose
    answer to an anonymous visitor depends on the URL alone."""
    if view is None:
        return lambda inner: remember_version(inner, seconds=seconds)

    @wraps(view)
    def wrapper(request: HttpRequest, *args, **kwargs) -> HttpResponse:
        response = view(request, *args, **kwargs)
        keep = _seconds() and (seconds or _seconds())
        if (
            keep
            and response.status_code in (200, 304)
            and response.has_header("ETag")
            and not response.cookies
            and is_anonymous_poll(request)
        ):
            kept = (response["ETag"], response.get("Cache-Control", ""))
            cache.set(version_key(request), kept, keep)
        return response

    return wrapper


class KnownVersions:
    """Answers 304 to an anonymous conditional GET naming the version a ``remember_version``
    view last answered for that URL, while the shared cache keeps it."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        header = request.headers.get("If-None-Match")
        if header and _seconds() > 0 and is_anonymous_poll(request):
            kept = cache.get(version_key(request))
            if kept is not None:
                etag, cache_control = kept
                wanted = etag.removeprefix("W/")
                if any(tag == wanted or tag.removeprefix("W/") == wanted for tag in parse_etags(header)):
                    response = HttpResponseNotModified()
                    response["ETag"] = etag
                    if cache_control:
                        response["Cache-Control"] = cache_control
                    return response
        return self.get_response(request)


class AccountLocale(LocaleMiddleware):
    """Django's ``LocaleMiddleware`` (cookie set by the switcher, then Accept-Language), with the
    account's own choice first for a logged-in user (core.i18n; docs/i18n.md). The choice is
    kept in the session with the account's id, so it costs one query per session."""

    def process_request(self, request: HttpRequest) -> None:
        super().process_request(request)
        user = getattr(request, "user", None)
        if user is None or not user.is_authenticated:
            return
        session = getattr(request, "session", None)
        kept = session.get(i18n.SESSION_KEY) if session is not None else None
        if isinstance(kept, list | tuple) and len(kept) == 2 and kept[0] == user.pk:
            language = kept[1]
        else:
            language = i18n.account_language(user.pk)
            if session is not None:
                session[i18n.SESSION_KEY] = [user.pk, language]
        if language:
            translation.activate(language)
            request.LANGUAGE_CODE = language
