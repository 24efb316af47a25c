from django import forms
from django.contrib import admin, messages
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from core.errors import DomainError

from . import selectors, services
from .models import CardDataRelease, CardRecord, FormatRuleChange, RecordedStatus


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


class RecordedStatusForm(forms.ModelForm):
    source_url = forms.URLField(
        max_length=500, assume_scheme="https", help_text=gettext_lazy("The announcement.")
    )

    class Meta:
        model = RecordedStatus
        fields = "__all__"

    def clean(self):
        data = super().clean() or {}
        if self.instance.pk is None and data.get("card_name"):
            if selectors.known_card_name(data["card_name"], game=data.get("game") or "fab") is None:
                self.add_error("card_name", _("No card of that name in the imported card data."))
        start, end = data.get("effective_from"), data.get("effective_until")
        if start and end and end <= start:
            self.add_error("effective_until", _("The end date must be after the start date."))
        return data


@admin.register(RecordedStatus)
class RecordedStatusAdmin(admin.ModelAdmin):
    """Organizers and head judges record a status announced after the newest card data.

    Saving goes through ``services.record_status`` (audited); a recorded status is never
    edited afterwards: withdraw it (action) and record a corrected one.
    """

    form = RecordedStatusForm
    list_display = [
        "card_name",
        "pitch",
        "format",
        "status",
        "effective_from",
        "effective_until",
        "withdrawn_at",
    ]
    list_filter = ["game", "format", "status"]
    search_fields = ["card_name"]
    fields = [
        "game",
        "card_name",
        "pitch",
        "format",
        "status",
        "effective_from",
        "effective_until",
        "source_url",
        "note",
        "recorded_by",
        "recorded_at",
        "withdrawn_at",
    ]
    readonly_fields = ["recorded_by", "recorded_at", "withdrawn_at"]
    actions = ["withdraw"]

    def get_readonly_fields(self, request, obj=None):
        if obj is not None:
            return self.fields
        return self.readonly_fields

    def save_model(self, request, obj, form, change):
        if change:
            return
        try:
            saved = services.record_status(
                actor=request.user,
                card_name=obj.card_name,
                format_code=obj.format,
                status=obj.status,
                effective_from=obj.effective_from,
                effective_until=obj.effective_until,
                source_url=obj.source_url,
                pitch=obj.pitch,
                game=obj.game,
                note=obj.note,
            )
        except DomainError as exc:  # the form checked the input; a race is shown as a message
            self.message_user(request, exc.message, messages.ERROR)
            return
        obj.pk = saved.pk
        obj.card_name = saved.card_name
        obj.format = saved.format

    def has_delete_permission(self, request, obj=None):
        return False

    @admin.action(description="Withdraw the selected statuses (they stop applying)")
    def withdraw(self, request, queryset):
        n = 0
        for rs in queryset.filter(withdrawn_at__isnull=True):
            services.withdraw_status(rs, actor=request.user, reason="withdrawn in the admin")
            n += 1
        self.message_user(request, f"{n} status(es) withdrawn.")


@admin.register(FormatRuleChange)
class FormatRuleChangeAdmin(admin.ModelAdmin):
    """Officials record or confirm a dated change of a format's rules (docs/dated-legality.md,
    "Formats with effective dates"). Saving goes through ``services.record_format_change``
    (validated, audited); a record is never edited afterwards: withdraw it and record another."""

    list_display = ["format", "effective_from", "changes", "confirmed", "source", "withdrawn_at"]
    list_filter = ["format", "confirmed"]
    fields = [
        "format",
        "effective_from",
        "changes",
        "confirmed",
        "source",
        "note",
        "recorded_by",
        "recorded_at",
        "withdrawn_at",
    ]
    readonly_fields = ["recorded_by", "recorded_at", "withdrawn_at"]
    actions = ["withdraw"]

    def get_readonly_fields(self, request, obj=None):
        return self.fields if obj is not None else self.readonly_fields

    def save_model(self, request, obj, form, change):
        if change:
            return
        try:
            saved = services.record_format_change(
                actor=request.user,
                format_code=obj.format,
                effective_from=obj.effective_from,
                source=obj.source,
                changes=obj.changes,
                confirmed=obj.confirmed,
                note=obj.note,
            )
        except DomainError as exc:
            self.message_user(request, exc.message, messages.ERROR)
            return
        obj.pk = saved.pk

    def has_delete_permission(self, request, obj=None):
        return False

    @admin.action(description="Withdraw the selected format changes (they stop applying)")
    def withdraw(self, request, queryset):
        n = 0
        for fc in queryset.filter(withdrawn_at__isnull=True):
            services.withdraw_format_change(fc, actor=request.user, reason="withdrawn in the admin")
            n += 1
        self.message_user(request, f"{n} format change(s) withdrawn.")
