from django import forms
from django.contrib import admin, messages
from django.contrib.admin.helpers import ActionForm
from django.utils.translation import gettext_lazy

from core.errors import DomainError

from . import models, services


class UnlinkActionForm(ActionForm):
    reason = forms.CharField(required=False, max_length=500, label=gettext_lazy("Reason (to undo a link)"))


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
    """The account link is read-only here: it changes only through a confirmed claim (the account
    page) and the audited undo below (docs/access.md, "Who plays as which player ID")."""

    list_display = ("display_name", "player_id", "user", "banned", "suspended_until")
    list_filter = ("banned",)
    search_fields = ("display_name", "player_id", "user__username")
    readonly_fields = ("user",)
    action_form = UnlinkActionForm
    actions = ["unlink_account"]

    @admin.action(description="Undo the account link (give a reason)")
    def unlink_account(self, request, queryset):
        done = 0
        for profile in queryset.filter(user__isnull=False):
            try:
                services.unlink_player_account(
                    profile, actor=request.user, reason=request.POST.get("reason", "")
                )
            except DomainError as exc:
                self.message_user(request, f"{profile}: {exc.message}", level=messages.ERROR)
                return
            done += 1
        self.message_user(request, f"{done} account link{'s' if done != 1 else ''} undone.")


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
