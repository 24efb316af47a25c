from django.apps import AppConfig
from django.utils.translation import gettext_lazy


class MirrorConfig(AppConfig):
    """Events mirrored from GEM or Omnidex: import, judge here, hand back what organizers re-enter."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "mirror"
    verbose_name = gettext_lazy("Mirrored events (GEM, Omnidex)")
