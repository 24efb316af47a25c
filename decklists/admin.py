"""Admin: read-mostly views of decklists (changes go through the services and are audited)."""

from django.contrib import admin

from .models import Decklist, DecklistPolicy


@admin.register(Decklist)
class DecklistAdmin(admin.ModelAdmin):
    list_display = ("id", "registration", "kind", "status", "hero", "is_legal", "is_late", "updated_at")
    list_filter = ("kind", "status", "is_legal", "is_late")
    search_fields = ("registration__player__display_name", "registration__player__player_id", "hero")
    readonly_fields = [f.name for f in Decklist._meta.fields]

    def has_add_permission(self, request):
        return False


@admin.register(DecklistPolicy)
class DecklistPolicyAdmin(admin.ModelAdmin):
    list_display = ("event", "deadline", "construction_ends_at", "published_at")
    readonly_fields = ("published_at", "published_by")
