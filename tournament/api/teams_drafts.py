"""API for team matches (TR&P 9.2) and booster-draft seating (TR&P 8.2).

``POST /api/matches/<id>/close-team-match/`` closes a team match one team has won (any board of
it). ``/api/events/<slug>/pods/`` reads (GET) and edits (PUT) draft pods and seats; POST seats
everyone at random. ``/api/events/<slug>/playoff-seats/`` does the same for the play-off draft.
Every write calls one service; errors map to 400/403/409 as everywhere in the API.
"""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from core.api import validated

from .. import access, selectors, services
from ..enums import MANAGE_ROLES, RESULT_ROLES
from ..services.drafts import DEFAULT_POD_SIZE, MAX_POD_SIZE
from . import MatchSerializer, _ctx, _match


class CloseTeamMatchSerializer(serializers.Serializer):
    reason = serializers.CharField(required=False, allow_blank=True, default="", max_length=500)


class CloseTeamMatchView(APIView):
    """Close the team match this board belongs to once a team has two game wins (FaB TR&P 9.2;
    Grand Archive: GA TRG Team Standard Constructed): the boards still pending end unfinished (result ``unfinished``), with no result invented."""

    @extend_schema(request=CloseTeamMatchSerializer, responses=MatchSerializer(many=True), tags=["matches"])
    def post(self, request, match_id):
        match = _match(match_id, request)
        access.event_for_staff(request.user, match.round.event.slug, roles=RESULT_ROLES)
        data = validated(CloseTeamMatchSerializer, request)
        boards = services.close_decided_team_match(match, actor=request.user, reason=data["reason"])
        return Response(MatchSerializer(boards, many=True, context=_ctx(request, match.round.event)).data)


class SeatSerializer(serializers.Serializer):
    registration = serializers.IntegerField(min_value=1)
    pod = serializers.IntegerField(min_value=1, max_value=999, allow_null=True, required=False, default=None)
    seat = serializers.IntegerField(min_value=1, max_value=999, allow_null=True, required=False, default=None)


class PodsWriteSerializer(serializers.Serializer):
    seats = SeatSerializer(many=True)
    reason = serializers.CharField(required=False, allow_blank=True, default="", max_length=500)


class RandomPodsSerializer(serializers.Serializer):
    pod_size = serializers.IntegerField(min_value=2, max_value=MAX_POD_SIZE, default=DEFAULT_POD_SIZE)
    seed = serializers.IntegerField(required=False, min_value=0, help_text="for a reproducible seating")


class PodsView(APIView):
    """Draft pods and seats (FaB TR&P 8.2; Grand Archive: organizer's policy), staff only: GET the seating, PUT edits (each listed
    registration gets its pod and seat; null takes it out), POST seats everyone at random."""

    @extend_schema(responses=dict, tags=["players"])
    def get(self, request, slug):
        event = access.event_for_staff(request.user, slug)
        return Response(selectors.draft_seating(event, lens=access.player_lens(request.user, event)))

    @extend_schema(request=PodsWriteSerializer, responses=dict, tags=["players"])
    def put(self, request, slug):
        event = access.event_for_staff(request.user, slug, roles=MANAGE_ROLES)
        data = validated(PodsWriteSerializer, request)
        seats = {s["registration"]: (s["pod"], s["seat"]) for s in data["seats"]}
        services.set_pod_seating(event, seats=seats, actor=request.user, reason=data["reason"])
        return Response(selectors.draft_seating(event, lens=access.player_lens(request.user, event)))

    @extend_schema(request=RandomPodsSerializer, responses=dict, tags=["players"])
    def post(self, request, slug):
        event = access.event_for_staff(request.user, slug, roles=MANAGE_ROLES)
        data = validated(RandomPodsSerializer, request)
        services.seat_pods_at_random(
            event, actor=request.user, pod_size=data["pod_size"], seed=data.get("seed")
        )
        return Response(selectors.draft_seating(event, lens=access.player_lens(request.user, event)))


class PlayoffSeatSerializer(serializers.Serializer):
    registration = serializers.IntegerField(min_value=1)
    seat = serializers.IntegerField(min_value=1, max_value=32, allow_null=True)


class PlayoffSeatsWriteSerializer(serializers.Serializer):
    seats = PlayoffSeatSerializer(many=True)
    reason = serializers.CharField(required=False, allow_blank=True, default="", max_length=500)


class RandomPlayoffSeatsSerializer(serializers.Serializer):
    seed = serializers.IntegerField(required=False, min_value=0)


class PlayoffSeatsView(APIView):
    """The play-off draft seating, which the bracket follows (FaB TR&P 8.2; Grand Archive:
    organizer's policy), staff only: GET it, PUT
    edits, POST seats the qualifiers at random. After the Swiss, before the play-off is paired."""

    @extend_schema(responses=dict, tags=["players"])
    def get(self, request, slug):
        event = access.event_for_staff(request.user, slug)
        return Response(
            selectors.draft_seating(event, lens=access.player_lens(request.user, event))["playoff"]
        )

    @extend_schema(request=PlayoffSeatsWriteSerializer, responses=dict, tags=["players"])
    def put(self, request, slug):
        event = access.event_for_staff(request.user, slug, roles=MANAGE_ROLES)
        data = validated(PlayoffSeatsWriteSerializer, request)
        seats = {s["registration"]: s["seat"] for s in data["seats"]}
        services.set_playoff_seats(event, seats=seats, actor=request.user, reason=data["reason"])
        return Response(
            selectors.draft_seating(event, lens=access.player_lens(request.user, event))["playoff"]
        )

    @extend_schema(request=RandomPlayoffSeatsSerializer, responses=dict, tags=["players"])
    def post(self, request, slug):
        event = access.event_for_staff(request.user, slug, roles=MANAGE_ROLES)
        data = validated(RandomPlayoffSeatsSerializer, request)
        services.seat_playoff_draft(event, actor=request.user, seed=data.get("seed"))
        return Response(
            selectors.draft_seating(event, lens=access.player_lens(request.user, event))["playoff"]
        )
