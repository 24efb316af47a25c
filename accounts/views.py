"""Account pages: sign up, the account page (player ID, API token), staff confirmations.

Logging in, logging out and resetting a forgotten password are Django's own views
(``django.contrib.auth.urls``) with the templates in ``templates/registration/``.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST
from rest_framework.authtoken.models import Token

from core import i18n, throttling
from core.errors import DomainError
from tournament import services as tournament_services
from tournament.access import is_site_official
from tournament.models import PlayerProfile

from . import access, services
from .enums import ClaimStatus
from .forms import DecideClaimForm, LanguageForm, PlayerIdForm, SignUpForm, UnlinkForm
from .models import PlayerIdClaim


def signup(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return redirect("accounts:account")
    form = SignUpForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            user = services.create_account(
                username=form.cleaned_data["username"],
                email=form.cleaned_data["email"],
                password=form.cleaned_data["password1"],
            )
        except DomainError as exc:
            form.add_error(exc.field if exc.field in form.fields else None, exc.message)
        else:
            login(request, user, backend="django.contrib.auth.backends.ModelBackend")
            messages.success(request, _("Welcome! Link your player ID below to see your events."))
            return redirect("accounts:account")
    return render(request, "accounts/signup.html", {"form": form}, status=400 if form.errors else 200)


class PasswordResetView(auth_views.PasswordResetView):
    """Django's reset form, with the mails it sends limited per address and per email address
    (a 429 page with Retry-After past the limit): nobody can flood an inbox or the mail server."""

    def post(self, request, *args, **kwargs):
        email = (request.POST.get("email") or "").strip().lower()
        rules = [("reset_address", throttling.client_address(request)), ("reset_email", email)]
        wait = throttling.limits_reached(rules)
        if wait is not None:
            return throttling.too_many_response(
                request,
                wait,
                _(
                    "Too many password-reset requests. Check your inbox (and its spam folder) for the "
                    "link already sent, or ask again later."
                ),
            )
        throttling.count_attempt(rules)
        return super().post(request, *args, **kwargs)


def _account_context(request: HttpRequest, form=None) -> dict:
    user = request.user
    uid: int = user.pk or 0
    return {
        "profile": PlayerProfile.objects.filter(user_id=uid).first(),
        "claim": PlayerIdClaim.objects.filter(user_id=uid).order_by("-created_at", "-id").first(),
        "form": form or PlayerIdForm(),
        "token": Token.objects.filter(user_id=uid).first(),
        "pending_claims": access.decidable_claims(user)[:200],
        "is_site_official": is_site_official(user),
        "ClaimStatus": ClaimStatus,
        "language_form": LanguageForm(initial={"language": i18n.account_language(uid)}),
    }


@login_required
def account(request: HttpRequest) -> HttpResponse:
    """The player's account: their player ID (or a claim to one), their API token; for staff,
    the claims they may confirm."""
    form = None
    status = 200
    if request.method == "POST":
        wait = throttling.limits_reached(throttling.claim_rules(request))
        if wait is not None:
            return throttling.too_many_response(request, wait, throttling.claim_throttled_message(wait))
        form = PlayerIdForm(request.POST)
        if form.is_valid():
            try:
                services.claim_player_id(request.user, **form.cleaned_data)
            except DomainError as exc:
                throttling.count_attempt(throttling.claim_rules(request))
                form.add_error(exc.field if exc.field in form.fields else None, exc.message)
            else:
                messages.success(
                    request,
                    _(
                        "Thanks. An organizer or scorekeeper confirms your player ID (at your next event, or "
                        "sooner); your account then shows your events and you can report results."
                    ),
                )
                return redirect("accounts:account")
        status = 400
    return render(request, "accounts/account.html", _account_context(request, form), status=status)


@login_required
@require_POST
def language(request: HttpRequest) -> HttpResponse:
    """The account's language (issue 31): it wins over the browser's from the next page on. The
    switcher's cookie is set too, so the pages keep it after logging out."""
    form = LanguageForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Choose one of the languages offered."))
        return redirect("accounts:account")
    chosen = form.cleaned_data["language"]
    i18n.set_account_language(request.user, language=chosen)
    request.session[i18n.SESSION_KEY] = [request.user.pk, chosen]
    with i18n.in_language(chosen):
        messages.success(request, _("Your language is saved."))
    response = redirect("accounts:account")
    if chosen:
        response.set_cookie(
            settings.LANGUAGE_COOKIE_NAME,
            chosen,
            max_age=settings.LANGUAGE_COOKIE_AGE,
            samesite=settings.LANGUAGE_COOKIE_SAMESITE,
        )
    return response


