from django.apps import AppConfig


class NotificationsConfig(AppConfig):
    """Players' and staff's phones (issue 29): Web Push, the installable app, the page that
    updates itself on a local network. docs/push.md."""

    name = "notifications"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from tournament.signals import news

        from . import receivers

        news.connect(receivers.on_news, dispatch_uid="notifications.on_news")
