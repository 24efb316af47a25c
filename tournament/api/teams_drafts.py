"""API for teams (TR&P 9.2), team matches and booster-draft seating (TR&P 8.2).

``/api/events/<slug>/teams/`` registers a team (staff) or invites two teammates (a player), and
lists the team standings; ``/api/team-invitations/`` are the invitations waiting for your answer.
``POST /api/matches/<id>/close-team-match/`` closes a team match one team has won (any board of
it). ``/api/events/<slug>/pods/`` reads (GET) and edits (PUT) draft pods and seats; POST seats
everyone at random. ``/api/events/<slug>/playoff-seats/`` does the same for the play-off draft.
Every write calls one service; errors map to 400/403/409 as everywhere in the API.
"""

from __future__ import annotations

from django.http import Http404
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from core.api import validated
from core.errors import DomainError

from .. import access, selectors, services
from ..models import PlayerProfile, TeamInvitation
from ..services.drafts import DEFAULT_POD_SIZE, MAX_POD_SIZE
from ._common import MatchSerializer, RegistrationSerializer, _ctx, _event, _match, _public_event


class TeamMemberSerializer(serializers.Serializer):
    player_id = serializers.CharField(max_length=32)
    position = serializers.ChoiceField(["A", "B", "C"])


class TeamSerializer(serializers.Serializer):
    team_name = serializers.CharField(max_length=120)
    members = TeamMemberSerializer(many=True)


class TeamInvitationSerializer(serializers.ModelSerializer):
    """A seat on a team being formed; it never says whether the invited player ID exists."""

    event = serializers.CharField(source="event.slug", read_only=True)

    class Meta:
        model = TeamInvitation
        fields = ["id", "event", "team_name", "position", "status", "created_at", "responded_at"]
        read_only_fields = fields


class TeamListView(APIView):
    """Register a team of three (FaB TR&P 9.2; Grand Archive: GA TRG Team Standard Constructed)
    by player IDs; team standings are public.

    Staff register the team at once. A player forming their own team gets 202 and three
    invitations (their own seat accepted): each teammate accepts at
    ``/api/team-invitations/<id>/accept/`` and the last acceptance registers the team. The
    player's answer is the same whether the teammates' IDs exist or not."""

    def get_permissions(self):
        return [AllowAny()] if self.request.method == "GET" else [IsAuthenticated()]

    @extend_schema(responses=OpenApiTypes.OBJECT, tags=["players"])
    def get(self, request, slug):
        return Response(selectors.team_standings_for_event(_public_event(request, slug)))

    @extend_schema(
        request=TeamSerializer,
        responses={201: RegistrationSerializer(many=True), 202: TeamInvitationSerializer(many=True)},
        tags=["players"],
    )
    def post(self, request, slug):
        event = _event(request, slug)
        data = validated(TeamSerializer, request)
        if not access.can(request.user, event, "manage_players"):
            invitations = services.invite_team(
                event,
                team_name=data["team_name"],
                members=[(m["player_id"], m["position"]) for m in data["members"]],
                actor=request.user,
            )
            return Response(
                TeamInvitationSerializer(invitations, many=True).data, status=status.HTTP_202_ACCEPTED
            )
        members = []
        for i, m in enumerate(data["members"]):
            profile = PlayerProfile.objects.filter(player_id__iexact=m["player_id"]).first()
            if profile is None:
                raise DomainError(
                    _("no player with ID %(player_id)s") % {"player_id": m["player_id"]},
                    field=f"members[{i}].player_id",
                )
            members.append((profile, m["position"]))
        regs = services.register_team(event, team_name=data["team_name"], members=members, actor=request.user)
        return Response(
            RegistrationSerializer(regs, many=True, context=_ctx(request, event)).data,
            status=status.HTTP_201_CREATED,
        )


class MyTeamInvitationsView(APIView):
    """The team invitations waiting for your answer (addressed to your player ID)."""

    permission_classes = [IsAuthenticated]

    @extend_schema(responses=TeamInvitationSerializer(many=True), tags=["players"])
    def get(self, request):
        return Response(TeamInvitationSerializer(access.team_invitations_for(request.user), many=True).data)


