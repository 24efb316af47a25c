"""API of standings (public, with ETag), the play-off bracket and one player's standing."""

from __future__ import annotations

from django.http import Http404
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from core.errors import DomainError

from .. import access, live, selectors
from ._common import MatchSerializer, _ctx, _public_event, _registration


class StandingSerializer(serializers.Serializer):
    """One standings row: cmp, mlp, omlp, ocmp for FaB events (TR&P App D); omw, gw, ogw
    (fractions of 1) for 3/1/0 events (Grand Archive), with match points 3/1/0."""

    rank = serializers.IntegerField()
    registration_id = serializers.IntegerField()
    player_id = serializers.CharField(
        allow_null=True, help_text=gettext_lazy("null unless you are the player or staff")
    )
    name = serializers.CharField()
    match_points = serializers.IntegerField()
    record = serializers.CharField()
    byes = serializers.IntegerField()
    cmp = serializers.FloatField(required=False, help_text=gettext_lazy("standings_policy fab"))
    mlp = serializers.FloatField(required=False, help_text=gettext_lazy("standings_policy fab"))
    omlp = serializers.FloatField(required=False, help_text=gettext_lazy("standings_policy fab"))
    ocmp = serializers.FloatField(required=False, help_text=gettext_lazy("standings_policy fab"))
    omw = serializers.FloatField(required=False, help_text=gettext_lazy("standings_policy points_3_1_0"))
    gw = serializers.FloatField(required=False, help_text=gettext_lazy("standings_policy points_3_1_0"))
    ogw = serializers.FloatField(required=False, help_text=gettext_lazy("standings_policy points_3_1_0"))
    status = serializers.CharField()


class StandingsView(APIView):
    """Standings after the last complete Swiss round (or ``after_round``): public."""

    permission_classes = [AllowAny]

    @extend_schema(
        parameters=[OpenApiParameter("after_round", int, required=False)],
        responses=StandingSerializer(many=True),
        tags=["standings"],
    )
    def get(self, request, slug):
        event = _public_event(request, slug)
        after = request.query_params.get("after_round")
        after_round = None
        if after not in (None, ""):
            try:
                after_round = int(after)
            except ValueError:
                raise DomainError(_("after_round must be a round number"), field="after_round") from None
        # Computed once per results change and shared by every worker; pollers that already
        # have this version get a 304 before anything is read or serialised.
        etag, payload = live.standings_payload(
            event, after_round=after_round, lens=access.player_lens(request.user, event)
        )
        unchanged = live.not_modified(request, etag)
        if unchanged is not None:
            return unchanged
        response = Response(payload())
        response["ETag"] = etag
        response["Cache-Control"] = "no-cache"
        return response


class BracketView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        responses=inline_serializer(
            "Bracket",
            {
                "rounds": serializers.ListField(child=MatchSerializer(many=True)),
                "procedure": serializers.ListField(child=serializers.DictField()),
            },
        ),
        tags=["standings"],
    )
    def get(self, request, slug):
        event = _public_event(request, slug)
        context = _ctx(request, event)
        rounds = [
            MatchSerializer(list(ms), many=True, context=context).data
            for ms in selectors.bracket_for_event(event)
            if selectors.round_is_public(ms[0].round)
        ]
        return Response({"rounds": rounds, "procedure": selectors.elimination_procedure(event)})


class MyStandingView(APIView):
    """A player's standing and why they rank there (vs the players just above and below)."""

    permission_classes = [AllowAny]

    @extend_schema(responses=OpenApiTypes.OBJECT, tags=["standings"])
    def get(self, request, slug, reg_id):
        event = _public_event(request, slug)
        data = selectors.my_standing(
            event, _registration(event, reg_id), lens=access.player_lens(request.user, event)
        )
        if data is None:
            raise Http404(_("this player is not in the standings"))
        return Response(data)
