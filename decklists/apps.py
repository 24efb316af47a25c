from django.apps import AppConfig


class DecklistsConfig(AppConfig):
    name = "decklists"

    def ready(self) -> None:
        # Imported here, as Django's app-loading contract requires: receivers need the models.
        from cards.services import card_data_changed, card_statuses_changed  # noqa: PLC0415 (app registry: connected in ready(), once every app is loaded)
        from core.audit import register_audit_policy  # noqa: PLC0415 (app registry: connected in ready(), once every app is loaded)
        from tournament.signals import demo_players_registered, round_one_checks  # noqa: PLC0415 (app registry: connected in ready(), once every app is loaded)

        from .access import decklist_audit_view  # noqa: PLC0415 (app registry: connected in ready(), once every app is loaded)
        from .demo import add_demo_decklists_on_signal  # noqa: PLC0415 (app registry: connected in ready(), once every app is loaded)
        from .selectors import on_round_one_checks  # noqa: PLC0415 (app registry: connected in ready(), once every app is loaded)
        from .services import on_card_data_changed, on_card_statuses_changed  # noqa: PLC0415 (app registry: connected in ready(), once every app is loaded)

        register_audit_policy("decklist", decklist_audit_view)
        demo_players_registered.connect(add_demo_decklists_on_signal, dispatch_uid="decklists.demo")
        round_one_checks.connect(on_round_one_checks, dispatch_uid="decklists.round_one_checks")
        card_data_changed.connect(on_card_data_changed, dispatch_uid="decklists.revalidate_waiting_lists")
        card_statuses_changed.connect(
            on_card_statuses_changed, dispatch_uid="decklists.revalidate_status_lists"
        )
