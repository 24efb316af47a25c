from django.db import models


class Audience(models.TextChoices):
    """Who a subscription is for: a player (their own pairing and results) or the event's staff
    (disputed results, judge calls opened, tables over time)."""

    PLAYER = "player", "Player"
    STAFF = "staff", "Staff"
