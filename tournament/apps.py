from django.apps import AppConfig


class TournamentConfig(AppConfig):
    name = "tournament"

    def ready(self):
        # Imported here, as Django's app-loading contract requires (addons needs the URL resolver).
        from . import addons  # noqa: PLC0415 (app registry: connected in ready(), once every app is loaded)

        addons.autodiscover()
