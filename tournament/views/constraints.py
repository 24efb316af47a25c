"""The keep-apart page: players Swiss pairings never pair against each other when they can
avoid it (siblings, a parent and a child, a judge's family). Every official reads it; the
organizer, head judge and scorekeeper change it (``services.keep_apart``)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _

from core.errors import DomainError

from .. import access, selectors, services
from ..models import KeepApart, Registration
from ._common import _int, staff_action


def _page(event):
    return redirect(reverse("tournament:staff_keep_apart", args=[event.slug]))


def staff_keep_apart(request: HttpRequest, slug: str) -> HttpResponse:
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    event = access.event_for_staff(request.user, slug, action="view_staff_pages")
    context = {
        "event": event,
        "pairs": selectors.keep_apart_pairs(event),
        "players": selectors.registrations_for_event(event),
        "can_change": access.can(request.user, event, "manage_players"),
    }
    return render(request, "tournament/keep_apart.html", context)


def _registration(event, raw, name: str) -> Registration:
    pk = _int(raw, name=name)
    reg = Registration.objects.filter(event=event, pk=pk).select_related("player").first()
    if reg is None:
        raise DomainError(
            _("no player of this event has %(name)s %(pk)s") % {"name": name, "pk": pk}, field=name
        )
    return reg


def _keep_apart_action(fn):
    """A POST of the keep-apart page: the answer comes back on that page."""

    @staff_action("manage_players")
    def view(request, event):
        try:
            message = fn(request, event)
        except DomainError as exc:
            messages.error(request, exc.message)
        else:
            messages.success(request, message)
        return _page(event)

    view.__name__ = fn.__name__
    return view


@_keep_apart_action
def staff_keep_apart_add(request, event) -> str:
    first = _registration(event, request.POST.get("first"), "first")
    second = _registration(event, request.POST.get("second"), "second")
    services.keep_apart(
        event, first=first, second=second, actor=request.user, reason=request.POST.get("reason", "")
    )
    return _("%(first)s and %(second)s will not be paired against each other.") % {
        "first": first.player.display_name,
        "second": second.player.display_name,
    }


@_keep_apart_action
def staff_keep_apart_end(request, event) -> str:
    pk = _int(request.POST.get("pair"), name="pair")
    pair = (
        KeepApart.objects.filter(event=event, pk=pk).select_related("first__player", "second__player").first()
    )
    if pair is None:
        raise DomainError(_("those players are no longer kept apart"), field="pair")
    services.end_keep_apart(pair, actor=request.user, reason=request.POST.get("reason", ""))
    return f"{pair.first.player.display_name} and {pair.second.player.display_name} may be paired again."
