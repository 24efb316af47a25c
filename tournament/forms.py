"""Forms of the event pages. They parse and validate input only; services do the work."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, cast
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from django import forms
from django.conf import settings
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from .citations import is_ga
from .enums import REL, MatchResult, StandingsPolicy
from .models import Event
from .services import EVENT_FIELDS as EVENT_SETTINGS
from .services import RULE_FIELDS

# The service's settings, less what only the system sets, plus the slug chosen at creation.
EVENT_FIELDS = ["slug", *(f for f in EVENT_SETTINGS if f not in ("pairing_seed", "card_release"))]


# Labels and help in words for the organizer (the model's names are field names).
EVENT_LABELS: dict[str, tuple[Any, Any]] = {
    "slug": (gettext_lazy("Web address name"), None),
    "rel": (gettext_lazy("Rules enforcement level (REL)"), None),
    "starts_at": ("Starts", None),
    "round_minutes": (gettext_lazy("Round length (minutes)"), None),
    "games_per_match": (gettext_lazy("Games to win a match"), None),
    "structure_kind": ("Event structure", None),
    "bye_counts_in_cmp": (
        gettext_lazy("A bye counts as a win in cumulative match points (CMP)"),
        gettext_lazy("The CMP tiebreaker (TR&P Appendix D) counts the rounds won; on, a bye counts as won."),
    ),
    "standings_policy": (gettext_lazy("Standings and tiebreakers"), None),
    "allow_self_registration": (gettext_lazy("Players can register themselves"), None),
    "trp_version": (gettext_lazy("Tournament rules (TR&P) edition"), None),
    "ppg_version": (gettext_lazy("Penalty guide (PPG) edition"), None),
    "cr_version": (gettext_lazy("Comprehensive rules edition"), None),
    "status": ("Event status", None),
    "print_language": (
        gettext_lazy("Language of printed sheets"),
        gettext_lazy("Pairings, standings, match slips and pods are printed in it."),
    ),
    "pod_play": (
        gettext_lazy("Play in pods"),
        gettext_lazy(
            "Multiplayer pods instead of one-on-one matches; by format means pods for Ultimate Pit Fight."
        ),
    ),
    "pod_policy": (gettext_lazy("When pods of 4 do not fit"), None),
    "pod_allow_two": (gettext_lazy("Allow a pod of two players"), None),
    "pod_points": (
        gettext_lazy("Points per place in a pod"),
        gettext_lazy("First place first, comma-separated, e.g. 3,2,1,0 (or 3,0 for the winner only)."),
    ),
}


def _choice_field(form: forms.BaseForm, name: str) -> forms.ChoiceField:
    """``form``'s choice field ``name`` (typed as one, to set its ``choices``)."""
    return cast(forms.ChoiceField, form.fields[name])


