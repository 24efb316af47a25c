"""Throttling that fits a venue: a hall of players shares one address (the store's Wi-Fi, one
NAT), so nothing here lets one person's mistakes or one attacker lock everyone else out. Every
refusal is a 429 with ``Retry-After`` and a sentence saying what happened and when it passes.

- **Logins** (django-axes with ``VenueLoginHandler``): failed logins are counted per account
  (``AXES_LOCKOUT_PARAMETERS = ["username"]``); ``AXES_FAILURE_LIMIT`` failures lock that
  account, and only that account, for ``AXES_COOLOFF_TIME`` after its last counted failure.
  Attempts during a lockout are refused without being counted, so the cool-down ends on time
  and the right password then works. Separately, ``ARBITER_LOGIN_ADDRESS_FAILURE_LIMIT``
  failures from one address (all accounts together; a few hundred by default) lock that
  address out for the same cool-down: a password-guessing run across many accounts stops,
  a room of players mistyping does not.
- **API**: ``AnonThrottle`` (per client address) and ``UserThrottle`` (per user) limit requests;
  ``ThrottledTokenAuthentication`` counts bad tokens per address and, past the limit, answers
  429 instead of 401 to a bad token, but never refuses a request whose token is valid (a
  160-bit token cannot be guessed; the limit is about noise, not secrecy).
- **Forms** (``limits_reached`` / ``count_attempt`` / ``too_many_response``): fixed-window
  counters in the cache for the password-reset mail (per address and per email) and the
  claim forms (failed claims per account and per address).

Rates come from ``settings.ARBITER_API_THROTTLE_RATES`` (``"N/sec|min|hour|day"`` per scope),
read at request time; ``settings.ARBITER_THROTTLE_ENABLED`` switches the API and form
throttles off (the test suite does so; the throttling tests switch them back on).

The client address is ``REMOTE_ADDR``; behind a reverse proxy (``ARBITER_BEHIND_PROXY=1``) it
is the last address the proxy appended to ``X-Forwarded-For``.
"""

from __future__ import annotations

import hashlib
import math
import time
from datetime import timedelta

from axes.attempts import get_cool_off_threshold
from axes.handlers.database import AxesDatabaseHandler
from axes.helpers import get_client_username, get_failure_limit
from axes.models import AccessAttempt
from django.conf import settings
from django.core.cache import cache
from django.db.models import Max, QuerySet, Sum
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.translation import gettext
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


def login_username(request: HttpRequest, credentials: dict | None = None) -> str | None:
    """The username a login attempt is counted under: trimmed and lower-cased, so "Ada" and
    " ada" are one account's failures (sign-up refuses names that differ only in case)."""
    if credentials:
        name = credentials.get("username")
    else:
        name = getattr(request, "data", request.POST).get("username")
    if name is None:
        return None
    return str(name).strip().lower()[:255] or None


# -- logins ------------------------------------------------------------------------------------


def _cooloff() -> timedelta:
    cooloff = getattr(settings, "AXES_COOLOFF_TIME", None)
    if cooloff is None:
        return timedelta(0)
    return cooloff if isinstance(cooloff, timedelta) else timedelta(hours=float(cooloff))


def address_failure_limit() -> int:
    return int(getattr(settings, "ARBITER_LOGIN_ADDRESS_FAILURE_LIMIT", 300))


def _failures(attempts: QuerySet[AccessAttempt]) -> int:
    return attempts.aggregate(n=Sum("failures_since_start"))["n"] or 0


def _recent(request: HttpRequest) -> QuerySet[AccessAttempt]:
    return AccessAttempt.objects.filter(attempt_time__gte=get_cool_off_threshold(request))


class VenueLoginHandler(AxesDatabaseHandler):
    """django-axes' database handler with a second, higher limit per address.

    Axes itself counts the account's failures (``AXES_LOCKOUT_PARAMETERS = ["username"]``);
    every attempt row also records its address, so the address's failures are the sum over
    its recent rows, whichever accounts they name. Past ``ARBITER_LOGIN_ADDRESS_FAILURE_LIMIT``
    the request counts as locked, whatever account it names."""

    def address_failures(self, request: HttpRequest) -> int:
        return _failures(_recent(request).filter(ip_address=request.axes_ip_address))  # type: ignore[attr-defined]

    def get_failures(self, request, credentials: dict | None = None) -> int:
        account = super().get_failures(request, credentials)
        if self.address_failures(request) >= address_failure_limit():
            return max(account, get_failure_limit(request, credentials))
        return account


def _lockout_wait(request: HttpRequest, credentials: dict | None) -> tuple[int, str]:
    """Seconds until the lockout that refused ``request`` ends, and which one it is
    ("account" or "address"): the last counted failure plus the cool-down."""
    cooloff = _cooloff()
    recent = _recent(request)
    address = recent.filter(ip_address=getattr(request, "axes_ip_address", client_address(request)))
    which = "account"
    rows = recent.filter(username=get_client_username(request, credentials))
    if _failures(address) >= address_failure_limit():
        which, rows = "address", address
    latest = rows.aggregate(t=Max("attempt_time"))["t"]
    if latest is None:
        return max(1, math.ceil(cooloff.total_seconds())), which
    return max(1, math.ceil((latest + cooloff - timezone.now()).total_seconds())), which


