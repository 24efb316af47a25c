from django.db import models


class DocumentKind(models.TextChoices):
    CR = "cr", "Flesh and Blood Comprehensive Rules"
    TRP = "trp", "Flesh and Blood Tournament Rules and Policy"
    PPG = "ppg", "Flesh and Blood Procedure and Penalty Guide"
    GA = "ga", "Grand Archive Comprehensive Rules"
