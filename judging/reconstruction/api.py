"""REST API for game-state reconstructions (issue 12), under /api/judging/.

Create, read, append steps, rewind, change the starting state, record the fix and cite the
findings in the call's ruling, so another client (a tablet app) does what the phone page does.
Every write sends the ``version`` it read; a stale one answers 409 ``stale_version``.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from core.api import validated
from core.errors import DomainError

from .. import access, selectors
from ..api import JudgeCallSerializer
from ..enums import ReconstructionFix
from ..models import Reconstruction
from . import engine as recon_engine
from . import services as recon_services
from .selectors import players_of

# --------------------------------------------------------------------------- serializers


class FindingSerializer(serializers.Serializer):
    kind = serializers.CharField(
        help_text=gettext_lazy("violation, observation_mismatch, missed_trigger, manual_effect, ...")
    )
    action = serializers.IntegerField(help_text=gettext_lazy("The step the finding is about"))
    message = serializers.CharField()
    rules = serializers.ListField(
        child=serializers.CharField(), help_text=gettext_lazy("Rule numbers of its edition")
    )
    citations = serializers.ListField(
        child=serializers.CharField(),
        help_text=gettext_lazy('"CR 1.10.3", "CR-old 7.7", "GA 2.3.c.2a" at a Grand Archive event'),
    )
    version = serializers.CharField()
    line = serializers.CharField()
    suggestions = serializers.ListField(
        child=serializers.CharField(),
        required=False,
        help_text=gettext_lazy("Grand Archive, an unreadable line: the nearest readings, as lines to copy"),
    )


class StepSerializer(serializers.Serializer):
    line = serializers.IntegerField(help_text=gettext_lazy("Step number (1-based)"))
    text = serializers.CharField(help_text=gettext_lazy("The line exactly as typed"))
    active = serializers.BooleanField(help_text=gettext_lazy("False once a rewind superseded it"))
    parent = serializers.IntegerField(
        help_text=gettext_lazy("The step whose state it applied to (0 = start)")
    )
    reversed = serializers.BooleanField(help_text=gettext_lazy("An illegal action reversed (CR 1.10.3)"))
    unreadable = serializers.BooleanField()
    findings = FindingSerializer(many=True)
    state = serializers.DictField(
        help_text=gettext_lazy("Life, points, hand size, chain and stack after the step")
    )


class ReconstructionSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    call = serializers.IntegerField()
    viewer = serializers.CharField(help_text=gettext_lazy('"judge", or "P1"/"P2" for a player of the match'))
    game_number = serializers.IntegerField(allow_null=True)
    title = serializers.CharField()
    rules_version = serializers.CharField()
    version = serializers.IntegerField(help_text=gettext_lazy("Send it back with every change"))
    players = serializers.DictField(
        child=serializers.CharField(), help_text=gettext_lazy("P1/P2 -> player name")
    )
    start = serializers.DictField(required=False, help_text=gettext_lazy("The starting state (judges only)"))
    start_error = serializers.CharField()
    steps = StepSerializer(many=True, required=False, help_text=gettext_lazy("Judges only"))
    final_state = serializers.DictField(
        allow_null=True, help_text=gettext_lazy("Without the other player's hidden cards")
    )
    fix = serializers.CharField()
    fix_step = serializers.IntegerField(allow_null=True)
    fix_note = serializers.CharField()
    ruling = serializers.CharField()
    citations = serializers.ListField(child=serializers.CharField())


class CreateReconstructionSerializer(serializers.Serializer):
    game_number = serializers.IntegerField(min_value=1, required=False, allow_null=True)
    title = serializers.CharField(required=False, allow_blank=True, default="")
    start = serializers.DictField(
        required=False, help_text=gettext_lazy("Default: from the players' accepted decklists")
    )


class StepsInputSerializer(serializers.Serializer):
    lines = serializers.CharField(
        help_text=gettext_lazy("One step per line, in the engine's notation; kept as typed")
    )
    version = serializers.IntegerField()


class RewindSerializer(serializers.Serializer):
    to = serializers.IntegerField(
        min_value=0, help_text=gettext_lazy("Step to return to (0 = the starting state)")
    )
    version = serializers.IntegerField()


class StartSerializer(serializers.Serializer):
    start = serializers.DictField()
    version = serializers.IntegerField()


class FixSerializer(serializers.Serializer):
    fix = serializers.ChoiceField(choices=ReconstructionFix.choices)
    step = serializers.IntegerField(min_value=0, required=False, allow_null=True)
    note = serializers.CharField(required=False, allow_blank=True, default="")
    version = serializers.IntegerField()


# --------------------------------------------------------------------------- payload


def reconstruction_payload(recon: Reconstruction, viewer: str) -> dict[str, Any]:
    """What ``viewer`` sees: judges everything; a player the final state (their opponent's hidden
    cards removed), the fix and the call's ruling."""
    outcome = recon_engine.run(recon)
    call = recon.call
    judge = viewer == "judge"
    out: dict[str, Any] = {
        "id": recon.pk,
        "call": call.pk,
        "viewer": viewer,
        "game_number": recon.game_number,
        "title": recon.title,
        "rules_version": recon.rules_version,
        "version": recon.version,
        "players": players_of(recon),
        "start_error": outcome.start_error,
        "final_state": outcome.final_view(None if judge else viewer),
        "fix": recon.fix,
        "fix_step": recon.fix_step,
        "fix_note": recon.fix_note,
        "ruling": call.final_ruling or call.ruling,
        "citations": list(call.final_citations or call.citations),
    }
    if judge:
        out["start"] = recon.start
        out["steps"] = outcome.steps
    return out


