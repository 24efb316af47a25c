from django.apps import AppConfig


class TransferConfig(AppConfig):
    """Moving one event between installations (an event file: ``transfer.services``)."""

    name = "transfer"
