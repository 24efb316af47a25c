"""Web forms. They only gather text; the services decide (same path as the API)."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from core.errors import DomainError
from tournament.citations import cite
from tournament.enums import Game

from .enums import DecklistSource
from .text import MAX_UPLOAD_BYTES, decode_upload

PITCH_CHOICES = [
    ("", gettext_lazy("no pitch")),
    ("1", gettext_lazy("red (1)")),
    ("2", gettext_lazy("yellow (2)")),
    ("3", gettext_lazy("blue (3)")),
]
PITCH_WORDS = {"1": "red", "2": "yellow", "3": "blue"}


def rows_to_text(quantities: list[str], names: list[str], pitches: list[str]) -> tuple[str, list[str]]:
    """Card-form rows (quantity, name, pitch) to decklist lines; errors name the row."""
    lines: list[str] = []
    errors: list[str] = []
    for i, name in enumerate(names, start=1):
        name = (name or "").strip()
        qty = (quantities[i - 1] if i - 1 < len(quantities) else "").strip() or "1"
        pitch = (pitches[i - 1] if i - 1 < len(pitches) else "").strip()
        if not name:
            continue
        # ASCII digits only: "²".isdigit() is true but int("²") fails, and a 5,000-digit number
        # is past int()'s limit.
        if not (qty.isascii() and qty.isdigit() and len(qty) <= 3) or not 1 <= int(qty) <= 999:
            errors.append(
                _("Row %(i)s (%(name)s): the quantity must be a whole number from 1 to 999.")
                % {"i": i, "name": name}
            )
            continue
        if pitch and pitch not in PITCH_WORDS:
            errors.append(
                _("Row %(i)s (%(name)s): unknown pitch %(pitch)s.")
                % {"i": i, "name": name, "pitch": repr(pitch)}
            )
            continue
        lines.append(f"{int(qty)} {name}" + (f" ({PITCH_WORDS[pitch]})" if pitch else ""))
    return "\n".join(lines), errors


class DecklistForm(forms.Form):
    """Paste text, upload a file, or fill card rows (JS adds autocomplete). One of them."""

    text = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 18, "spellcheck": "false"}),
        required=False,
        strip=False,
        label=gettext_lazy("Decklist text"),
    )
    file = forms.FileField(required=False, label=gettext_lazy("…or upload a text file"))
    version = forms.IntegerField(required=False, widget=forms.HiddenInput)

    def __init__(self, *args, rows: tuple[list[str], list[str], list[str]] | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        self.rows = rows or ([], [], [])
        self.source = DecklistSource.TEXT

    def clean(self):
        data = super().clean() or {}
        upload = data.get("file")
        text = data.get("text") or ""
        if upload is not None:
            if upload.size > MAX_UPLOAD_BYTES:
                raise forms.ValidationError(
                    _("The file is %(size)s bytes; at most %(max_upload_bytes)s are accepted.")
                    % {"size": format(upload.size, ","), "max_upload_bytes": format(MAX_UPLOAD_BYTES, ",")}
                )
            try:
                text = decode_upload(upload.read(), filename=upload.name)
            except DomainError as exc:
                raise forms.ValidationError(exc.message) from None
            self.source = DecklistSource.FILE
        elif any(n.strip() for n in self.rows[1]):
            row_text, errors = rows_to_text(*self.rows)
            if errors:
                raise forms.ValidationError(errors)
            text = (text.rstrip("\n") + "\n" + row_text).strip("\n") if text.strip() else row_text
            self.source = DecklistSource.FORM
        if not text.strip():
            raise forms.ValidationError(
                _("Enter the list: paste text, upload a file, or fill the card rows.")
            )
        data["text"] = text
        return data


class ReasonForm(forms.Form):
    reason = forms.CharField(max_length=2000, widget=forms.Textarea(attrs={"rows": 3}))


class FixForm(forms.Form):
    text = forms.CharField(widget=forms.Textarea(attrs={"rows": 18, "spellcheck": "false"}), strip=False)
    reason = forms.CharField(
        max_length=2000,
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text=gettext_lazy("PPG 4.4: what the player intended, or which illegal cards were removed."),
    )

    def __init__(self, *args, ga=False, **kwargs):
        """``ga``: a Grand Archive event's list: GA's IPG is named, not FaB's PPG."""
        super().__init__(*args, **kwargs)
        if ga:
            self.fields[
                "reason"
            ].help_text = f"{cite(Game.GA, 'decklist_fix')}: what the player intended, or which illegal cards were removed."


class DeadlineForm(forms.Form):
    deadline = forms.DateTimeField(
        required=False, widget=forms.DateTimeInput(attrs={"type": "datetime-local"})
    )
    construction_ends_at = forms.DateTimeField(
        required=False, widget=forms.DateTimeInput(attrs={"type": "datetime-local"})
    )
    limited_sets = forms.CharField(
        required=False,
        max_length=100,
        help_text=gettext_lazy("Limited events: set codes used, e.g. HNT (TR&P 8.1, 8.2)."),
    )

    def __init__(self, *args, ga=False, **kwargs):
        """``ga``: a Grand Archive event: the set codes are the organizer's choice, no TR&P."""
        super().__init__(*args, **kwargs)
        if ga:
            self.fields[
                "limited_sets"
            ].help_text = f"Limited events: set codes used ({cite(Game.GA, 'limited_sets')})."
