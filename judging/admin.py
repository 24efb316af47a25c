"""Read-mostly admin: changes go through the services so they are audited."""

from django.contrib import admin

from .models import DeckCheck, JudgeCall, Penalty, Reconstruction


@admin.register(JudgeCall)
class JudgeCallAdmin(admin.ModelAdmin):
    list_display = ("id", "event", "table_number", "status", "opened_at", "claimed_by", "extension_seconds")
    list_filter = ("status",)
    search_fields = ("event__slug", "question", "ruling")
    list_select_related = ("event", "claimed_by")
    readonly_fields = [f.name for f in JudgeCall._meta.fields]

    def has_add_permission(self, request):
        return False


@admin.register(Penalty)
class PenaltyAdmin(admin.ModelAdmin):
    list_display = (
        "id",
        "event",
        "registration",
        "infraction",
        "recommended",
        "penalty",
        "status",
        "issued_at",
    )
    list_filter = ("status", "penalty", "category")
    search_fields = ("registration__player__player_id", "registration__player__display_name", "event__slug")
    list_select_related = ("event", "registration__player")
    readonly_fields = [f.name for f in Penalty._meta.fields]

    def has_add_permission(self, request):
        return False


@admin.register(DeckCheck)
class DeckCheckAdmin(admin.ModelAdmin):
    list_display = ("id", "event", "registration", "kind", "status", "extension_seconds")
    list_filter = ("status", "kind")
    list_select_related = ("event", "registration__player")
    readonly_fields = [f.name for f in DeckCheck._meta.fields]

    def has_add_permission(self, request):
        return False


@admin.register(Reconstruction)
class ReconstructionAdmin(admin.ModelAdmin):
    list_display = ("id", "call", "game_number", "version", "fix", "created_by", "updated_at")
    list_filter = ("fix",)
    list_select_related = ("call", "created_by")
    readonly_fields = [f.name for f in Reconstruction._meta.fields]

    def has_add_permission(self, request):
        return False
