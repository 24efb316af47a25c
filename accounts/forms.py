from __future__ import annotations

from django import forms
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import UserCreationForm
from django.utils.translation import gettext_lazy
from django.utils.translation import gettext_lazy as _


class SignUpForm(UserCreationForm):
    """Username, email (for a forgotten password) and a password checked by the validators."""

    email = forms.EmailField(
        label=gettext_lazy("Email"), help_text=gettext_lazy("Only used to reset a forgotten password.")
    )

    class Meta(UserCreationForm.Meta):
        model = get_user_model()
        fields = ("username", "email")


class PlayerIdForm(forms.Form):
    player_id = forms.CharField(label=gettext_lazy("Player ID (GEM ID)"), max_length=32)
    display_name = forms.CharField(label=gettext_lazy("Your name as shown on pairings"), max_length=120)


class DecideClaimForm(forms.Form):
    claim = forms.IntegerField(widget=forms.HiddenInput)
    decision = forms.ChoiceField(
        choices=[("confirm", gettext_lazy("Confirm")), ("refuse", gettext_lazy("Refuse"))]
    )
    reason = forms.CharField(label=gettext_lazy("Reason"), max_length=500, required=False)


class UnlinkForm(forms.Form):
    player_id = forms.CharField(label=gettext_lazy("Player ID"), max_length=32)
    reason = forms.CharField(label=gettext_lazy("Reason"), max_length=500)


class LanguageForm(forms.Form):
    """The account's language: one of settings.LANGUAGES, or the browser's (empty)."""

    language = forms.ChoiceField(
        label=_("Language"),
        required=False,
        choices=[("", _("The browser's language")), *settings.LANGUAGES],
    )
