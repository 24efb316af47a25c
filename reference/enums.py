from django.db import models
from django.utils.translation import gettext_lazy


class DocumentKind(models.TextChoices):
    CR = "cr", gettext_lazy("Flesh and Blood Comprehensive Rules")
    TRP = "trp", gettext_lazy("Flesh and Blood Tournament Rules and Policy")
    PPG = "ppg", gettext_lazy("Flesh and Blood Procedure and Penalty Guide")
    GA = "ga", gettext_lazy("Grand Archive Comprehensive Rules")
