from django.apps import AppConfig


class DecklistsConfig(AppConfig):
    name = "decklists"

    def ready(self) -> None:
        # Imported here, as Django's app-loading contract requires: receivers need the models.
        from tournament.signals import demo_players_registered

        from .demo import add_demo_decklists_on_signal

        demo_players_registered.connect(add_demo_decklists_on_signal, dispatch_uid="decklists.demo")
