"""The officials page: who staffs the event, adding a judge or scorekeeper by account or by an
invitation link, ending a role (TR&P 2.1, 2.2). The organizer changes; every official reads."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from core.errors import DomainError
from core.site import site_url

from .. import access, services
from ..enums import StaffRole
from ..models import StaffAssignment, StaffInvitation
from ._common import _int, staff_action
from ._fragments import _qr


def _officials_url(event) -> str:
    return reverse("tournament:staff_officials", args=[event.slug])


def staff_officials(request: HttpRequest, slug: str) -> HttpResponse:
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    event = access.event_for_staff(request.user, slug, action="view_staff_pages")
    can_change = access.can(request.user, event, "assign_staff")
    staff = StaffAssignment.objects.filter(event=event, ended_at__isnull=True).select_related("user")
    invitations = []
    if can_change:
        for inv in StaffInvitation.objects.filter(event=event, used_at__isnull=True, revoked_at__isnull=True):
            url = site_url(request, reverse("tournament:staff_invitation", args=[inv.key]))
            invitations.append({"invitation": inv, "url": url, "qr": _qr(url)})
    context = {
        "event": event,
        "staff": staff,
        "can_change": can_change,
        "invitations": invitations,
        "roles": StaffRole.choices,
        "invitation_days": services.INVITATION_DAYS,
    }
    return render(request, "tournament/officials.html", context)


def _back(event):
    return redirect(_officials_url(event))


def _officials_action(fn):
    """A POST of the officials page: messages come back on that page, not the dashboard."""

    @staff_action("assign_staff")
    def view(request, event):
        try:
            message = fn(request, event)
        except DomainError as exc:
            messages.error(request, exc.message)
        else:
            messages.success(request, message)
        return _back(event)

    view.__name__ = fn.__name__
    return view


@_officials_action
def staff_officials_add(request, event) -> str:
    role = request.POST.get("role", "")
    assignment = services.assign_staff_by_username(
        event, username=request.POST.get("username", ""), role=role, actor=request.user
    )
    return f"{assignment.user.get_username()} is now {assignment.get_role_display().lower()}."


@_officials_action
def staff_officials_invite(request, event) -> str:
    invitation = services.invite_staff(event, role=request.POST.get("role", ""), actor=request.user)
    return _(
        "Invitation link for a %(role)s made: send it to them; it works once, for %(invitation_days)s days."
    ) % {"role": invitation.get_role_display().lower(), "invitation_days": services.INVITATION_DAYS}


@_officials_action
def staff_officials_revoke(request, event) -> str:
    invitation = StaffInvitation.objects.filter(
        event=event, pk=_int(request.POST.get("invitation"), name="invitation")
    ).first()
    if invitation is None:
        raise DomainError(_("that invitation is not one of this event's"))
    services.revoke_staff_invitation(invitation, actor=request.user)
    return _("The invitation link no longer works.")


@_officials_action
def staff_officials_end(request, event) -> str:
    assignment = (
        StaffAssignment.objects.filter(
            event=event, ended_at__isnull=True, pk=_int(request.POST.get("assignment"), name="assignment")
        )
        .select_related("user")
        .first()
    )
    if assignment is None:
        raise DomainError(_("that role is not held at this event any more; reload"))
    services.end_staff_assignment(assignment, actor=request.user, reason=request.POST.get("reason", "")[:500])
    return f"{assignment.user.get_username()} is no longer {assignment.get_role_display().lower()}."


@require_http_methods(["GET", "POST"])
def staff_invitation(request: HttpRequest, key: str) -> HttpResponse:
    """The page an invitation link opens: what it offers, and a button to accept it (logged in)."""
    try:
        invitation = services.open_invitation(key)
    except DomainError as exc:
        return render(request, "tournament/staff_invitation.html", {"error": exc.message}, status=404)
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    if request.method == "POST":
        try:
            assignment = services.accept_staff_invitation(key, user=request.user)
        except DomainError as exc:
            context = {"invitation": invitation, "error": exc.message}
            return render(request, "tournament/staff_invitation.html", context, status=exc.status_code)
        messages.success(
            request,
            _("You are now %(role)s at %(name)s.")
            % {"role": assignment.get_role_display().lower(), "name": assignment.event.name},
        )
        return redirect(reverse("tournament:staff", args=[assignment.event.slug]))
    return render(request, "tournament/staff_invitation.html", {"invitation": invitation})
