"""Subscribing phones and sending them messages (Web Push: RFC 8030 delivery, RFC 8291
encryption, RFC 8292 VAPID signatures, through pywebpush)."""

from __future__ import annotations

import base64
import binascii
import json
import logging
import time
from urllib.parse import urlsplit

import requests
from django.conf import settings
from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext
from pywebpush import WebPusher

from core.errors import DomainError
from tournament.models import Event, Registration

from . import keys
from .enums import Audience
from .models import Subscription

log = logging.getLogger(__name__)

#: How long a push service keeps a message for a phone that is off (seconds): a pairing an hour
#: late is worse than none.
TTL_SECONDS = 15 * 60
#: A VAPID signature is valid this long (RFC 8292 allows up to 24 hours).
VAPID_SECONDS = 12 * 3600


def _key(value, *, field: str, size: int | None = None) -> str:
    text = str(value or "").strip()
    try:
        raw = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError):
        raw = b""
    if not raw or (size is not None and len(raw) != size):
        raise DomainError(
            gettext("the subscription's %(field)s key is not a valid key") % {"field": field}, field=field
        )
    return text


def _endpoint(value) -> str:
    endpoint = str(value or "").strip()
    parts = urlsplit(endpoint)
    allowed = ("https", "http") if settings.PUSH_ALLOW_HTTP_ENDPOINTS else ("https",)
    if parts.scheme not in allowed or not parts.netloc or len(endpoint) > 1000:
        raise DomainError(
            gettext("the subscription's endpoint is not a push service's https address"), field="endpoint"
        )
    return endpoint


@transaction.atomic
def subscribe(
    event: Event,
    *,
    audience: str,
    subscription: object,
    page: str,
    registration: Registration | None = None,
    user=None,
) -> Subscription:
    """Keep ``subscription`` (the browser's ``PushSubscription.toJSON()``) for ``event``: a
    player's (``registration``, checked by the caller with ``access.registration_for_phone``) or
    a staff member's (``user``, checked with ``access.require_staff``). Subscribing the same
    browser again updates its keys. No audit entry: it changes only what this phone is told."""
    if not isinstance(subscription, dict):
        raise DomainError(gettext("send the browser's push subscription"), field="subscription")
    endpoint = _endpoint(subscription.get("endpoint"))
    given = subscription.get("keys")
    sub_keys: dict = given if isinstance(given, dict) else {}
    p256dh = _key(sub_keys.get("p256dh"), field="p256dh", size=65)
    auth = _key(sub_keys.get("auth"), field="auth", size=16)
    if audience not in Audience.values:
        raise DomainError(
            gettext("unknown audience %(audience)s") % {"audience": repr(audience)}, field="audience"
        )
    sub, _ = Subscription.objects.update_or_create(
        event=event,
        audience=audience,
        endpoint=endpoint,
        defaults={
            "p256dh": p256dh,
            "auth": auth,
            "page": page,
            "registration": registration if audience == Audience.PLAYER else None,
            "user": user
            if audience == Audience.STAFF
            else (user if user and user.is_authenticated else None),
            "failures": 0,
        },
    )
    return sub


def unsubscribe(event: Event, *, audience: str, endpoint: str, registration=None, user=None) -> int:
    """Forget this browser's subscription (only the subscriber's own); how many were removed."""
    qs = Subscription.objects.filter(event=event, audience=audience, endpoint=str(endpoint or ""))
    qs = qs.filter(registration=registration) if audience == Audience.PLAYER else qs.filter(user=user)
    return qs.delete()[0]


def send_batch(items: list[tuple[int, dict]]) -> dict:
    """Send each ``(subscription id, payload)`` (the payload as JSON, encrypted for that
    browser): one VAPID signature per push service and one HTTP connection pool for the batch.
    A subscription the push service reports gone (404 or 410) is deleted; another failure is
    counted on it. Returns the counts ``{"sent", "gone", "failed", "skipped"}``."""
    counts = {"sent": 0, "gone": 0, "failed": 0, "skipped": 0}
    pair = keys.vapid()
    if pair is None:
        counts["skipped"] = len(items)
        return counts
    subs = Subscription.objects.in_bulk([sub_id for sub_id, _ in items])
    signatures: dict[str, dict] = {}
    sent, gone, failed = [], [], []
    with requests.Session() as session:
        for sub_id, payload in items:
            sub = subs.get(sub_id)
            if sub is None:
                counts["skipped"] += 1
                continue
            parts = urlsplit(sub.endpoint)
            audience = f"{parts.scheme}://{parts.netloc}"
            if audience not in signatures:
                claims = {
                    "sub": settings.PUSH_VAPID_SUBJECT,
                    "aud": audience,
                    "exp": int(time.time()) + VAPID_SECONDS,
                }
                signatures[audience] = pair.sign(claims)
            try:
                response = WebPusher(sub.info(), requests_session=session).send(
                    data=json.dumps(payload, separators=(",", ":")),
                    headers=dict(signatures[audience]),
                    ttl=TTL_SECONDS,
                    timeout=10,
                )
            except (requests.RequestException, ValueError) as exc:
                log.warning("push to subscription %s failed: %s", sub_id, exc)
                failed.append(sub_id)
                continue
            if response.status_code in (404, 410):
                gone.append(sub_id)
            elif 200 <= response.status_code < 300:
                sent.append(sub_id)
            else:
                log.warning("push service answered %s for subscription %s", response.status_code, sub_id)
                failed.append(sub_id)
    Subscription.objects.filter(pk__in=gone).delete()
    Subscription.objects.filter(pk__in=sent).update(last_sent_at=timezone.now(), failures=0)
    Subscription.objects.filter(pk__in=failed).update(failures=F("failures") + 1)
    counts.update(sent=len(sent), gone=len(gone), failed=len(failed))
    return counts
