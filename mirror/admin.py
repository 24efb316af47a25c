from django.contrib import admin

from .models import MirrorImport, SourcePlayer, SourceStanding


@admin.register(MirrorImport)
class MirrorImportAdmin(admin.ModelAdmin):
    list_display = ("event", "source", "imported_at", "imported_by")
    list_filter = ("source",)
    readonly_fields = ("event", "source", "files", "changes", "notes", "imported_by", "imported_at")


@admin.register(SourcePlayer)
class SourcePlayerAdmin(admin.ModelAdmin):
    list_display = ("name", "source_id", "hero", "country", "registration")
    search_fields = ("name", "source_id", "hero")
    raw_id_fields = ("registration",)


@admin.register(SourceStanding)
class SourceStandingAdmin(admin.ModelAdmin):
    list_display = ("event", "round_number", "rank", "registration", "wins", "points")
    list_filter = ("round_number",)
    raw_id_fields = ("event", "registration")
