from django.contrib import admin

from . import models


class StaffInline(admin.TabularInline):
    model = models.StaffAssignment
    extra = 0
    raw_id_fields = ("user",)


class EventDayInline(admin.TabularInline):
    model = models.EventDay
    extra = 0


@admin.register(models.Event)
class EventAdmin(admin.ModelAdmin):
    list_display = ("name", "slug", "game", "format", "rel", "tier", "event_type", "starts_at", "status")
    list_filter = ("game", "format", "rel", "tier", "status")
    search_fields = ("name", "slug", "venue")
    inlines = [EventDayInline, StaffInline]


@admin.register(models.PlayerProfile)
class PlayerProfileAdmin(admin.ModelAdmin):
    list_display = ("display_name", "player_id", "user", "banned", "suspended_until")
    list_filter = ("banned",)
    search_fields = ("display_name", "player_id", "user__username")
    raw_id_fields = ("user",)


@admin.register(models.Registration)
class RegistrationAdmin(admin.ModelAdmin):
    list_display = ("player", "event", "status", "checked_in_at", "dropped_in_round")
    list_filter = ("status",)
    search_fields = ("player__display_name", "player__player_id", "event__slug")
    raw_id_fields = ("player", "event")
    list_select_related = ("player", "event")


@admin.register(models.Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ("event", "number", "stage", "status", "clock_state", "published_at")
    list_filter = ("stage", "status", "clock_state")
    raw_id_fields = ("event",)
    list_select_related = ("event",)


@admin.register(models.Match)
class MatchAdmin(admin.ModelAdmin):
    list_display = ("round", "table_number", "player_a", "player_b", "result", "report_status", "version")
    list_filter = ("result", "report_status")
    raw_id_fields = ("round", "player_a", "player_b", "reported_by")
    list_select_related = ("round__event", "player_a__player", "player_b__player")


admin.site.register(models.StaffAssignment)
admin.site.register(models.MatchReport)
admin.site.register(models.MatchExtension)
admin.site.register(models.EventDay)
