"""API: obtain a token (username and password, or an existing session); requests to play as a
player ID, their confirmation by staff, and undoing a link (site officials)."""

from __future__ import annotations

from django.contrib.auth import authenticate
from django.http import Http404
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import OpenApiParameter, extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.authentication import SessionAuthentication
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from core.api import validated
from core.errors import DomainError, NotAllowed
from tournament import services as tournament_services
from tournament.access import event_for_viewer, is_site_official
from tournament.models import Event, PlayerProfile

from . import access, services
from .enums import ClaimStatus
from .models import PlayerIdClaim


class TokenRequestSerializer(serializers.Serializer):
    username = serializers.CharField(
        required=False, help_text=gettext_lazy("with password; not needed when logged in")
    )
    password = serializers.CharField(required=False, style={"input_type": "password"})
    renew = serializers.BooleanField(
        default=False, help_text=gettext_lazy("replace the token (the old one stops working)")
    )


class AuthTokenView(APIView):
    """Your API token. Send it on every request as ``Authorization: Token <key>``.

    Give ``username`` and ``password``, or call it from a logged-in browser session. Failed
    attempts count towards the login lockout like the login page."""

    permission_classes = [AllowAny]
    # Credentials in the body, or the browser's session (which then needs its CSRF token).
    authentication_classes = [SessionAuthentication]

    @extend_schema(
        request=TokenRequestSerializer,
        responses=inline_serializer(
            "AuthToken", {"token": serializers.CharField(), "username": serializers.CharField()}
        ),
        tags=["accounts"],
        auth=[],
    )
    def post(self, request):
        data = validated(TokenRequestSerializer, request)
        user = None
        if data.get("username") or data.get("password"):
            user = authenticate(
                request._request, username=data.get("username", ""), password=data.get("password", "")
            )
            if user is None:
                raise DomainError(_("wrong username or password"), code="credentials")
        else:
            if request.user is not None and request.user.is_authenticated:
                user = request.user
        if user is None:
            raise DomainError(_("give username and password, or log in first"), code="credentials")
        token = services.api_token_for(user, renew=data["renew"])
        return Response({"token": token.key, "username": user.get_username()})


# --------------------------------------------------------------------------- player ID claims


class PlayerIdClaimSerializer(serializers.ModelSerializer):
    username = serializers.CharField(source="user.username", read_only=True)
    event = serializers.SerializerMethodField()

    def get_event(self, claim: PlayerIdClaim) -> str | None:
        return self.context.get("slugs", {}).get(claim.event_id)

    class Meta:
        model = PlayerIdClaim
        fields = ["id", "username", "player_id", "display_name", "status", "event", "created_at", "reason"]
        read_only_fields = fields


class PlayerIdClaimRequestSerializer(serializers.Serializer):
    player_id = serializers.CharField(max_length=32)
    display_name = serializers.CharField(max_length=120)


class DecideClaimSerializer(serializers.Serializer):
    decision = serializers.ChoiceField(choices=["confirm", "refuse"])
    reason = serializers.CharField(max_length=500, required=False, allow_blank=True, default="")


class UnlinkSerializer(serializers.Serializer):
    player_id = serializers.CharField(max_length=32)
    reason = serializers.CharField(max_length=500)


def _claims_data(claims: list[PlayerIdClaim]) -> list[dict]:
    ids = {c.event_id for c in claims if c.event_id}
    slugs = dict(Event.objects.filter(pk__in=ids).values_list("pk", "slug"))
    return PlayerIdClaimSerializer(claims, many=True, context={"slugs": slugs}).data


class ClaimListView(APIView):
    """Requests to play as a player ID (Flesh and Blood: TR&P 1.5; docs/access.md).

    GET: your own latest request (``mine``) and the pending ones you may act on (``to_decide``;
    ``?event=<slug>``: only the self-registrations at that event). POST: ask to play as a player
    ID; the answer is the same whether or not the ID is on file, and staff confirm it."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        parameters=[OpenApiParameter("event", str, required=False)],
        responses=inline_serializer(
            "PlayerIdClaims",
            {
                "mine": PlayerIdClaimSerializer(allow_null=True),
                "to_decide": PlayerIdClaimSerializer(many=True),
            },
        ),
        tags=["accounts"],
    )
    def get(self, request):
        event_id = None
        if request.query_params.get("event"):
            event_id = event_for_viewer(request.user, request.query_params["event"]).pk
        mine = PlayerIdClaim.objects.filter(user=request.user).order_by("-created_at", "-id").first()
        return Response(
            {
                "mine": _claims_data([mine])[0] if mine else None,
                "to_decide": _claims_data(access.decidable_claims(request.user, event_id=event_id)),
            }
        )

    @extend_schema(
        request=PlayerIdClaimRequestSerializer, responses={202: PlayerIdClaimSerializer}, tags=["accounts"]
    )
    def post(self, request):
        data = validated(PlayerIdClaimRequestSerializer, request)
        claim = services.claim_player_id(request.user, **data)
        return Response(_claims_data([claim])[0], status=status.HTTP_202_ACCEPTED)


class ClaimDecideView(APIView):
    """Confirm or refuse a pending request (a site official, or staff ``access`` names; never the
    claimant). A request you may not act on answers 404, like an unknown one."""

    permission_classes = [IsAuthenticated]

    @extend_schema(request=DecideClaimSerializer, responses=PlayerIdClaimSerializer, tags=["accounts"])
    def post(self, request, pk: int):
        data = validated(DecideClaimSerializer, request)
        claim = PlayerIdClaim.objects.filter(pk=pk, status=ClaimStatus.PENDING).first()
        if claim is None or not access.can_decide_claim(request.user, claim):
            raise Http404(_("no such request"))
        claim = services.decide_claim(
            claim, actor=request.user, confirm=data["decision"] == "confirm", reason=data["reason"]
        )
        return Response(_claims_data([claim])[0])


class UnlinkView(APIView):
    """A site official undoes a player ID link, with a reason (audited)."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=UnlinkSerializer,
        responses=inline_serializer("Unlinked", {"player_id": serializers.CharField()}),
        tags=["accounts"],
    )
    def post(self, request):
        data = validated(UnlinkSerializer, request)
        if not is_site_official(request.user):
            raise NotAllowed(_("only a site official can undo a player ID link"), code="role")
        profile = PlayerProfile.objects.filter(player_id__iexact=data["player_id"].strip()).first()
        if profile is None:
            raise Http404(_("no player has this ID"))
        profile = tournament_services.unlink_player_account(
            profile, actor=request.user, reason=data["reason"]
        )
        return Response({"player_id": profile.player_id})
