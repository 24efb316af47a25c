"""The event file download: the same file as ``manage.py export_event``."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.views.decorators.http import require_GET

from tournament import access

from . import services


@login_required
@require_GET
def export(request, slug: str) -> HttpResponse:
    """The event and all its rows as one JSON file (organizer and head judge: it holds player IDs,
    decklists and penalties). Import it elsewhere with ``manage.py import_event FILE``."""
    event = access.event_for_staff(request.user, slug, action="change_event")
    response = HttpResponse(
        services.dumps(services.export_event(event)), content_type="application/json; charset=utf-8"
    )
    response["Content-Disposition"] = f'attachment; filename="{event.slug}.arbiter-event.json"'
    response["Cache-Control"] = "private, no-store"
    return response
