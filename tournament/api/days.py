"""API of a multi-day event's day plan (a REL per day and the day-2 cut)."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from core.api import validated

from .. import services
from ..enums import REL
from ._common import _event, _public_event


class DaySerializer(serializers.Serializer):
    """One day of a day plan; what is missing is named by the service for the whole plan at once."""

    number = serializers.IntegerField(min_value=1)
    rel = serializers.ChoiceField(REL.choices, required=False, allow_null=True)
    date = serializers.DateField(required=False, allow_null=True)
    swiss_rounds = serializers.IntegerField(min_value=1, required=False, allow_null=True)
    cut_size = serializers.IntegerField(min_value=2, required=False, allow_null=True)
    cut_max_losses = serializers.IntegerField(min_value=0, required=False, allow_null=True)


class DaysSerializer(serializers.Serializer):
    days = DaySerializer(many=True)


class EventDaysView(APIView):
    """The day plan of a multi-day event: a REL per day and the day-2 cut (FaB TR&P 1.2, App B;
    Grand Archive: organizer's policy)."""

    def get_permissions(self):
        return [AllowAny()] if self.request.method == "GET" else [IsAuthenticated()]

    @extend_schema(responses=DaySerializer(many=True), tags=["events"])
    def get(self, request, slug):
        return Response(DaySerializer(_public_event(request, slug).days.all(), many=True).data)

    @extend_schema(request=DaysSerializer, responses=DaySerializer(many=True), tags=["events"])
    def put(self, request, slug):
        data = validated(DaysSerializer, request)
        days = services.set_event_days(
            _event(request, slug), actor=request.user, days=[dict(d) for d in data["days"]]
        )
        return Response(DaySerializer(days, many=True).data)
