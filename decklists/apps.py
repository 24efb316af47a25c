from django.apps import AppConfig


class DecklistsConfig(AppConfig):
    name = "decklists"

    def ready(self) -> None:
        from cards.services import card_data_changed

        from .services import on_card_data_changed

        card_data_changed.connect(on_card_data_changed, dispatch_uid="decklists.revalidate_waiting_lists")
