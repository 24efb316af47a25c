from django.apps import AppConfig


class MirrorConfig(AppConfig):
    """Events mirrored from GEM or Omnidex: import, judge here, hand back what organizers re-enter."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "mirror"
    verbose_name = "Mirrored events (GEM, Omnidex)"
