"""API of rounds: the list and pairing the next round, a round and its pairings, publishing,
re-pairing, swapping two players and moving a match to another table."""

from __future__ import annotations

from django.utils.translation import gettext_lazy
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from core.api import validated

from .. import access, selectors, services
from ..enums import MAX_TABLE_NUMBER
from ._common import (
    MatchSerializer,
    _ctx,
    _event,
    _match,
    _matches_payload,
    _public_event,
    _registration,
    _round,
    _visible_round_or_staff,
)


class RoundSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    stage = serializers.CharField()
    status = serializers.CharField()
    seed = serializers.IntegerField()
    published_at = serializers.DateTimeField(allow_null=True)
    completed_at = serializers.DateTimeField(allow_null=True)
    clock = serializers.SerializerMethodField()

    def get_clock(self, obj) -> dict:
        return selectors.clock_status(obj).as_dict()


class PairSerializer(serializers.Serializer):
    seed = serializers.IntegerField(required=False, allow_null=True, min_value=0, max_value=2**31 - 1)
    not_checked_in = serializers.ChoiceField(
        choices=[("drop", gettext_lazy("drop them")), ("pair", gettext_lazy("pair them anyway"))],
        required=False,
        allow_null=True,
        help_text=gettext_lazy(
            "round 1 of an event that uses check-in, when registered players have not checked in"
        ),
    )


class SwapSerializer(serializers.Serializer):
    first = serializers.IntegerField(help_text=gettext_lazy("registration id"))
    second = serializers.IntegerField(help_text=gettext_lazy("registration id"))
    reason = serializers.CharField()


class RoundListView(APIView):
    """Rounds: public ones for everyone (all for staff); POST pairs the next round (staff)."""

    def get_permissions(self):
        return [AllowAny()] if self.request.method == "GET" else [IsAuthenticated()]

    @extend_schema(responses=RoundSerializer(many=True), tags=["rounds"])
    def get(self, request, slug):
        event = _public_event(request, slug)
        qs = (
            selectors.rounds_for_event(event)
            if access.is_official(request.user, event)
            else selectors.visible_rounds(event)
        )
        return Response(RoundSerializer(qs, many=True).data)

    @extend_schema(
        request=PairSerializer,
        responses={
            201: inline_serializer(
                "PairedRound", {"round": RoundSerializer(), "matches": MatchSerializer(many=True)}
            )
        },
        tags=["rounds"],
    )
    def post(self, request, slug):
        event = _event(request, slug)
        data = validated(PairSerializer, request)
        rnd = services.pair_next_round(
            event, actor=request.user, seed=data.get("seed"), not_checked_in=data.get("not_checked_in")
        )
        return Response(
            {"round": RoundSerializer(rnd).data, "matches": _matches_payload(rnd, _ctx(request, event))},
            status=status.HTTP_201_CREATED,
        )


class RoundDetailView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(responses=RoundSerializer, tags=["rounds"])
    def get(self, request, slug, number):
        _event_obj, rnd = _visible_round_or_staff(request, slug, number)
        return Response(RoundSerializer(rnd).data)


class RoundMatchesView(APIView):
    """Pairings of a round by table: public once published."""

    permission_classes = [AllowAny]

    @extend_schema(responses=MatchSerializer(many=True), tags=["rounds"])
    def get(self, request, slug, number):
        event, rnd = _visible_round_or_staff(request, slug, number)
        return Response(_matches_payload(rnd, _ctx(request, event)))


class PublishSerializer(serializers.Serializer):
    override_reason = serializers.CharField(
        required=False,
        allow_blank=True,
        default="",
        max_length=2000,
        help_text=gettext_lazy(
            "round 1 with problems (e.g. missing or illegal decklists): why it is published anyway"
        ),
    )


class PublishRoundView(APIView):
    """Publish a round's pairings. Round 1 with problems (a 409 ``publish_problems`` lists
    them) needs ``override_reason``; the override is recorded."""

    @extend_schema(request=PublishSerializer, responses=RoundSerializer, tags=["rounds"])
    def post(self, request, slug, number):
        data = validated(PublishSerializer, request)
        rnd = services.publish_round(
            _round(_event(request, slug), number),
            actor=request.user,
            override_reason=data["override_reason"],
        )
        return Response(RoundSerializer(rnd).data)


class RepairRoundView(APIView):
    @extend_schema(request=PairSerializer, responses=MatchSerializer(many=True), tags=["rounds"])
    def post(self, request, slug, number):
        seed = validated(PairSerializer, request).get("seed")
        event = _event(request, slug)
        rnd = services.repair_round(_round(event, number), actor=request.user, seed=seed)
        return Response(_matches_payload(rnd, _ctx(request, event)))


class SwapPlayersView(APIView):
    @extend_schema(request=SwapSerializer, responses=MatchSerializer(many=True), tags=["rounds"])
    def post(self, request, slug, number):
        event = _event(request, slug)
        data = validated(SwapSerializer, request)
        rnd = services.swap_players(
            _round(event, number),
            first=_registration(event, data["first"]),
            second=_registration(event, data["second"]),
            actor=request.user,
            reason=data["reason"],
        )
        return Response(_matches_payload(rnd, _ctx(request, event)))


class TableNumberSerializer(serializers.Serializer):
    table_number = serializers.IntegerField(min_value=1, max_value=MAX_TABLE_NUMBER)
    reason = serializers.CharField()


class MatchTableView(APIView):
    """Move an unpublished match to another table (recorded with who and why)."""

    @extend_schema(request=TableNumberSerializer, responses=MatchSerializer, tags=["rounds"])
    def post(self, request, match_id):
        data = validated(TableNumberSerializer, request)
        match = services.set_table_number(
            _match(match_id, request),
            table_number=data["table_number"],
            actor=request.user,
            reason=data["reason"],
        )
        return Response(MatchSerializer(match, context=_ctx(request, match.round.event)).data)
