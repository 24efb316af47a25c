from django.apps import AppConfig


class JudgingConfig(AppConfig):
    name = "judging"

    def ready(self):
        # The tournament pages learn about judging only through this registration. Imported here
        # because models and selectors can only load once the app registry is ready.
        from tournament import addons

        from . import selectors

        addons.register_staff_link("Judging", "judging:home")
        addons.register_player_link("My penalties", "judging:me", with_event=False)
        # The dashboard's open judge calls: judging/_staff_panel.html with addon.calls.
        addons.register_staff_panel(
            "judging/_staff_panel.html", lambda event: {"calls": list(selectors.open_calls_for_event(event))}
        )
