from django.db import models


class ClaimStatus(models.TextChoices):
    PENDING = "pending", "Waiting for staff to confirm"
    CONFIRMED = "confirmed", "Confirmed"
    REFUSED = "refused", "Refused"
    WITHDRAWN = "withdrawn", "Withdrawn"