class TeamInvitationAnswerView(APIView):
    """Accept or decline a team invitation (the invited player only; 404 for anyone else)."""

    permission_classes = [IsAuthenticated]
    accept = True

    @extend_schema(request=None, responses=TeamInvitationSerializer, tags=["players"])
    def post(self, request, invitation_id):
        invitation = access.access_team_invitation(request.user, invitation_id)
        if not access.is_invitee(request.user, invitation):
            raise Http404(_("no such invitation"))
        invitation = services.answer_team_invitation(invitation, actor=request.user, accept=self.accept)
        return Response(TeamInvitationSerializer(invitation).data)


class TeamInvitationAcceptView(TeamInvitationAnswerView):
    accept = True


class TeamInvitationDeclineView(TeamInvitationAnswerView):
    accept = False


class CloseTeamMatchSerializer(serializers.Serializer):
    reason = serializers.CharField(required=False, allow_blank=True, default="", max_length=500)


class CloseTeamMatchView(APIView):
    """Close the team match this board belongs to once a team has two game wins (FaB TR&P 9.2;
    Grand Archive: GA TRG Team Standard Constructed): the boards still pending end unfinished (result ``unfinished``), with no result invented."""

    @extend_schema(request=CloseTeamMatchSerializer, responses=MatchSerializer(many=True), tags=["matches"])
    def post(self, request, match_id):
        match = _match(match_id, request)
        access.event_for_staff(request.user, match.round.event.slug, action="run_rounds")
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
    seed = serializers.IntegerField(
        required=False, min_value=0, help_text=gettext_lazy("for a reproducible seating")
    )


class PodsView(APIView):
    """Draft pods and seats (FaB TR&P 8.2; Grand Archive: organizer's policy), staff only: GET the seating, PUT edits (each listed
    registration gets its pod and seat; null takes it out), POST seats everyone at random."""

    @extend_schema(responses=dict, tags=["players"])
    def get(self, request, slug):
        event = access.event_for_staff(request.user, slug, action="view_staff_pages")
        return Response(selectors.draft_seating(event, lens=access.player_lens(request.user, event)))

    @extend_schema(request=PodsWriteSerializer, responses=dict, tags=["players"])
    def put(self, request, slug):
        event = access.event_for_staff(request.user, slug, action="manage_players")
        data = validated(PodsWriteSerializer, request)
        seats = {s["registration"]: (s["pod"], s["seat"]) for s in data["seats"]}
        services.set_pod_seating(event, seats=seats, actor=request.user, reason=data["reason"])
        return Response(selectors.draft_seating(event, lens=access.player_lens(request.user, event)))

    @extend_schema(request=RandomPodsSerializer, responses=dict, tags=["players"])
    def post(self, request, slug):
        event = access.event_for_staff(request.user, slug, action="manage_players")
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
        event = access.event_for_staff(request.user, slug, action="view_staff_pages")
        return Response(
            selectors.draft_seating(event, lens=access.player_lens(request.user, event))["playoff"]
        )

    @extend_schema(request=PlayoffSeatsWriteSerializer, responses=dict, tags=["players"])
    def put(self, request, slug):
        event = access.event_for_staff(request.user, slug, action="manage_players")
        data = validated(PlayoffSeatsWriteSerializer, request)
        seats = {s["registration"]: s["seat"] for s in data["seats"]}
        services.set_playoff_seats(event, seats=seats, actor=request.user, reason=data["reason"])
        return Response(
            selectors.draft_seating(event, lens=access.player_lens(request.user, event))["playoff"]
        )

    @extend_schema(request=RandomPlayoffSeatsSerializer, responses=dict, tags=["players"])
    def post(self, request, slug):
        event = access.event_for_staff(request.user, slug, action="manage_players")
        data = validated(RandomPlayoffSeatsSerializer, request)
        services.seat_playoff_draft(event, actor=request.user, seed=data.get("seed"))
        return Response(
            selectors.draft_seating(event, lens=access.player_lens(request.user, event))["playoff"]
        )
