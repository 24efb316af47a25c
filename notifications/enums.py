from django.db import models
from django.utils.translation import gettext_lazy


class Audience(models.TextChoices):
    """Who a subscription is for: a player (their own pairing and results) or the event's staff
    (disputed results, judge calls opened, tables over time)."""

    PLAYER = "player", gettext_lazy("Player")
    STAFF = "staff", gettext_lazy("Staff")