def _minutes(seconds: int) -> str:
    minutes = max(1, math.ceil(seconds / 60))
    return "1 minute" if minutes == 1 else f"{minutes} minutes"


def lockout_response(request: HttpRequest, original_response=None, credentials=None) -> HttpResponse:
    """django-axes' answer to a locked-out login: 429 with Retry-After (seconds) and a sentence
    saying whether the account or the address is locked and for how long."""
    wait, which = _lockout_wait(request, credentials)
    if which == "address":
        message = (
            f"Too many failed logins from this network. Logging in from here works again in {_minutes(wait)}."
        )
    else:
        message = (
            "Too many wrong passwords for this account. It can log in again in "
            f"{_minutes(wait)}; other accounts are not affected. Forgotten your password? "
            "Reset it from the login page."
        )
    return too_many_response(request, wait, message, title=gettext("Too many failed logins"))


# -- form throttles (password reset, claims) ---------------------------------------------------


def _parse_rate(rate: str) -> tuple[int, int]:
    count, _, period = rate.partition("/")
    return int(count), {"s": 1, "m": 60, "h": 3600, "d": 86400}[period.strip()[0]]


def _window_key(scope: str, ident: str, duration: int, now: float) -> tuple[str, int]:
    window = int(now // duration)
    digest = hashlib.sha256(f"{scope}\0{ident}".encode()).hexdigest()[:32]
    return f"throttle:{scope}:{digest}:{window}", int((window + 1) * duration - now) + 1


def _rules(rules: list[tuple[str, str]]):
    if not getattr(settings, "ARBITER_THROTTLE_ENABLED", True):
        return
    rates = settings.ARBITER_API_THROTTLE_RATES
    now = time.time()
    for scope, ident in rules:
        rate = rates.get(scope)
        if not rate or not ident:
            continue
        limit, duration = _parse_rate(rate)
        key, remaining = _window_key(scope, ident, duration, now)
        yield limit, duration, key, remaining


def limits_reached(rules: list[tuple[str, str]]) -> int | None:
    """Seconds to wait when any ``(scope, ident)`` of ``rules`` has used up its rate in the
    current window, else None. Counts nothing."""
    waits = [remaining for limit, _d, key, remaining in _rules(rules) if (cache.get(key) or 0) >= limit]
    return max(waits) if waits else None


def count_attempt(rules: list[tuple[str, str]]) -> None:
    """Count one attempt against every ``(scope, ident)`` of ``rules`` (atomic in Redis)."""
    for _limit, duration, key, _remaining in _rules(rules):
        cache.add(key, 0, timeout=duration + 1)
        try:
            cache.incr(key)
        except ValueError:  # expired between add and incr
            cache.set(key, 1, timeout=duration + 1)


def too_many_response(
    request: HttpRequest, wait: int, message: str, *, title: str = "Too many attempts"
) -> HttpResponse:
    """429 with ``Retry-After``: JSON for the API and JSON clients, else a plain page."""
    if request.path.startswith("/api/") or "application/json" in request.headers.get("Accept", ""):
        response: HttpResponse = JsonResponse({"detail": message, "code": "throttled"}, status=429)
    else:
        page = render_to_string("throttled.html", {"title": title, "message": message}, request=request)
        response = HttpResponse(page, status=429)
    response["Retry-After"] = str(max(1, int(wait)))
    return response


def claim_rules(request: HttpRequest) -> list[tuple[str, str]]:
    """Failed claims (a player ID on the account page, a walk-in's claim code) are counted per
    account and per address."""
    user_pk = getattr(getattr(request, "user", None), "pk", None)
    return [("claim_user", str(user_pk or "")), ("claim_address", client_address(request))]


CLAIM_THROTTLED = "Too many failed claims. Check the code or ID with the staff, and try again in {wait}."


def claim_throttled_message(wait: int) -> str:
    return CLAIM_THROTTLED.format(wait=_minutes(wait))


def raise_if_claims_throttled(request) -> None:
    """For API views: DRF's ``Throttled`` (429 with Retry-After) when ``claim_rules`` are spent."""
    wait = limits_reached(claim_rules(request))
    if wait is not None:
        raise Throttled(wait=wait, detail=claim_throttled_message(wait))


# -- API ---------------------------------------------------------------------------------------


class _SettingsRate(SimpleRateThrottle):
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
    """DRF token authentication that counts bad tokens per address; once an address has sent
    too many, a bad token from it is answered 429 (with Retry-After) instead of 401. A valid
    token is always accepted: a player behind the same Wi-Fi as a misconfigured script (or an
    attacker) keeps working."""

    def authenticate(self, request):
        try:
            return super().authenticate(request)
        except AuthenticationFailed:
            throttle = TokenFailureThrottle()
            wait = throttle.is_exhausted(request)
            if wait is not None:
                raise Throttled(wait=wait) from None
            throttle.record_failure(request)
            raise
