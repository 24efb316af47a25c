"""A phone's Web Push subscription for one event, and the once-only notices of the clock watcher."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from .enums import Audience


class Subscription(models.Model):
    """One browser's push subscription (its push service's endpoint and its encryption keys,
    RFC 8291) for one event: a player's (``registration``) or a staff member's (``user``).

    A subscription the push service reports gone (404/410) is deleted when a send meets it."""

    event = models.ForeignKey("tournament.Event", on_delete=models.CASCADE, related_name="+")
    audience = models.CharField(max_length=8, choices=Audience.choices)
    registration = models.ForeignKey(
        "tournament.Registration", on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    endpoint = models.URLField(max_length=1000)
    p256dh = models.CharField(max_length=120)
    auth = models.CharField(max_length=60)
    #: The page a player's notification opens (their page, or a walk-in's private page).
    page = models.CharField(max_length=300)
    created_at = models.DateTimeField(auto_now_add=True)
    last_sent_at = models.DateTimeField(null=True, blank=True)
    failures = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["event", "audience", "endpoint"], name="push_subscription_unique_endpoint"
            ),
            models.CheckConstraint(
                condition=models.Q(audience="staff", user__isnull=False)
                | models.Q(audience="player", registration__isnull=False),
                name="push_subscription_has_recipient",
            ),
        ]
        indexes = [models.Index(fields=["event", "audience"], name="push_sub_event_audience")]

    def __str__(self) -> str:
        return f"{self.get_audience_display()} push subscription at event {self.event_id}"

    def info(self) -> dict:
        """The subscription as pywebpush (and the browser's ``PushSubscription.toJSON()``) spell it."""
        return {"endpoint": self.endpoint, "keys": {"p256dh": self.p256dh, "auth": self.auth}}


class Notice(models.Model):
    """A notification the clock watcher has sent once ("10 minutes left in round 3", "table 12
    is over time"): its key is unique, so a second watcher run sends nothing again."""

    key = models.CharField(max_length=120, unique=True)
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return self.key
