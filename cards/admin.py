from django.contrib import admin, messages

from . import services
from .models import CardDataRelease, CardRecord


@admin.register(CardDataRelease)
class CardDataReleaseAdmin(admin.ModelAdmin):
    list_display = ["label", "game", "source", "version", "card_count", "is_active", "imported_at"]
    list_filter = ["game", "source", "is_active"]
    readonly_fields = ["game", "source", "version", "card_count", "files", "imported_at", "is_active"]
    actions = ["make_active"]

    @admin.action(description="Make the selected release active for its game")
    def make_active(self, request, queryset):
        if queryset.count() != 1:
            self.message_user(request, "Select exactly one release.", messages.ERROR)
            return
        release = services.activate_release(queryset.get(), actor=request.user)
        self.message_user(request, f"{release.label} is now the active {release.game} release.")

    def has_add_permission(self, request):
        return False  # releases come from `manage.py import_cards`


@admin.register(CardRecord)
class CardRecordAdmin(admin.ModelAdmin):
    list_display = ["name", "pitch", "type_text", "identifier", "release"]
    list_filter = ["release"]
    search_fields = ["name", "identifier"]
    list_select_related = ["release"]
    readonly_fields = [f.name for f in CardRecord._meta.fields]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False
