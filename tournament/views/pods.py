"""Reporting a pod's places (TR&P 9.3): a player of the pod reports and the others confirm; staff
enter places that are final at once (``services.report_pod_result``, ``confirm_pod_result``)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from core.errors import DomainError, NotAllowed

from .. import access, services
from ..models import Pod
from ._common import _forbidden, _int


def _pod(request: HttpRequest, slug: str, pk: int) -> Pod:
    event = access.event_for_viewer(request.user, slug)
    return get_object_or_404(Pod.objects.select_related("round__event"), pk=pk, round__event=event)


def _back(slug: str) -> HttpResponse:
    return redirect(reverse("tournament:event_detail", args=[slug]) + "#my-pod")


@require_POST
def pod_report(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    if not request.user.is_authenticated:
        return redirect_to_login(reverse("tournament:event_detail", args=[slug]))
    pod = _pod(request, slug, pk)
    places = {key[6:]: value for key, value in request.POST.items() if key.startswith("place_")}
    if request.POST.get("winner"):
        places = {"winner": request.POST["winner"]}
    try:
        services.report_pod_result(
            pod,
            actor=request.user,
            places=places,
            expected_version=_int(request.POST.get("version"), name="version"),
        )
    except NotAllowed as exc:
        return _forbidden(request, exc.message)
    except DomainError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, _("Places at table %(number)s recorded.") % {"number": pod.number})
    return _back(slug)


@require_POST
def pod_confirm(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    if not request.user.is_authenticated:
        return redirect_to_login(reverse("tournament:event_detail", args=[slug]))
    pod = _pod(request, slug, pk)
    try:
        services.confirm_pod_result(
            pod, actor=request.user, expected_version=_int(request.POST.get("version"), name="version")
        )
    except NotAllowed as exc:
        return _forbidden(request, exc.message)
    except DomainError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, _("You confirmed the places."))
    return _back(slug)
