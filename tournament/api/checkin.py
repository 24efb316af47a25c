"""API of the check-in desk, walk-ins, undoing a drop and claiming a walk-in registration
(the same services as the dashboard; see ``tournament.services.checkin``)."""

from __future__ import annotations

from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from core import throttling
from core.api import validated
from core.errors import DomainError
from core.site import site_url

from .. import services
from ._common import RegistrationSerializer, _ctx, _event, _registration


class CheckInDeskSerializer(serializers.Serializer):
    all = serializers.BooleanField(
        required=False, default=False, help_text=gettext_lazy("check in every registered player")
    )
    q = serializers.CharField(
        required=False,
        allow_blank=True,
        default="",
        max_length=120,
        help_text=gettext_lazy("a player ID or a name"),
    )


class CheckInDeskView(APIView):
    """Check in everyone registered (``all``) or the one player a player ID or name names (``q``)."""

    @extend_schema(
        request=CheckInDeskSerializer,
        responses=inline_serializer(
            "CheckInDeskAnswer",
            {
                "checked_in": serializers.IntegerField(),
                "registration": RegistrationSerializer(allow_null=True),
            },
        ),
        tags=["players"],
    )
    def post(self, request, slug):
        event = _event(request, slug)
        data = validated(CheckInDeskSerializer, request)
        if data["all"]:
            n = services.check_in_all(event, actor=request.user)
            return Response({"checked_in": n, "registration": None})
        if not data["q"].strip():
            raise DomainError(_("give q (a player ID or name) or all=true"), field="q")
        reg = services.check_in_by_text(event, actor=request.user, text=data["q"])
        return Response(
            {"checked_in": 1, "registration": RegistrationSerializer(reg, context=_ctx(request, event)).data}
        )


class WalkInSerializer(serializers.Serializer):
    display_name = serializers.CharField(max_length=120)
    late_entry = serializers.BooleanField(required=False, default=False)


class WalkInView(APIView):
    """Staff register a walk-in without a player ID: a temporary ID and a claim code."""

    @extend_schema(
        request=WalkInSerializer,
        responses={
            201: inline_serializer(
                "WalkIn",
                {
                    "registration": RegistrationSerializer(),
                    "temporary_id": serializers.CharField(),
                    "claim_code": serializers.CharField(),
                    "phone_page": serializers.URLField(
                        help_text=gettext_lazy(
                            "The walk-in's private page (no account needed): give it to them only."
                        )
                    ),
                    "slip": serializers.URLField(
                        help_text=gettext_lazy("The desk's slip with the QR code of that page.")
                    ),
                },
            )
        },
        tags=["players"],
    )
    def post(self, request, slug):
        event = _event(request, slug)
        data = validated(WalkInSerializer, request)
        reg = services.register_walk_in(
            event, actor=request.user, display_name=data["display_name"], late_entry=data["late_entry"]
        )
        return Response(
            {
                "registration": RegistrationSerializer(reg, context=_ctx(request, event)).data,
                "temporary_id": reg.player.player_id,
                "claim_code": reg.player.claim_code,
                "phone_page": site_url(
                    request, reverse("tournament:player_phone", args=[event.slug, services.phone_token(reg)])
                ),
                "slip": site_url(
                    request, reverse("tournament:staff_walk_in_slip", args=[event.slug, reg.pk])
                ),
            },
            status=status.HTTP_201_CREATED,
        )


class PlayerIdSerializer(serializers.Serializer):
    player_id = serializers.CharField(max_length=32)


class ReplaceIdView(APIView):
    """Replace a walk-in's temporary ID with the real player ID (results kept)."""

    @extend_schema(request=PlayerIdSerializer, responses=RegistrationSerializer, tags=["players"])
    def post(self, request, slug, reg_id):
        event = _event(request, slug)
        data = validated(PlayerIdSerializer, request)
        reg = services.replace_temporary_id(
            _registration(event, reg_id), actor=request.user, player_id=data["player_id"]
        )
        return Response(RegistrationSerializer(reg, context=_ctx(request, event)).data)


class UndoDropSerializer(serializers.Serializer):
    reason = serializers.CharField(max_length=500)


class UndoDropView(APIView):
    """Undo a drop with a reason (staff); after a new round, the head judge's re-entry (FaB
    TR&P 3.6; Grand Archive: GA TRG Dropping from Tournaments)."""

    @extend_schema(request=UndoDropSerializer, responses=RegistrationSerializer, tags=["players"])
    def post(self, request, slug, reg_id):
        event = _event(request, slug)
        data = validated(UndoDropSerializer, request)
        reg = services.undo_drop(_registration(event, reg_id), actor=request.user, reason=data["reason"])
        return Response(RegistrationSerializer(reg, context=_ctx(request, event)).data)


class WalkInClaimSerializer(serializers.Serializer):
    code = serializers.CharField(max_length=20)
    player_id = serializers.CharField(max_length=32, required=False, allow_blank=True, default="")


class ClaimView(APIView):
    """A logged-in walk-in claims their registration with the code staff gave them."""

    @extend_schema(
        request=WalkInClaimSerializer,
        responses=inline_serializer(
            "Claimed",
            {
                "player_id": serializers.CharField(allow_null=True),
                "display_name": serializers.CharField(allow_null=True),
                "pending_player_id": serializers.CharField(
                    allow_null=True, help_text=_("a real player ID waiting for the staff to confirm it")
                ),
            },
        ),
        tags=["players"],
    )
    def post(self, request):
        """The code links only the walk-in's own temporary registration; a real ``player_id``
        given with it waits for the staff (same answer whether or not it is on file)."""
        throttling.raise_if_claims_throttled(request)
        data = validated(WalkInClaimSerializer, request)
        try:
            claimed = services.claim_registration(
                user=request.user, code=data["code"], player_id=data["player_id"]
            )
        except DomainError:
            throttling.count_attempt(throttling.claim_rules(request))
            raise
        profile = claimed.profile
        return Response(
            {
                "player_id": profile.player_id if profile else None,
                "display_name": profile.display_name if profile else None,
                "pending_player_id": claimed.pending_player_id or None,
            }
        )