class EventForm(forms.ModelForm):
    """Event settings; blank round length, rounds and cut take the TR&P defaults in the service."""

    class Meta:
        model = Event
        fields = EVENT_FIELDS
        widgets = {
            "starts_at": forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M")
        }

    def clean_print_language(self) -> str:
        return (
            self.cleaned_data.get("print_language") or self.instance.print_language or settings.LANGUAGE_CODE
        )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for name in ("round_minutes", "tier", "games_per_match", "pod_policy", "pod_points"):
            self.fields[name].required = False
        # Forms that predate the field leave it out: the site's language (English) then.
        self.fields["print_language"].required = False
        for name, (label, help_text) in EVENT_LABELS.items():
            if name in self.fields:
                self.fields[name].label = label
                if help_text is not None:
                    self.fields[name].help_text = help_text
        self.fields["slug"].help_text = _("Used in the event's web address, e.g. friday-armory.")
        # The stored name says "games per match"; the number is the game wins needed (TR&P 3.1).
        wins = [
            (1, "1 game win (a single game)"),
            (2, "2 game wins (best of three)"),
            (3, "3 game wins (best of five)"),
        ]
        current = self.instance.games_per_match if self.instance.pk else None
        if current and current > 3:
            wins.append(
                (
                    current,
                    _("%(current)s game wins (best of %(value)s)")
                    % {"current": current, "value": 2 * current - 1},
                )
            )
        self.fields["games_per_match"] = forms.TypedChoiceField(
            label=_("Game wins needed to win a match"),
            coerce=int,
            empty_value=None,
            required=False,
            choices=wins
            if self.instance.pk
            else [("", _("From the rules: by the game (FaB: one game; GA: best of three)")), *wins],
            help_text=_("Not the number of games: 2 means best of three."),
        )
        self.fields["round_minutes"].help_text = _("Empty: the TR&P Appendix C default for the format.")
        self.fields["standings_policy"].help_text = _(
            "Pinned once the first round is paired. Grand Archive: 3/1/0 points, OMW%, GW%, OGW%."
        )
        if self.instance.pk:
            self.fields["slug"].disabled = True
            overrides = [
                n for n in RULE_FIELDS if n in (self.instance.rule_overrides or []) and n in self.fields
            ]
            for name in RULE_FIELDS:
                if name in self.fields and name not in overrides:
                    note = _(
                        "From the rules: follows the game, event type, format and REL until you change it."
                    )
                    current = self.fields[name].help_text
                    self.fields[name].help_text = f"{current} {note}" if current else note
            if overrides:
                self.fields["follow_rules"] = forms.MultipleChoiceField(
                    required=False,
                    label=_("Give back to the rules"),
                    choices=[(n, str(self.fields[n].label)) for n in overrides],
                    widget=forms.CheckboxSelectMultiple,
                    help_text=_(
                        "Set by hand so far; ticked, each takes the value the rules give and follows them again."
                    ),
                )
            if is_ga(self.instance):
                # A Grand Archive event: FaB's rules editions and its CMP tiebreaker do not apply
                # (their values stay as stored), and no FaB document is named (tournament.citations).
                for name in ("trp_version", "ppg_version", "bye_counts_in_cmp"):
                    self.fields.pop(name, None)
                self.fields["round_minutes"].help_text = _(
                    "Empty: the default for the format (GA TRG Round Times)."
                )
                self.fields["swiss_rounds"].help_text = _("Empty: our default from attendance.")
                self.fields["top_cut"].help_text = _(
                    "Empty: our default from attendance; 0 means no play-off."
                )
                _choice_field(self, "standings_policy").choices = [
                    (value, str(label).replace("TR&P App D: ", ""))
                    for value, label in StandingsPolicy.choices
                ]
        else:
            # On creation an untouched choice means "the rule default" (TR&P App A, E; 3.8).
            self.fields["slug"].required = False
            self.fields["slug"].help_text += _(" Empty: made from the name.")
            self.fields["rel"].required = False
            _choice_field(self, "rel").choices = [
                ("", _("From the rules: by the event type (TR&P App A)")),
                *REL.choices,
            ]
            # An untouched rule field is left blank (the model's own default would otherwise be
            # shown and sent, so a Road to Nationals would be made Casual, tier 1).
            for name in RULE_FIELDS:
                if name in self.fields:
                    self.fields[name].initial = None
                    self.initial.pop(name, None)
            self.fields["format"].required = False
            _choice_field(self, "format").choices = [
                ("", _("From the rules: by the game")),
                *(c for c in cast(list, _choice_field(self, "format").choices) if c[0] != ""),
            ]
            self.fields["tier"].widget.attrs["placeholder"] = _("from the rules (TR&P App A)")
            self.fields["round_minutes"].widget.attrs["placeholder"] = _("from the rules (TR&P App C)")
            # Untouched, the service picks the game's policy (GA: 3/1/0; FaB: TR&P App D).
            self.fields["standings_policy"].required = False
            _choice_field(self, "standings_policy").choices = [
                ("", _("From the rules: by the game")),
                *StandingsPolicy.choices,
            ]
            self.initial.pop("standings_policy", None)
            self.initial.pop("games_per_match", None)
            # Untouched, the service picks the game's ladder (GA: regular store event; FaB: Armory).
            self.fields["event_type"].required = False
            _choice_field(self, "event_type").choices = [
                ("", _("From the rules: by the game")),
                *cast(list, _choice_field(self, "event_type").choices),
            ]
            self.initial.pop("event_type", None)
            for name, rule in (
                ("decklists_required", "TR&P App E"),
                ("regular_deck_checks", "TR&P 3.8"),
                ("allow_late_entries", _("by the game: FaB yes, Grand Archive closed at round 1")),
            ):
                self.fields[name] = forms.NullBooleanField(
                    required=False,
                    label=self.fields[name].label,
                    widget=forms.Select(
                        choices=[
                            ("unknown", _("From the rules (%(rule)s)") % {"rule": rule}),
                            ("true", _("Yes")),
                            ("false", _("No")),
                        ]
                    ),
                )

    def clean_time_zone(self):
        value = self.cleaned_data["time_zone"].strip()
        try:
            ZoneInfo(value)
        except (ZoneInfoNotFoundError, ValueError):
            raise forms.ValidationError(
                _("Unknown time zone %(value)s; use a name like Europe/London.") % {"value": repr(value)}
            ) from None
        return value

    def changed_values(self) -> dict:
        """The values to hand to the service: on creation, blanks are left out so the service
        applies the rule defaults; on edit, only the fields that changed."""
        data = {
            k: v
            for k, v in self.cleaned_data.items()
            if k in self.fields and not self.fields[k].disabled and k != "follow_rules"
        }
        if self.instance.pk:
            data = {k: v for k, v in data.items() if k in self.changed_data}
        return {k: v for k, v in data.items() if not (k in DEFAULTED_FIELDS and v in (None, ""))}


