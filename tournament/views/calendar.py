"""Calendar feeds (``tournament.calendar``): an event's schedule and an organizer's public events."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.http import Http404, HttpRequest, HttpResponse
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from core.site import site_url

from .. import access, selectors
from ..calendar import calendar, event_entries
from ..enums import EventStatus, StaffRole
from ..models import Event


def _ics(text: str, filename: str) -> HttpResponse:
    response = HttpResponse(text, content_type="text/calendar; charset=utf-8")
    response["Content-Disposition"] = f'inline; filename="{filename}"'
    return response


def _entries(request: HttpRequest, event: Event) -> list[dict]:
    swiss, top_cut = selectors.effective_structure(event)
    cut_rounds = {0: 0, 2: 1, 4: 2, 8: 3, 16: 4, 32: 5, 64: 6}.get(top_cut or 0, 0)
    url = site_url(request, reverse("tournament:event_detail", args=[event.slug]))
    return event_entries(
        event,
        list(selectors.visible_rounds(event)),
        url=url,
        host=request.get_host().split(":")[0] or "arbiter",
        planned_rounds=(swiss or 0) + cut_rounds,
    )


@require_GET
def event_calendar(request: HttpRequest, slug: str) -> HttpResponse:
    event = access.event_for_viewer(request.user, slug)
    text = calendar(_entries(request, event), name=event.name, now=timezone.now())
    return _ics(text, f"{event.slug}.ics")


@require_GET
def organizer_calendar(request: HttpRequest, username: str) -> HttpResponse:
    """The public (not draft) events someone organizes."""
    user = get_user_model().objects.filter(username__iexact=username).first()
    if user is None:
        raise Http404(_("no such organizer"))
    events = (
        Event.objects.filter(staff__user=user, staff__role=StaffRole.ORGANIZER, staff__ended_at__isnull=True)
        .exclude(status=EventStatus.DRAFT)
        .distinct()
        .order_by("starts_at")
    )
    entries: list[dict] = []
    for event in events:
        entries.extend(_entries(request, event)[:1])  # the events themselves, not every round
    return _ics(
        calendar(
            entries,
            name=_("Events organized by %(username)s") % {"username": user.get_username()},
            now=timezone.now(),
        ),
        f"{username}.ics",
    )
