"""The check-in desk and the end of the event: check in all, by typed ID or name, by the
player's QR code; walk-ins and their real IDs; undoing a drop; finishing and reopening the
event; a walk-in claiming their registration."""

from __future__ import annotations

from django.apps import apps
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _

from core import throttling
from core.errors import DomainError
from core.pdf import qr_svg_data_uri
from core.site import site_url

from .. import access, selectors, services
from ..models import Event
from ._common import posted_registration, staff_action


@staff_action("manage_players", anchor="check-in")
def staff_check_in(request: HttpRequest, event: Event):
    """The check-in desk: ``all`` checks in everyone registered; else ``q`` names one player."""
    if request.POST.get("op") == "all":
        n = services.check_in_all(event, actor=request.user)
        return f"{n} player{'s' if n != 1 else ''} checked in."
    reg = services.check_in_by_text(event, actor=request.user, text=request.POST.get("q", ""))
    return f"{reg.player.display_name} ({reg.player.player_id}) checked in."


def staff_check_in_code(request: HttpRequest, slug: str, token: str) -> HttpResponse:
    """What the staff's phone opens from a player's check-in QR code: who it is, and one button
    that checks them in (a GET never changes anything)."""
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    event = access.event_for_staff(request.user, slug, action="manage_players")
    error = ""
    registration = None
    try:
        registration = services.registration_for_token(event, token)
    except DomainError as exc:
        error = exc.message
    if request.method == "POST" and registration is not None:
        try:
            services.check_in(registration, actor=request.user)
        except DomainError as exc:
            messages.error(request, exc.message)
        else:
            messages.success(
                request,
                _("%(display_name)s checked in.") % {"display_name": registration.player.display_name},
            )
        return redirect(reverse("tournament:staff", args=[event.slug]) + "#check-in")
    return render(
        request,
        "tournament/check_in_code.html",
        {"event": event, "registration": registration, "error": error},
        status=400 if error else 200,
    )


@staff_action("manage_players", anchor="players")
def staff_walk_in(request: HttpRequest, event: Event):
    """Register a player who has no player ID with them: a temporary ID and a claim code."""
    reg = services.register_walk_in(
        event,
        actor=request.user,
        display_name=request.POST.get("display_name", ""),
        late_entry=request.POST.get("late_entry") == "on",
    )
    phone_page = reverse("tournament:player_phone", args=[event.slug, services.phone_token(reg)])
    said = (
        f"{reg.player.display_name} registered as a walk-in with the temporary ID {reg.player.player_id}. "
        f"Claim code for the player: {reg.player.claim_code}. Their own page for their phone, no account "
        f"needed (give it to them only): {site_url(request, phone_page)}"
    )
    # The desk shows (or prints) the slip with the QR code of that page for the player to scan.
    messages.success(request, said)
    return redirect("tournament:staff_walk_in_slip", event.slug, reg.pk)


def staff_walk_in_slip(request: HttpRequest, slug: str, registration_id: int) -> HttpResponse:
    """The walk-in's slip for the desk to show or print: their name, temporary ID, claim code and
    the QR code of their private page (``services.phone_token``), so a phone without an account
    follows their pairings and turns notifications on (issue 29). Only for a player without an
    account: one with an account signs in instead. The QR code is made afresh each time, never
    cached, because its address is the key to the player's page."""
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    event = access.event_for_staff(request.user, slug, action="manage_players")
    registration = (
        selectors.registrations_for_event(event).filter(pk=registration_id, player__user__isnull=True).first()
    )
    if registration is None:
        raise Http404(_("no walk-in without an account has this registration at this event"))
    url = site_url(
        request, reverse("tournament:player_phone", args=[event.slug, services.phone_token(registration)])
    )
    response = render(
        request,
        "tournament/walk_in_slip.html",
        {"event": event, "registration": registration, "phone_url": url, "phone_qr": qr_svg_data_uri(url)},
    )
    response["Referrer-Policy"] = "no-referrer"
    response["Cache-Control"] = "private, no-store"
    return response


@staff_action("manage_players", anchor="players")
def staff_replace_id(request: HttpRequest, event: Event):
    """Replace a walk-in's temporary ID with their real player ID (results kept)."""
    reg = posted_registration(event, request)
    old = reg.player.player_id
    reg = services.replace_temporary_id(reg, actor=request.user, player_id=request.POST.get("player_id", ""))
    return f"{reg.player.display_name}: player ID {old} replaced by {reg.player.player_id}."


@staff_action("manage_players", anchor="players")
def staff_undo_drop(request: HttpRequest, event: Event):
    """Undo a drop with a reason (a mistaken drop; after a new round, the head judge's re-entry)."""
    reg = posted_registration(event, request)
    services.undo_drop(reg, actor=request.user, reason=request.POST.get("reason", ""))
    return f"{reg.player.display_name} is back in the event."


@staff_action("manage_players", anchor="round")
def staff_finish(request: HttpRequest, event: Event):
    services.finish_event(event, actor=request.user)
    return _("The event is finished: final placings are on the event page.")


@staff_action("change_event", anchor="round")
def staff_reopen(request: HttpRequest, event: Event):
    services.reopen_event(event, actor=request.user, reason=request.POST.get("reason", ""))
    return _("The event is open again.")


@login_required
def claim_registration(request: HttpRequest) -> HttpResponse:
    """A walk-in claims what staff registered for them with their claim code (and may give
    their real player ID at the same time)."""
    if request.method == "POST":
        wait = throttling.limits_reached(throttling.claim_rules(request))
        if wait is not None:
            return throttling.too_many_response(request, wait, throttling.claim_throttled_message(wait))
        try:
            claimed = services.claim_registration(
                user=request.user,
                code=request.POST.get("code", ""),
                player_id=request.POST.get("player_id", ""),
            )
        except DomainError as exc:
            throttling.count_attempt(throttling.claim_rules(request))
            messages.error(request, exc.message)
        else:
            profile = claimed.profile
            if profile is not None:
                messages.success(
                    request,
                    _("Claimed: you play as %(display_name)s (%(player_id)s).")
                    % {"display_name": profile.display_name, "player_id": profile.player_id},
                )
            if claimed.pending_player_id:
                # The same words whether or not the ID is on file (docs/access.md).
                messages.info(
                    request,
                    _("Your player ID %(pending_player_id)s is waiting for the staff to confirm it.")
                    % {"pending_player_id": claimed.pending_player_id},
                )
            if profile is None:
                return redirect(
                    reverse("accounts:account") if _has_accounts() else reverse("tournament:claim")
                )
            reg = profile.registrations.select_related("event").order_by("-created_at").first()
            if reg is not None:
                return redirect(reverse("tournament:player", args=[reg.event.slug]))
    return render(request, "tournament/claim.html", {})


def _has_accounts() -> bool:
    return apps.is_installed("accounts")
