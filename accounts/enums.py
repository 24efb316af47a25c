from django.db import models
from django.utils.translation import gettext_lazy


class ClaimStatus(models.TextChoices):
    PENDING = "pending", gettext_lazy("Waiting for staff to confirm")
    CONFIRMED = "confirmed", gettext_lazy("Confirmed")
    REFUSED = "refused", gettext_lazy("Refused")
    WITHDRAWN = "withdrawn", gettext_lazy("Withdrawn")
