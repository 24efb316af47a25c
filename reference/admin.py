from django.contrib import admin

from .models import GlossaryTerm, Rule, RulesDocument


@admin.register(RulesDocument)
class RulesDocumentAdmin(admin.ModelAdmin):
    list_display = ("kind", "version", "is_current", "rule_count", "imported_at")
    list_filter = ("kind", "is_current")
    readonly_fields = ("content_hash", "imported_at", "rule_count")


@admin.register(Rule)
class RuleAdmin(admin.ModelAdmin):
    list_display = ("number", "title", "document", "depth", "is_heading")
    list_filter = ("document",)
    search_fields = ("number", "title", "text")
    raw_id_fields = ("parent",)
    list_select_related = ("document",)


@admin.register(GlossaryTerm)
class GlossaryTermAdmin(admin.ModelAdmin):
    list_display = ("term", "document", "rule_number")
    list_filter = ("document",)
    search_fields = ("term", "definition")
    list_select_related = ("document",)