DEFAULTED_FIELDS = frozenset(
    {
        "slug",
        "format",
        "rel",
        "standings_policy",
        "status",
        "structure_kind",
        "tier",
        "round_minutes",
        "games_per_match",
        "event_type",
        "allow_late_entries",
        "decklists_required",
        "regular_deck_checks",
        "starts_at",
        "pod_policy",
        "pod_points",
    }
)


@dataclass(frozen=True)
class ParsedResult:
    table: int
    result: str
    games_a: int
    games_b: int
    games_drawn: int


#: ASCII digits, a few of them: a 5,000-digit game count would fail in ``int()``.
QUICK_RE = re.compile(
    r"^\s*(?P<table>\d{1,5})\s*[ ,:;/]\s*(?P<res>[A-Za-z_\-]+|\d{1,3}\s*-\s*\d{1,3}(\s*-\s*\d{1,3})?)\s*$",
    re.ASCII,
)
WORD_RESULTS = {
    "a": MatchResult.A_WINS,
    "b": MatchResult.B_WINS,
    "d": MatchResult.DRAW,
    "draw": MatchResult.DRAW,
    "id": MatchResult.DRAW,
    "dl": MatchResult.DOUBLE_LOSS,
    "double_loss": MatchResult.DOUBLE_LOSS,
    "double-loss": MatchResult.DOUBLE_LOSS,
}
QUICK_HELP = gettext_lazy(
    "Type the table number and the result, then Enter: '12 2-1' (games A-B, optional -drawn), "
    "'12 a' or '12 b' (winner), '12 d' (draw), '12 dl' (double loss)."
)


def parse_quick_result(text: str, *, games_to_win: int = 1) -> ParsedResult:
    """Parse one line of keyboard result entry; raises ValidationError naming the problem."""
    match = QUICK_RE.match(text or "")
    if not match:
        raise forms.ValidationError(
            _("Could not read %(text)s. %(quick_help)s") % {"text": repr(text), "quick_help": QUICK_HELP}
        )
    table = int(match["table"])
    res = match["res"].replace(" ", "").lower()
    if res in WORD_RESULTS:
        result = WORD_RESULTS[res]
        games_a = games_to_win if result == MatchResult.A_WINS else 0
        games_b = games_to_win if result == MatchResult.B_WINS else 0
        return ParsedResult(table, result, games_a, games_b, 0)
    if res[0].isalpha():
        raise forms.ValidationError(
            _("Unknown result %(res)s. %(quick_help)s") % {"res": repr(res), "quick_help": QUICK_HELP}
        )
    numbers = [int(n) for n in res.split("-")]
    games_a, games_b = numbers[0], numbers[1]
    drawn = numbers[2] if len(numbers) == 3 else 0
    if games_a > games_b:
        result = MatchResult.A_WINS
    elif games_b > games_a:
        result = MatchResult.B_WINS
    else:
        result = MatchResult.DRAW
    return ParsedResult(table, result, games_a, games_b, drawn)