def _ok(recon: Reconstruction, code: int = status.HTTP_200_OK) -> Response:
    return Response(reconstruction_payload(recon, "judge"), status=code)


# --------------------------------------------------------------------------- views


class CallReconstructionsView(APIView):
    @extend_schema(responses=ReconstructionSerializer(many=True), summary="Reconstructions of a judge call")
    def get(self, request, pk):
        call = access.access_call_for_reconstruction(request.user, pk)
        return Response(
            [reconstruction_payload(r, "judge") for r in selectors.reconstructions_for_call(call)]
        )

    @extend_schema(
        request=CreateReconstructionSerializer,
        responses={201: ReconstructionSerializer},
        summary="Start a reconstruction (starting state from the players' decklists)",
    )
    def post(self, request, pk):
        call = access.access_call_for_reconstruction(request.user, pk)
        data = validated(CreateReconstructionSerializer, request)
        recon = recon_services.create_reconstruction(
            call,
            actor=request.user,
            game_number=data.get("game_number"),
            title=data.get("title", ""),
            start=data.get("start"),
        )
        return _ok(recon, status.HTTP_201_CREATED)


class ReconstructionDetailView(APIView):
    @extend_schema(responses=ReconstructionSerializer, summary="A reconstruction (what the caller may see)")
    def get(self, request, pk):
        recon, viewer = access.access_reconstruction(request.user, pk)
        return Response(reconstruction_payload(recon, viewer))


class ReconstructionStepsView(APIView):
    @extend_schema(request=StepsInputSerializer, responses=ReconstructionSerializer, summary="Append steps")
    def post(self, request, pk):
        recon = access.access_reconstruction_for_edit(request.user, pk)
        data = validated(StepsInputSerializer, request)
        recon = recon_services.append_steps(
            recon, actor=request.user, lines=data["lines"], expected_version=data["version"]
        )
        return _ok(recon)


class ReconstructionRewindView(APIView):
    @extend_schema(
        request=RewindSerializer, responses=ReconstructionSerializer, summary="Rewind (start a branch)"
    )
    def post(self, request, pk):
        recon = access.access_reconstruction_for_edit(request.user, pk)
        data = validated(RewindSerializer, request)
        recon = recon_services.rewind(
            recon, actor=request.user, to=data["to"], expected_version=data["version"]
        )
        return _ok(recon)


class ReconstructionStartView(APIView):
    @extend_schema(
        request=StartSerializer, responses=ReconstructionSerializer, summary="Change the starting state"
    )
    def post(self, request, pk):
        recon = access.access_reconstruction_for_edit(request.user, pk)
        data = validated(StartSerializer, request)
        recon = recon_services.update_start(
            recon, actor=request.user, start=data["start"], expected_version=data["version"]
        )
        return _ok(recon)


class ReconstructionFixView(APIView):
    @extend_schema(
        request=FixSerializer,
        responses=ReconstructionSerializer,
        summary="Record the fix (FaB PPG 3.1; GA IPG Game Rule Violation at a Grand Archive event)",
    )
    def post(self, request, pk):
        recon = access.access_reconstruction_for_edit(request.user, pk)
        data = validated(FixSerializer, request)
        recon = recon_services.record_fix(
            recon,
            actor=request.user,
            fix=data["fix"],
            step=data.get("step"),
            note=data.get("note", ""),
            expected_version=data["version"],
        )
        return _ok(recon)


class ReconstructionCiteView(APIView):
    @extend_schema(
        request=None, responses=JudgeCallSerializer, summary="Cite the findings in the call's ruling"
    )
    def post(self, request, pk):
        recon = access.access_reconstruction_for_edit(request.user, pk)
        call = recon_services.cite_in_ruling(recon, judge=request.user)
        return Response(JudgeCallSerializer(call).data)


class ReconstructionBackupView(APIView):
    @extend_schema(
        parameters=[OpenApiParameter("to", int, required=True, description="Step to back up to (0 = start)")],
        responses={200: dict},
        summary="What a backup to a step would undo and reveal (FaB PPG 1.3, 3.1; at a Grand Archive event: hand, memory, field and material deck)",
    )
    def get(self, request, pk):
        recon = access.access_reconstruction_for_edit(request.user, pk)
        try:
            to = int(request.query_params.get("to", ""))
        except ValueError:
            raise DomainError(_("to must be a step number"), field="to") from None
        return Response(recon_engine.run(recon).backup_report(to))


class ReconstructionCardsView(APIView):
    @extend_schema(
        parameters=[OpenApiParameter("q", str, required=True, description="What was typed so far")],
        responses={200: dict},
        summary="Card names: the players' decklists first, then the card database",
    )
    def get(self, request, pk):
        recon = access.access_reconstruction_for_edit(request.user, pk)
        q = request.query_params.get("q", "")
        return Response({"q": q, "results": recon_engine.suggest_cards(recon.call, q)})
