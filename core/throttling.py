"""Throttling: logins (django-axes) and the API (DRF throttles), both answering 429 with a
``Retry-After`` header.

- Logins: django-axes counts failed logins per account and per client address
  (``AXES_LOCKOUT_PARAMETERS``); past ``AXES_FAILURE_LIMIT`` the account or address is locked
  out for ``AXES_COOLOFF_TIME`` and every attempt answers ``lockout_response``.
- API: ``AnonThrottle`` (per client address) and ``UserThrottle`` (per user) limit requests;
  ``TokenFailureThrottle`` limits failed token authentications per address, which DRF would
  otherwise answer 401 forever (authentication runs before the ordinary throttles).

Rates come from ``settings.ARBITER_API_THROTTLE_RATES``, read at request time, and
``settings.ARBITER_THROTTLE_ENABLED`` switches the API throttles off (the test suite does so;
a test switches them back on to prove they work).

The client address is ``REMOTE_ADDR``; behind a reverse proxy (``ARBITER_BEHIND_PROXY=1``) it
is the last address the proxy appended to ``X-Forwarded-For``.
"""

from __future__ import annotations

import math

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from rest_framework.authentication import TokenAuthentication
from rest_framework.exceptions import AuthenticationFailed, Throttled
from rest_framework.throttling import SimpleRateThrottle


def client_address(request: HttpRequest) -> str:
    """The client's address: REMOTE_ADDR, or the proxy's last X-Forwarded-For entry when a
    trusted proxy is in front (``ARBITER_BEHIND_PROXY``)."""
    if getattr(settings, "ARBITER_BEHIND_PROXY", False):
        forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
        hops = [h.strip() for h in forwarded.split(",") if h.strip()]
        if hops:
            return hops[-1]
    return request.META.get("REMOTE_ADDR", "") or "unknown"


def _cooloff_seconds() -> int:
    cooloff = getattr(settings, "AXES_COOLOFF_TIME", None)
    if cooloff is None:
        return 0
    seconds = cooloff.total_seconds() if hasattr(cooloff, "total_seconds") else float(cooloff) * 3600
    return max(1, math.ceil(seconds))


def lockout_response(request: HttpRequest, original_response=None, credentials=None) -> HttpResponse:
    """django-axes' answer to a locked-out login: 429 with Retry-After (seconds)."""
    wait = _cooloff_seconds()
    message = f"Too many failed logins. Try again in {max(1, wait // 60)} minute(s)."
    if request.path.startswith("/api/") or "application/json" in request.headers.get("Accept", ""):
        response: HttpResponse = JsonResponse({"detail": message, "code": "throttled"}, status=429)
    else:
        response = HttpResponse(message, status=429, content_type="text/plain; charset=utf-8")
    if wait:
        response["Retry-After"] = str(wait)
    return response


class _SettingsRate:
    """Rates from ``ARBITER_API_THROTTLE_RATES`` at request time; off when throttling is."""

    scope: str

    def get_rate(self):
        return settings.ARBITER_API_THROTTLE_RATES.get(self.scope)

    def allow_request(self, request, view):
        if not getattr(settings, "ARBITER_THROTTLE_ENABLED", True):
            return True
        self.rate = self.get_rate()
        if self.rate is None:
            return True
        self.num_requests, self.duration = self.parse_rate(self.rate)
        return super().allow_request(request, view)

    def get_ident(self, request):
        return client_address(request)


class AnonThrottle(_SettingsRate, SimpleRateThrottle):
    """Anonymous API requests, per client address."""

    scope = "anon"

    def __init__(self):  # the rate is read per request, not at construction
        pass

    def get_cache_key(self, request, view):
        if request.user and request.user.is_authenticated:
            return None
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}


class UserThrottle(_SettingsRate, SimpleRateThrottle):
    """Authenticated API requests, per user (anonymous ones fall back to the address)."""

    scope = "user"

    def __init__(self):
        pass

    def get_cache_key(self, request, view):
        if request.user and request.user.is_authenticated:
            ident = str(request.user.pk)
        else:
            ident = self.get_ident(request)
        return self.cache_format % {"scope": self.scope, "ident": ident}


class TokenFailureThrottle(_SettingsRate, SimpleRateThrottle):
    """Failed token authentications per client address."""

    scope = "token_failure"

    def __init__(self):
        pass

    def get_cache_key(self, request, view):
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}

    def is_exhausted(self, request) -> float | None:
        """Seconds to wait when this address is already over its failures, else None (counts
        nothing)."""
        if not getattr(settings, "ARBITER_THROTTLE_ENABLED", True):
            return None
        self.rate = self.get_rate()
        if self.rate is None:
            return None
        self.num_requests, self.duration = self.parse_rate(self.rate)
        self.key = self.get_cache_key(request, None)
        self.history = self.cache.get(self.key, [])
        self.now = self.timer()
        while self.history and self.history[-1] <= self.now - self.duration:
            self.history.pop()
        if len(self.history) >= self.num_requests:
            return self.wait()
        return None

    def record_failure(self, request) -> None:
        if self.is_exhausted(request) is None and getattr(self, "key", None):
            self.history.insert(0, self.now)
            self.cache.set(self.key, self.history, self.duration)


class ThrottledTokenAuthentication(TokenAuthentication):
    """DRF token authentication that counts bad tokens per address and answers 429 (with
    Retry-After) once an address has sent too many."""

    def authenticate(self, request):
        throttle = TokenFailureThrottle()
        if "HTTP_AUTHORIZATION" in request.META:
            wait = throttle.is_exhausted(request)
            if wait is not None:
                raise Throttled(wait=wait)
        try:
            return super().authenticate(request)
        except AuthenticationFailed:
            throttle.record_failure(request)
            raise