class QuickResultForm(forms.Form):
    entry = forms.CharField(max_length=40, help_text=QUICK_HELP)
    round = forms.IntegerField(min_value=1, required=False, widget=forms.HiddenInput)

    def __init__(self, *args, games_to_win: int = 1, **kwargs):
        super().__init__(*args, **kwargs)
        self.games_to_win = games_to_win

    def clean_entry(self):
        return parse_quick_result(self.cleaned_data["entry"], games_to_win=self.games_to_win)


MY_RESULT_CHOICES = [
    ("win", gettext_lazy("I won")),
    ("loss", gettext_lazy("I lost")),
    ("draw", gettext_lazy("Draw")),
]


class PlayerReportForm(forms.Form):
    """A player's own report: outcome from their side plus games, mapped to A/B by ``as_match_result``."""

    outcome = forms.ChoiceField(choices=MY_RESULT_CHOICES, widget=forms.RadioSelect)
    my_games = forms.IntegerField(min_value=0, max_value=9, required=False, label=gettext_lazy("Games I won"))
    their_games = forms.IntegerField(
        min_value=0, max_value=9, required=False, label=gettext_lazy("Games my opponent won")
    )
    games_drawn = forms.IntegerField(min_value=0, max_value=9, required=False, initial=0)
    version = forms.IntegerField(min_value=0, required=False, widget=forms.HiddenInput)

    def __init__(self, *args, games_to_win: int = 1, **kwargs):
        super().__init__(*args, **kwargs)
        self.games_to_win = games_to_win

    def clean(self):
        data = super().clean() or {}
        outcome = data.get("outcome")
        mine, theirs = data.get("my_games"), data.get("their_games")
        if outcome == "win":
            mine = self.games_to_win if mine is None else mine
            theirs = 0 if theirs is None else theirs
            if mine <= theirs:
                raise forms.ValidationError(
                    _("You reported a win, so you must have won more games than your opponent.")
                )
        elif outcome == "loss":
            theirs = self.games_to_win if theirs is None else theirs
            mine = 0 if mine is None else mine
            if theirs <= mine:
                raise forms.ValidationError(
                    _("You reported a loss, so your opponent must have won more games.")
                )
        elif outcome == "draw":
            mine = 0 if mine is None else mine
            theirs = 0 if theirs is None else theirs
            if mine != theirs:
                raise forms.ValidationError(_("A drawn match has equal game wins on both sides."))
        data["my_games"], data["their_games"] = mine, theirs
        data["games_drawn"] = data.get("games_drawn") or 0
        return data

    def as_match_result(self, *, i_am_a: bool) -> ParsedResult:
        """The report in the match's A/B terms (table 0: the caller knows the match)."""
        d = self.cleaned_data
        outcome = d["outcome"]
        if outcome == "draw":
            result = MatchResult.DRAW
        elif (outcome == "win") == i_am_a:
            result = MatchResult.A_WINS
        else:
            result = MatchResult.B_WINS
        games_a, games_b = (d["my_games"], d["their_games"]) if i_am_a else (d["their_games"], d["my_games"])
        return ParsedResult(0, result, games_a, games_b, d["games_drawn"])


class ReasonForm(forms.Form):
    reason = forms.CharField(max_length=500, help_text=gettext_lazy("Recorded in the audit trail."))


class CorrectionForm(forms.Form):
    """A staff correction of any result (TR&P 3.5 kinds included), previewed before it is applied."""

    match = forms.IntegerField(min_value=1, widget=forms.HiddenInput)
    result = forms.ChoiceField(choices=[c for c in MatchResult.choices if c[0] not in ("", "bye")])
    games_a = forms.IntegerField(min_value=0, max_value=9, initial=0)
    games_b = forms.IntegerField(min_value=0, max_value=9, initial=0)
    games_drawn = forms.IntegerField(min_value=0, max_value=9, initial=0)
    result_kind = forms.CharField(max_length=20, required=False)
    reason = forms.CharField(max_length=500)
    confirm = forms.BooleanField(required=False, widget=forms.HiddenInput)
    #: The match version the page showed: a result entered meanwhile makes the change a 409.
    version = forms.IntegerField(min_value=0, max_value=2**31 - 1, required=False, widget=forms.HiddenInput)
