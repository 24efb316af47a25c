"""API of the round clock (public, server time), its staff actions and a match's time extension."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from core.api import validated
from core.errors import DomainError

from .. import live, selectors, services
from ._common import MatchSerializer, _ctx, _event, _match, _round, _visible_round_or_staff


class ClockSerializer(serializers.Serializer):
    state = serializers.CharField()
    duration_seconds = serializers.IntegerField()
    elapsed_seconds = serializers.FloatField()
    remaining_seconds = serializers.FloatField()
    ends_at = serializers.DateTimeField(allow_null=True)
    time_called = serializers.BooleanField()


class ClockActionSerializer(serializers.Serializer):
    action = serializers.ChoiceField(["start", "pause", "resume", "call_time", "adjust"])
    seconds = serializers.IntegerField(
        required=False, help_text=gettext_lazy("adjust only: + adds time, - removes")
    )
    reason = serializers.CharField(required=False, allow_blank=True, default="")


class ClockView(APIView):
    """The round clock (public, server time) and clock actions (staff)."""

    def get_permissions(self):
        return [AllowAny()] if self.request.method == "GET" else [IsAuthenticated()]

    @extend_schema(responses=ClockSerializer, tags=["rounds"])
    def get(self, request, slug, number):
        """The clock now, with an ETag that changes only with what a poller cannot count down
        itself (``live.clock_token``: started, paused, adjusted, time called, a new status):
        a conditional GET naming it is answered 304, for anonymous pollers by
        ``core.middleware.KnownVersions`` before authentication or the database."""
        _event_obj, rnd = _visible_round_or_staff(request, slug, number)
        etag = live.etag_for("api-clock", rnd.pk, live.clock_token(rnd))
        unchanged = live.not_modified(request, etag)
        if unchanged is not None:
            return unchanged
        response = Response(selectors.clock_status(rnd).as_dict())
        response["ETag"] = etag
        return response

    @extend_schema(request=ClockActionSerializer, responses=ClockSerializer, tags=["rounds"])
    def post(self, request, slug, number):
        rnd = _round(_event(request, slug), number)
        data = validated(ClockActionSerializer, request)
        action = data["action"]
        if action == "start":
            rnd = services.start_clock(rnd, actor=request.user)
        elif action == "pause":
            rnd = services.pause_clock(rnd, actor=request.user, reason=data["reason"])
        elif action == "resume":
            rnd = services.resume_clock(rnd, actor=request.user)
        elif action == "call_time":
            rnd = services.call_time(rnd, actor=request.user)
        else:
            if data.get("seconds") is None:
                raise DomainError(_("adjust needs seconds"), field="seconds")
            rnd = services.adjust_clock(
                rnd, seconds=data["seconds"], actor=request.user, reason=data["reason"]
            )
        return Response(selectors.clock_status(rnd).as_dict())


class ExtensionSerializer(serializers.Serializer):
    seconds = serializers.IntegerField(min_value=1, max_value=4 * 3600)
    reason = serializers.CharField(max_length=200)


class ExtensionView(APIView):
    @extend_schema(request=ExtensionSerializer, responses=MatchSerializer, tags=["matches"])
    def post(self, request, match_id):
        data = validated(ExtensionSerializer, request)
        match = services.add_match_extension(
            _match(match_id, request), seconds=data["seconds"], reason=data["reason"], actor=request.user
        )
        return Response(MatchSerializer(match, context=_ctx(request, match.round.event)).data)
