from django.contrib import admin

from .models import AuditEntry, GeneratedFile


@admin.register(AuditEntry)
class AuditEntryAdmin(admin.ModelAdmin):
    list_display = ("created_at", "actor", "action", "object_repr", "event_id")
    list_filter = ("action",)
    search_fields = ("object_repr", "reason")
    readonly_fields = [f.name for f in AuditEntry._meta.fields]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(GeneratedFile)
class GeneratedFileAdmin(admin.ModelAdmin):
    list_display = ("created_at", "app_label", "kind", "event_id", "status", "done", "total", "expires_at")
    list_filter = ("app_label", "kind", "status")
    readonly_fields = [f.name for f in GeneratedFile._meta.fields]

    def has_add_permission(self, request):
        return False
