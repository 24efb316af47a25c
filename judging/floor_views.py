"""The judges' floor view (issue 30): each judge's zone on their phone, the head judge's whole
floor, the end-of-round sweep, and the zone editor. The live part is polled and answers 304
while nothing it shows changed (``judging.floor.floor_token``)."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from core.errors import DomainError
from core.parsing import whole_number
from tournament import live
from tournament.models import StaffAssignment
from tournament.selectors import current_round

from . import access, floor, forms
from .models import FloorZone


def _sweep(request: HttpRequest) -> bool:
    return request.GET.get("sweep") == "1"


def _live_context(request: HttpRequest, event) -> dict:
    view = floor.floor_view(event, request.user)
    return {
        "event": event,
        "floor": view,
        "sweep": _sweep(request),
        "late_minutes": floor.LATE_MINUTES,
    }


@login_required
@require_GET
def floor_page(request: HttpRequest, slug: str) -> HttpResponse:
    """A judge's zone(s) now; the head judge's every zone and the zone editor."""
    event = access.event_for(request.user, slug, "view_floor")
    editor = access.can(request.user, event, "divide_floor")
    context = {
        "can": access.allowed_actions(request.user, event),
        **_live_context(request, event),
        "editor": editor,
        "open_form": forms.OpenCallForm(initial={"caller": "official"}),
    }
    if editor:
        context["zones"] = [
            {"zone": z, "tables": floor.tables_text(z.tables), "judge_ids": {j.pk for j in z.judges.all()}}
            for z in FloorZone.objects.filter(event=event).prefetch_related("judges")
        ]
        context["judges"] = _event_judges(event)
    return render(request, "judging/floor.html", context)


def _event_judges(event) -> list:
    seen: dict[int, object] = {}
    for a in (
        StaffAssignment.objects.filter(
            event=event, role__in=list(access.roles_for("rule_on_calls")), ended_at__isnull=True
        )
        .select_related("user")
        .order_by("user__username")
    ):
        seen.setdefault(a.user_id, a.user)
    return list(seen.values())


def _floor_token(event) -> str:
    """``floor.floor_token``, shared by every judge's poll for the public microcache's seconds
    (a floor of judges polling every 5 s computes it once per interval; 0 s: every time)."""
    seconds = settings.ARBITER_PUBLIC_MICROCACHE_SECONDS
    if seconds <= 0:
        return floor.floor_token(event, current_round(event), now=timezone.now())
    return str(
        cache.get_or_set(
            f"judging:floor-token:{event.pk}",
            lambda: floor.floor_token(event, current_round(event), now=timezone.now()),
            seconds,
        )
    )


@require_GET
def floor_live(request: HttpRequest, slug: str) -> HttpResponse:
    """The polled part of the floor view: 304 while nothing it shows changed."""
    if not request.user.is_authenticated:
        return HttpResponse(status=401)
    event = access.event_for(request.user, slug, "view_floor")
    etag = live.etag_for("floor", event.pk, request.user.pk, int(_sweep(request)), _floor_token(event))
    unchanged = live.not_modified(request, etag)
    if unchanged is not None:
        return unchanged
    response = render(request, "judging/_floor_live.html", _live_context(request, event))
    response["ETag"] = etag
    # Always revalidate: the browser sends If-None-Match and gets a 304 while nothing changed.
    response["Cache-Control"] = "private, no-cache"
    return response


@login_required
@require_POST
def floor_zone(request: HttpRequest, slug: str) -> HttpResponse:
    """Save (create or change) or delete a zone; back to the floor view's editor."""
    event = access.event_for(request.user, slug, "view_floor")
    back = reverse("judging:floor", args=[slug]) + "#zones"
    try:
        zone = None
        raw = request.POST.get("zone", "")
        if raw:
            zone = FloorZone.objects.filter(event=event, pk=whole_number(raw, field="zone")).first()
            if zone is None:
                raise DomainError(_("that zone no longer exists"), field="zone")
        if request.POST.get("delete") and zone is not None:
            floor.delete_zone(zone, actor=request.user)
            messages.success(
                request, _("%(name)s removed: its tables are back in “No zone”.") % {"name": zone.name}
            )
            return redirect(back)
        judges = [whole_number(j, field="judges") for j in request.POST.getlist("judges")]
        saved = floor.save_zone(
            event,
            actor=request.user,
            name=request.POST.get("name", ""),
            tables=request.POST.get("tables", ""),
            judges=judges,
            feature=bool(request.POST.get("feature")),
            zone=zone,
        )
        messages.success(
            request,
            _("%(name)s saved: tables %(value)s.")
            % {"name": saved.name, "value": floor.tables_text(saved.tables) or "-"},
        )
    except DomainError as exc:
        messages.error(request, exc.message)
    return redirect(back)
