"""Forms for the judge pages; they only parse input, the services decide."""

from __future__ import annotations

from typing import cast

from django import forms
from django.utils.translation import gettext, gettext_lazy

from tournament.enums import MAX_TABLE_NUMBER

from . import catalogue
from .enums import DECK_CHECK_ITEMS, CallerKind, DeckCheckKind, PenaltyType


def _choice_field(form: forms.BaseForm, name: str) -> forms.ChoiceField:
    """``form``'s choice field ``name`` (typed as one, to set its ``choices``)."""
    return cast(forms.ChoiceField, form.fields[name])


class OpenCallForm(forms.Form):
    table_number = forms.IntegerField(
        min_value=1,
        max_value=MAX_TABLE_NUMBER,
        label=gettext_lazy("Table"),
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )
    caller = forms.ChoiceField(
        choices=CallerKind.choices, initial=CallerKind.PLAYER_A, label=gettext_lazy("Who called")
    )
    question = forms.CharField(
        required=False, widget=forms.Textarea(attrs={"rows": 2}), label=gettext_lazy("Question")
    )


class RulingForm(forms.Form):
    ruling = forms.CharField(widget=forms.Textarea(attrs={"rows": 3}))
    citations = forms.CharField(
        required=False,
        help_text=gettext_lazy("Rule numbers, comma separated: CR 1.1.3b, PPG 3.1"),
        label=gettext_lazy("Citations"),
    )

    def __init__(self, *args, ga=False, **kwargs):
        """``ga``: a Grand Archive event: the example cites GA's rules, not FaB's."""
        super().__init__(*args, **kwargs)
        if ga:
            self.fields["citations"].help_text = gettext("Rule numbers, comma separated: GA 1.7.h.3a")


class AppealForm(forms.Form):
    appealed_by = forms.ChoiceField(
        choices=[
            (CallerKind.PLAYER_A, gettext_lazy("Player A")),
            (CallerKind.PLAYER_B, gettext_lazy("Player B")),
        ]
    )


class CloseCallForm(forms.Form):
    minutes = forms.IntegerField(
        required=False,
        min_value=0,
        label=gettext_lazy("Minutes the match was held"),
        help_text=gettext_lazy("Leave empty to use the time since the call opened"),
    )
    seconds = forms.IntegerField(required=False, min_value=0, max_value=59, label=gettext_lazy("and seconds"))

    def duration(self) -> int | None:
        m, s = self.cleaned_data.get("minutes"), self.cleaned_data.get("seconds")
        if m is None and s is None:
            return None
        return (m or 0) * 60 + (s or 0)


