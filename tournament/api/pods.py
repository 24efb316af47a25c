"""API for pods (TR&P 9.3; issue 32): a round's pods with seats and places, a player's report of
the places, the others' confirmations, and the pod standings. Same services as the pages."""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from core.api import validated

from .. import access, selectors, services
from ..models import Pod


class PodReportSerializer(serializers.Serializer):
    places = serializers.DictField(
        child=serializers.IntegerField(min_value=1),
        help_text=gettext_lazy("registration id -> finishing place (1 = first)"),
    )
    version = serializers.IntegerField(required=False, min_value=0)


class PodConfirmSerializer(serializers.Serializer):
    version = serializers.IntegerField(required=False, min_value=0)


class PodSeatSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    registration = serializers.IntegerField()
    name = serializers.CharField()
    place = serializers.IntegerField(allow_null=True)
    confirmed = serializers.BooleanField()


class PodSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    round = serializers.IntegerField()
    table = serializers.IntegerField()
    status = serializers.CharField(help_text=gettext_lazy("playing, reported or confirmed"))
    version = serializers.IntegerField()
    seats = PodSeatSerializer(many=True)


class PodStandingRowSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    registration = serializers.IntegerField()
    name = serializers.CharField()
    points = serializers.IntegerField()
    mates_average = serializers.CharField(help_text=gettext_lazy("an exact fraction, e.g. 7/3"))
    firsts = serializers.IntegerField()
    pods = serializers.IntegerField()
    byes = serializers.IntegerField()


class PodStandingsSerializer(serializers.Serializer):
    points_table = serializers.CharField()
    rows = PodStandingRowSerializer(many=True)


def _pod(pod_id: int, request) -> Pod:
    pod = get_object_or_404(Pod.objects.select_related("round__event"), pk=pod_id)
    if not access.event_is_visible(request.user, pod.round.event):
        raise Http404(_("no such pod"))
    return pod


def pod_data(pod: Pod, lens) -> dict:
    seats = list(pod.seats.select_related("registration__player"))
    return {
        "id": pod.pk,
        "round": pod.round.number,
        "table": pod.number,
        "status": pod.report_status or "playing",
        "version": pod.version,
        "seats": [
            {
                "seat": s.seat,
                "registration": s.registration_id,
                "name": lens.name(s.registration),
                "place": s.place,
                "confirmed": s.confirmed,
            }
            for s in seats
        ],
    }


class PodListView(APIView):
    """The pods of a published round, with seats clockwise and confirmed places."""

    permission_classes = [AllowAny]

    @extend_schema(responses=PodSerializer(many=True), tags=["pods"])
    def get(self, request, slug, number):
        event = access.event_for_viewer(request.user, slug)
        round_ = selectors.round_by_number(event, number)
        if not access.is_official(request.user, event) and round_.status == "paired":
            raise Http404(_("no such round"))
        lens = access.player_lens(request.user, event)
        return Response([pod_data(p, lens) for p in round_.pods.order_by("number")])


class PodReportView(APIView):
    """A player of the pod reports every player's place (the others confirm); staff enter them."""

    @extend_schema(request=PodReportSerializer, responses=PodSerializer, tags=["pods"])
    def post(self, request, pod_id):
        data = validated(PodReportSerializer, request)
        pod = services.report_pod_result(
            _pod(pod_id, request),
            actor=request.user,
            places=data["places"],
            expected_version=data.get("version"),
        )
        return Response(pod_data(pod, access.player_lens(request.user, pod.round.event)))


class PodConfirmView(APIView):
    @extend_schema(request=PodConfirmSerializer, responses=PodSerializer, tags=["pods"])
    def post(self, request, pod_id):
        data = validated(PodConfirmSerializer, request)
        pod = services.confirm_pod_result(
            _pod(pod_id, request), actor=request.user, expected_version=data.get("version")
        )
        return Response(pod_data(pod, access.player_lens(request.user, pod.round.event)))


class PodStandingsView(APIView):
    """Pod standings: points from the event's table, then pod-mates' average points, firsts."""

    permission_classes = [AllowAny]

    @extend_schema(responses=PodStandingsSerializer, tags=["pods"])
    def get(self, request, slug):
        event = access.event_for_viewer(request.user, slug)
        lens = access.player_lens(request.user, event)
        return Response(
            {
                "points_table": event.pod_points,
                "rows": [
                    {
                        "rank": row.rank,
                        "registration": reg.pk,
                        "name": lens.name(reg),
                        "points": row.points,
                        "mates_average": str(row.mates_average),
                        "firsts": row.firsts,
                        "pods": row.pods,
                        "byes": row.byes,
                    }
                    for row, reg in services.event_pod_standings(event)
                ],
            }
        )