@login_required
@require_POST
def token(request: HttpRequest) -> HttpResponse:
    """Create (or, with ``renew``, replace) the API token; the account page shows it."""
    services.api_token_for(request.user, renew=request.POST.get("renew") == "1")
    messages.success(request, _("Your API token is below. Send it as 'Authorization: Token <key>'."))
    return redirect("accounts:account")


def _back(request: HttpRequest) -> HttpResponse:
    """Back to the page the form was on (the check-in desk or the account page)."""
    target = request.POST.get("next") or ""
    if target and url_has_allowed_host_and_scheme(target, {request.get_host()}, request.is_secure()):
        return redirect(target)
    return redirect("accounts:account")


@login_required
@require_POST
def decide(request: HttpRequest) -> HttpResponse:
    """Confirm or refuse a claim (the account page's list, or one tap at the check-in desk)."""
    form = DecideClaimForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("choose confirm or refuse"))
        return _back(request)
    claim = PlayerIdClaim.objects.filter(pk=form.cleaned_data["claim"], status=ClaimStatus.PENDING).first()
    if claim is None or not access.can_decide_claim(request.user, claim):
        messages.error(request, _("that claim is not waiting for you"))
        return _back(request)
    confirm = form.cleaned_data["decision"] == "confirm"
    links = confirm and access.may_link(request.user, claim)
    try:
        services.decide_claim(claim, actor=request.user, confirm=confirm, reason=form.cleaned_data["reason"])
    except DomainError as exc:
        messages.error(request, exc.message)
    else:
        if links:
            messages.success(
                request,
                _("%(username)s now plays as %(player_id)s.")
                % {"username": claim.user.username, "player_id": claim.player_id},
            )
        elif confirm:
            messages.success(
                request,
                _(
                    "%(display_name)s (%(player_id)s) is registered; the account link waits for a site official or the staff of the event where this ID was first registered."
                )
                % {"display_name": claim.display_name, "player_id": claim.player_id},
            )
        else:
            messages.success(
                request,
                _("%(username)s does not play as %(player_id)s.")
                % {"username": claim.user.username, "player_id": claim.player_id},
            )
    return _back(request)


@login_required
@require_POST
def unlink(request: HttpRequest) -> HttpResponse:
    """A site official undoes a player ID link, with a reason (audited)."""
    form = UnlinkForm(request.POST)
    if not is_site_official(request.user):
        messages.error(request, _("only a site official can undo a player ID link"))
        return redirect("accounts:account")
    if not form.is_valid():
        messages.error(request, _("give the player ID and a reason"))
        return redirect("accounts:account")
    profile = PlayerProfile.objects.filter(player_id__iexact=form.cleaned_data["player_id"].strip()).first()
    if profile is None:
        messages.error(request, _("no player has this ID"))
        return redirect("accounts:account")
    try:
        tournament_services.unlink_player_account(
            profile, actor=request.user, reason=form.cleaned_data["reason"]
        )
    except DomainError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(
            request,
            _("Player ID %(player_id)s is no longer linked to an account.")
            % {"player_id": profile.player_id},
        )
    return redirect("accounts:account")