class PenaltyForm(forms.Form):
    registration = forms.TypedChoiceField(coerce=int, label=gettext_lazy("Player"))
    infraction = forms.ChoiceField(label=gettext_lazy("Infraction"))
    # A select whose options follow the chosen infraction; the service checks the value (and
    # names the infraction when a situation is not one of its own).
    variant = forms.CharField(
        required=False, max_length=64, label=gettext_lazy("Situation"), widget=forms.Select
    )
    penalty = forms.ChoiceField(
        required=False,
        label=gettext_lazy("Penalty to issue"),
        help_text=gettext_lazy("Leave on the recommendation unless the head judge deviates"),
    )
    deviation_reason = forms.CharField(
        required=False,
        widget=forms.Textarea(attrs={"rows": 2}),
        label=gettext_lazy("Reason for deviating (PPG 1.2)"),
    )
    game_number = forms.IntegerField(required=False, min_value=1, label=gettext_lazy("Game"))
    description = forms.CharField(
        required=False, widget=forms.Textarea(attrs={"rows": 2}), label=gettext_lazy("What happened")
    )
    statement = forms.CharField(
        required=False,
        widget=forms.Textarea(attrs={"rows": 3}),
        label=gettext_lazy("Written statement (Disqualification, PPG 1.4)"),
    )

    def __init__(self, *args, registrations=(), version=catalogue.DEFAULT_VERSION, ga=False, **kwargs):
        """``ga``: a Grand Archive event: GA IPG names, no FaB situations, no PPG numbers."""
        super().__init__(*args, **kwargs)
        _choice_field(self, "registration").choices = [("", gettext("Choose the player"))] + [
            (r.pk, f"{r.player.display_name} ({r.player.player_id})") for r in registrations
        ]
        entries = catalogue.catalogue(version)
        if ga:
            entries = tuple(catalogue.ga_infraction(i.code, version) for i in entries)
            self.fields["deviation_reason"].label = gettext("Reason for deviating (GA IPG Issuing Penalties)")
            self.fields["statement"].label = gettext("Written statement (Disqualification)")
        groups = []
        for category in catalogue.CATEGORIES:
            items = [(i.code, f"{i.name} ({i.rule})") for i in entries if i.category == category]
            groups.append((category.title(), items))
        _choice_field(self, "infraction").choices = [("", gettext("Choose the infraction")), *groups]
        # The situations of the chosen infraction only; before one is chosen, every infraction's
        # situations grouped under its name (the option text of the infraction list, which
        # penalty_form.js matches to show one group without reloading).
        chosen = (self.data.get("infraction") if self.is_bound else None) or self.initial.get("infraction")
        if chosen and not any(i.code == chosen for i in entries):
            chosen = None
        variants: list = [("", "Usual case")]
        for item in entries:
            if item.variants and (not chosen or item.code == chosen):
                variants.append((f"{item.name} ({item.rule})", [(v.code, v.label) for v in item.variants]))
        self.fields["variant"].widget.choices = variants
        _choice_field(self, "penalty").choices = [("", "Recommended")] + list(PenaltyType.choices)


class RejectForm(forms.Form):
    reason = forms.CharField(widget=forms.Textarea(attrs={"rows": 2}))


class PlanForm(forms.Form):
    round_number = forms.IntegerField(min_value=1, label=gettext_lazy("Round"))
    rate = forms.FloatField(
        required=False,
        min_value=0,
        max_value=1,
        label=gettext_lazy("Share of tables (0-1)"),
        help_text=gettext_lazy("Empty: the REL default"),
    )


class NewDeckCheckForm(forms.Form):
    registration = forms.TypedChoiceField(coerce=int, label=gettext_lazy("Player"))
    kind = forms.ChoiceField(choices=DeckCheckKind.choices, initial=DeckCheckKind.REGULAR)

    def __init__(self, *args, registrations=(), **kwargs):
        super().__init__(*args, **kwargs)
        _choice_field(self, "registration").choices = [("", gettext("Choose the player"))] + [
            (r.pk, f"{r.player.display_name} ({r.player.player_id})") for r in registrations
        ]


def parse_presented(post, listed_names) -> dict[str, str]:
    """Presented counts from the side-by-side inputs plus "qty name" lines for unlisted cards."""
    presented: dict[str, str] = {}
    for index, name in enumerate(listed_names):
        value = post.get(f"count-{index}", "").strip()
        presented[name] = value or "0"
    for line in post.get("extra", "").splitlines():
        line = line.strip()
        if not line:
            continue
        qty, _, name = line.partition(" ")
        if not name.strip():
            presented[line] = gettext("not a number")
            continue
        presented[name.strip()] = qty
    return presented


def checklist_from_post(post) -> dict[str, bool]:
    return {key: post.get(f"check-{key}") == "on" for key, _ in DECK_CHECK_ITEMS}


class TardinessForm(forms.Form):
    registration = forms.TypedChoiceField(coerce=int, label=gettext_lazy("Player"))
    minutes_late = forms.IntegerField(min_value=0, max_value=600, label=gettext_lazy("Minutes late"))
    seconds_late = forms.IntegerField(
        required=False, min_value=0, max_value=59, label=gettext_lazy("and seconds")
    )

    def __init__(self, *args, registrations=(), **kwargs):
        super().__init__(*args, **kwargs)
        _choice_field(self, "registration").choices = [("", gettext("Choose the player"))] + [
            (r.pk, f"{r.player.display_name} ({r.player.player_id})") for r in registrations
        ]

    def seconds(self) -> int:
        return self.cleaned_data["minutes_late"] * 60 + (self.cleaned_data.get("seconds_late") or 0)
