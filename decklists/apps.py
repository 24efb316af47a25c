from django.apps import AppConfig


class DecklistsConfig(AppConfig):
    name = "decklists"

    def ready(self):
        # The tournament pages learn about decklists only through this registration. Imported here
        # because models and selectors can only load once the app registry is ready.
        from tournament import addons

        addons.register_staff_link("Decklists", "decklists:event")
        addons.register_player_link("My decklist", "decklists:submit")
