"""REST API for judge calls, penalties and deck checks (token or session auth).

Each view parses input, calls one access function and one service or selector; domain
errors become 400/403/409 through ``core.api.exception_handler``.
"""

from __future__ import annotations

from typing import Any

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import OpenApiParameter, extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from core.api import referenced, validated
from core.errors import DomainError
from tournament.access import event_for_viewer
from tournament.citations import both_games
from tournament.enums import MAX_TABLE_NUMBER
from tournament.models import Match, Registration, Round

from . import access, catalogue, selectors
from .enums import CallerKind, DeckCheckKind, PenaltyType
from .models import DeckCheck, JudgeCall, Penalty
from .services import calls as call_services
from .services import deck_checks as deck_check_services
from .services import penalties as penalty_services

# --------------------------------------------------------------------------- serializers


class JudgeCallSerializer(serializers.ModelSerializer):
    round = serializers.SerializerMethodField()
    opened_by = serializers.SlugRelatedField(slug_field="username", read_only=True)
    claimed_by = serializers.SlugRelatedField(slug_field="username", read_only=True)
    appeal_judge = serializers.SlugRelatedField(slug_field="username", read_only=True)
    caller = serializers.CharField(read_only=True)
    appealed_by = serializers.CharField(read_only=True)
    status = serializers.CharField(
        read_only=True, help_text=gettext_lazy("open, claimed, ruled, appealed or closed")
    )

    class Meta:
        model = JudgeCall
        fields = [
            "id",
            "status",
            "table_number",
            "match",
            "round",
            "caller",
            "question",
            "opened_by",
            "opened_at",
            "claimed_by",
            "claimed_at",
            "ruling",
            "citations",
            "ruled_at",
            "appealed_at",
            "appealed_by",
            "appeal_judge",
            "final_ruling",
            "final_citations",
            "final_ruled_at",
            "closed_at",
            "duration_seconds",
            "extension_seconds",
        ]
        read_only_fields = fields

    def get_round(self, obj) -> int | None:
        return obj.match.round.number if obj.match_id else None


class CallExtensionSerializer(serializers.ModelSerializer):
    """A judge call as the scorekeeper sees it: where, its status and the time it gave."""

    round = serializers.SerializerMethodField()

    class Meta:
        model = JudgeCall
        fields = [
            "id",
            "status",
            "table_number",
            "match",
            "round",
            "opened_at",
            "closed_at",
            "extension_seconds",
        ]
        read_only_fields = fields

    def get_round(self, obj) -> int | None:
        return obj.match.round.number if obj.match_id else None


class PlayerCallSerializer(CallExtensionSerializer):
    """A call at the player's own table: the ruling (and the final ruling) once given."""

    ruling = serializers.SerializerMethodField()
    citations = serializers.SerializerMethodField()

    class Meta(CallExtensionSerializer.Meta):
        fields = [
            *CallExtensionSerializer.Meta.fields,
            "ruling",
            "citations",
            "ruled_at",
            "final_ruling",
            "final_citations",
        ]
        read_only_fields = fields

    def get_ruling(self, obj) -> str:
        return obj.ruling if obj.ruled_at else ""

    def get_citations(self, obj) -> list:
        return list(obj.citations or []) if obj.ruled_at else []


def call_payload(user, call) -> dict:
    """``call`` serialized for what ``user`` may see of it (``judging.access.call_view``)."""
    view = access.call_view(user, call)
    if view == access.CallView.FULL:
        return JudgeCallSerializer(call).data
    if view == access.CallView.PLAYER:
        return PlayerCallSerializer(call).data
    return CallExtensionSerializer(call).data


class OpenCallSerializer(serializers.Serializer):
    table_number = serializers.IntegerField(min_value=1, max_value=MAX_TABLE_NUMBER, required=False)
    match = serializers.IntegerField(required=False, help_text=gettext_lazy("Match id"))
    caller = serializers.ChoiceField(choices=CallerKind.choices, default=CallerKind.PLAYER_A)
    question = serializers.CharField(required=False, allow_blank=True, default="")


class RulingSerializer(serializers.Serializer):
    ruling = serializers.CharField()
    citations = serializers.ListField(child=serializers.CharField(), required=False, default=list)


class AppealSerializer(serializers.Serializer):
    appealed_by = serializers.ChoiceField(choices=[CallerKind.PLAYER_A, CallerKind.PLAYER_B])


class CloseSerializer(serializers.Serializer):
    duration_seconds = serializers.IntegerField(
        min_value=0,
        required=False,
        help_text=gettext_lazy("How long the call held the match; default opened -> now"),
    )


class PenaltySerializer(serializers.ModelSerializer):
    player_id = serializers.CharField(source="registration.player.player_id", read_only=True)
    player = serializers.CharField(source="registration.player.display_name", read_only=True)
    event = serializers.SlugRelatedField(slug_field="slug", read_only=True)
    issued_by = serializers.SlugRelatedField(slug_field="username", read_only=True)
    confirmed_by = serializers.SlugRelatedField(slug_field="username", read_only=True)
    recommended = serializers.CharField(
        read_only=True,
        help_text=gettext_lazy("The recommended penalty, a PenaltyType value (%(both_games)s)")
        % {"both_games": both_games("recommendation")},
    )
    penalty = serializers.CharField(
        read_only=True, help_text=gettext_lazy("Penalty applied (a PenaltyType value)")
    )
    status = serializers.CharField(read_only=True, help_text=gettext_lazy("pending, issued or rejected"))
    effect = serializers.CharField(
        read_only=True,
        help_text=gettext_lazy("What the penalty did (%(both_games)s)")
        % {"both_games": both_games("penalty_effect")},
    )

    class Meta:
        model = Penalty
        fields = [
            "id",
            "event",
            "registration",
            "player_id",
            "player",
            "match",
            "call",
            "deck_check",
            "infraction",
            "category",
            "rule",
            "rel",
            "day",
            "variant",
            "recommended",
            "penalty",
            "upgraded",
            "explanation",
            "deviation_reason",
            "description",
            "game_number",
            "statement",
            "status",
            "needs_confirmation",
            "effect",
            "issued_by",
            "issued_at",
            "confirmed_by",
            "confirmed_at",
            "rejection_reason",
        ]
        read_only_fields = fields
        # The model's help text names FaB's PPG only; the API serves both games' events.
        extra_kwargs = {
            "statement": {
                "help_text": f"Written statement for a Disqualification ({both_games('dq_statement')})."
            }
        }


class IssuePenaltySerializer(serializers.Serializer):
    registration = serializers.IntegerField()
    infraction = serializers.ChoiceField(choices=catalogue.infraction_choices())
    penalty = serializers.ChoiceField(
        choices=PenaltyType.choices,
        required=False,
        allow_blank=True,
        help_text=gettext_lazy("Leave empty for the recommended penalty"),
    )
    variant = serializers.CharField(required=False, allow_blank=True, default="")
    match = serializers.IntegerField(required=False)
    call = serializers.IntegerField(required=False)
    deck_check = serializers.IntegerField(required=False)
    game_number = serializers.IntegerField(min_value=1, required=False)
    deviation_reason = serializers.CharField(required=False, allow_blank=True, default="")
    description = serializers.CharField(required=False, allow_blank=True, default="")
    statement = serializers.CharField(required=False, allow_blank=True, default="")


class RejectSerializer(serializers.Serializer):
    reason = serializers.CharField()


class RecommendationSerializer(serializers.Serializer):
    infraction = serializers.CharField()
    name = serializers.CharField()
    rule = serializers.CharField()
    rel = serializers.CharField()
    base = serializers.CharField()
    penalty = serializers.CharField()
    upgraded = serializers.BooleanField()
    needs_head_judge = serializers.BooleanField()
    explanation = serializers.ListField(child=serializers.CharField())
    fix = serializers.CharField()


class DeckCheckSerializer(serializers.ModelSerializer):
    player_id = serializers.CharField(source="registration.player.player_id", read_only=True)
    player = serializers.CharField(source="registration.player.display_name", read_only=True)
    judge = serializers.SlugRelatedField(slug_field="username", read_only=True)
    round = serializers.SerializerMethodField()
    table_number = serializers.SerializerMethodField()
    kind = serializers.CharField(
        read_only=True, help_text=gettext_lazy("regular, mid_game or between_rounds")
    )
    status = serializers.CharField(
        read_only=True, help_text=gettext_lazy("planned, in_progress, done or cancelled")
    )

    class Meta:
        model = DeckCheck
        fields = [
            "id",
            "registration",
            "player_id",
            "player",
            "round",
            "match",
            "table_number",
            "kind",
            "status",
            "game_number",
            "planned_reason",
            "judge",
            "started_at",
            "ended_at",
            "extension_seconds",
            "counts",
            "checklist",
            "findings",
        ]
        read_only_fields = fields

    def get_round(self, obj) -> int | None:
        return obj.round.number if obj.round_id else None

    def get_table_number(self, obj) -> int | None:
        return obj.match.table_number if obj.match_id else None


class CreateDeckCheckSerializer(serializers.Serializer):
    registration = serializers.IntegerField()
    kind = serializers.CharField(
        default=DeckCheckKind.REGULAR,
        help_text=gettext_lazy("regular, mid_game (head judge) or between_rounds (head judge)"),
    )
    match = serializers.IntegerField(required=False)
    game_number = serializers.IntegerField(min_value=1, required=False)


class PlanSerializer(serializers.Serializer):
    round = serializers.IntegerField(min_value=1, help_text=gettext_lazy("Round number"))
    seed = serializers.IntegerField(required=False)
    rate = serializers.FloatField(min_value=0, max_value=1, required=False)


class FinishDeckCheckSerializer(serializers.Serializer):
    presented = serializers.DictField(
        child=serializers.IntegerField(min_value=0),
        help_text=gettext_lazy('Presented counts by card, e.g. {"Snatch (red)": 3}'),
    )
    checklist = serializers.DictField(child=serializers.BooleanField(), required=False, default=dict)
    findings = serializers.CharField(required=False, allow_blank=True, default="")


class InfractionSerializer(serializers.Serializer):
    code = serializers.CharField()
    name = serializers.CharField()
    category = serializers.CharField()
    rule = serializers.CharField()
    casual = serializers.CharField()
    competitive = serializers.CharField()
    professional = serializers.CharField()
    fix = serializers.CharField()
    notes = serializers.CharField()
    variants = serializers.ListField(child=serializers.DictField())


# --------------------------------------------------------------------------- helpers


def _registration(event, pk) -> Registration:
    """The registration named by the body's ``registration`` (required: a missing one is 400)."""
    queryset = Registration.objects.select_related("player", "event").filter(event=event)
    reg = referenced(queryset, pk, field="registration")
    if reg is None:
        raise DomainError(_("no registration %(pk)s at this event") % {"pk": pk}, field="registration")
    return reg


def _match(event, pk) -> Match | None:
    return referenced(Match.objects.select_related("round").filter(round__event=event), pk, field="match")


def _optional(model, event, pk, field):
    return referenced(model.objects.filter(event=event), pk, field=field)


def recommendation_payload(event, registration, infraction, variant="") -> dict:
    rec = penalty_services.recommendation_for(registration, infraction, variant=variant)
    return {
        "infraction": infraction,
        "name": rec.infraction.name,
        "rule": rec.infraction.rule,
        "rel": rec.rel,
        "base": rec.base,
        "penalty": rec.penalty,
        "upgraded": rec.upgraded,
        "needs_head_judge": penalty_services.needs_head_judge(event, infraction, rec.penalty),
        "explanation": list(rec.explanation),
        "fix": rec.infraction.fix,
    }


# --------------------------------------------------------------------------- calls


class EventCallsView(APIView):
    @extend_schema(
        responses=JudgeCallSerializer(many=True),
        parameters=[
            OpenApiParameter("open", bool, description="Only calls not closed yet"),
            OpenApiParameter("order", str, enum=["newest", "oldest"]),
        ],
    )
    def get(self, request, slug):
        """The event's calls: in full for its judges and organizer, as time extensions for
        the scorekeeper (judging.access)."""
        event = access.event_for(request.user, slug, "see_call_extensions")
        if request.query_params.get("open") in ("1", "true", "yes"):
            qs = selectors.open_calls_for_event(
                event, oldest_first=request.query_params.get("order") == "oldest"
            )
        else:
            qs = selectors.calls_for_event(event)
        serializer = (
            JudgeCallSerializer if access.can(request.user, event, "read_calls") else CallExtensionSerializer
        )
        return Response(serializer(qs, many=True).data)

    @extend_schema(request=OpenCallSerializer, responses={201: JudgeCallSerializer})
    def post(self, request, slug):
        event = access.event_for(request.user, slug)
        data = validated(OpenCallSerializer, request)
        call = call_services.open_call(
            event,
            actor=request.user,
            match=_match(event, data.get("match")),
            table_number=data.get("table_number"),
            caller=data["caller"],
            question=data["question"],
        )
        return Response(call_payload(request.user, call), status=status.HTTP_201_CREATED)


class CallStatisticsView(APIView):
    """Judge-call statistics for the organizer and head judge."""

    @extend_schema(
        responses=inline_serializer(
            "CallStatistics",
            {
                "total": serializers.IntegerField(),
                "open": serializers.IntegerField(),
                "closed": serializers.IntegerField(),
                "appealed": serializers.IntegerField(),
                "overturned": serializers.IntegerField(),
                "with_extension": serializers.IntegerField(),
                "extension_seconds_total": serializers.IntegerField(),
                "median_response_seconds": serializers.IntegerField(allow_null=True),
                "median_duration_seconds": serializers.IntegerField(allow_null=True),
                "longest_duration_seconds": serializers.IntegerField(allow_null=True),
                "by_judge": serializers.ListField(child=serializers.ListField()),
                "top_citations": serializers.ListField(child=serializers.ListField()),
            },
        )
    )
    def get(self, request, slug):
        event = access.event_for(request.user, slug, "see_reports")
        return Response(selectors.call_statistics(event))


class CallDetailView(APIView):
    @extend_schema(responses=JudgeCallSerializer)
    def get(self, request, pk):
        """In full for the event's judges and organizer; the scorekeeper sees the time
        extension, a player at the table the ruling once given; 404 for anyone else."""
        views = (access.CallView.FULL, access.CallView.EXTENSION, access.CallView.PLAYER)
        call = access.access_call(request.user, pk, views=views)
        return Response(call_payload(request.user, call))


class MyCallsView(APIView):
    """The calls at the player's own table at an event (ruling once given)."""

    @extend_schema(responses=PlayerCallSerializer(many=True))
    def get(self, request, slug):
        event = event_for_viewer(request.user, slug)
        return Response(PlayerCallSerializer(access.calls_at_my_table(request.user, event), many=True).data)


class CallActionView(APIView):
    """POST /api/judging/calls/<pk>/<action>/ with action claim, rule, appeal, final-ruling, close."""

    action_name = ""
    serializer = None

    def post(self, request, pk):
        call = access.access_call(request.user, pk)
        data: dict[str, Any] = validated(self.serializer, request) if self.serializer else {}
        user = request.user
        if self.action_name == "claim":
            call = call_services.claim_call(call, judge=user)
        elif self.action_name == "rule":
            call = call_services.record_ruling(
                call, judge=user, ruling=data["ruling"], citations=data["citations"]
            )
        elif self.action_name == "appeal":
            call = call_services.appeal_call(call, actor=user, appealed_by=data["appealed_by"])
        elif self.action_name == "final-ruling":
            call = call_services.record_final_ruling(
                call, head_judge=user, ruling=data["ruling"], citations=data["citations"]
            )
        elif self.action_name == "close":
            call = call_services.close_call(call, judge=user, duration_seconds=data.get("duration_seconds"))
        return Response(JudgeCallSerializer(call).data)


def _call_action(name, serializer=None):
    """A view class per call action so each has its own OpenAPI operation."""

    def post(self, request, pk):
        return CallActionView.post(self, request, pk)

    post = extend_schema(
        request=serializer,
        responses=JudgeCallSerializer,
        operation_id=f"judging_call_{name.replace('-', '_')}",
    )(post)
    view: Any = type(
        f"Call{name.title().replace('-', '')}View",
        (CallActionView,),
        {"action_name": name, "serializer": serializer, "post": post},
    )
    return view.as_view()


# --------------------------------------------------------------------------- penalties


class EventPenaltiesView(APIView):
    @extend_schema(responses=PenaltySerializer(many=True))
    def get(self, request, slug):
        event = access.event_for(request.user, slug, "read_penalties")
        return Response(PenaltySerializer(selectors.penalties_for_event(event), many=True).data)

    @extend_schema(request=IssuePenaltySerializer, responses={201: PenaltySerializer})
    def post(self, request, slug):
        event = access.event_for(request.user, slug, "issue_penalties")
        data = validated(IssuePenaltySerializer, request)
        p = penalty_services.issue_penalty(
            _registration(event, data["registration"]),
            infraction=data["infraction"],
            judge=request.user,
            penalty=data.get("penalty") or None,
            variant=data["variant"],
            match=_match(event, data.get("match")),
            call=_optional(JudgeCall, event, data.get("call"), "call"),
            deck_check=_optional(DeckCheck, event, data.get("deck_check"), "deck_check"),
            game_number=data.get("game_number"),
            deviation_reason=data["deviation_reason"],
            description=data["description"],
            statement=data["statement"],
        )
        return Response(PenaltySerializer(p).data, status=status.HTTP_201_CREATED)


class RecommendationView(APIView):
    @extend_schema(
        responses=RecommendationSerializer,
        parameters=[
            OpenApiParameter("registration", int, required=True),
            OpenApiParameter("infraction", str, required=True),
            OpenApiParameter("variant", str),
        ],
    )
    def get(self, request, slug):
        event = access.event_for(request.user, slug, "issue_penalties")
        try:
            reg_id = int(request.query_params.get("registration", ""))
        except ValueError:
            raise DomainError(_("registration must be a registration id"), field="registration") from None
        registration = _registration(event, reg_id)
        payload = recommendation_payload(
            event,
            registration,
            request.query_params.get("infraction", ""),
            request.query_params.get("variant", ""),
        )
        return Response(payload)


class TardinessSerializer(serializers.Serializer):
    registration = serializers.IntegerField()
    seconds_late = serializers.IntegerField(min_value=0, max_value=36000)
    match = serializers.IntegerField(required=False)


class TardinessView(APIView):
    """Classify lateness (FaB PPG 4.1, 2.3 by the REL's thresholds; Grand Archive: GA TRG
    Timeliness, GA IPG Tardiness), issue the penalty, extend the table."""

    @extend_schema(request=TardinessSerializer, responses={201: PenaltySerializer, 200: None})
    def post(self, request, slug):
        event = access.event_for(request.user, slug, "issue_penalties")
        data = validated(TardinessSerializer, request)
        p = penalty_services.issue_tardiness(
            _registration(event, data["registration"]),
            judge=request.user,
            seconds_late=data["seconds_late"],
            match=_match(event, data.get("match")),
        )
        if p is None:
            return Response(None, status=status.HTTP_200_OK)
        return Response(PenaltySerializer(p).data, status=status.HTTP_201_CREATED)


class PenaltyDetailView(APIView):
    @extend_schema(responses=PenaltySerializer)
    def get(self, request, pk):
        return Response(PenaltySerializer(access.access_penalty(request.user, pk)).data)


class PenaltyConfirmView(APIView):
    @extend_schema(request=None, responses=PenaltySerializer)
    def post(self, request, pk):
        p = access.access_penalty(request.user, pk)
        return Response(PenaltySerializer(penalty_services.confirm_penalty(p, head_judge=request.user)).data)


class PenaltyRejectView(APIView):
    @extend_schema(request=RejectSerializer, responses=PenaltySerializer)
    def post(self, request, pk):
        p = access.access_penalty(request.user, pk)
        data = validated(RejectSerializer, request)
        return Response(
            PenaltySerializer(
                penalty_services.reject_penalty(p, head_judge=request.user, reason=data["reason"])
            ).data
        )


class PlayerPenaltiesView(APIView):
    @extend_schema(responses=PenaltySerializer(many=True))
    def get(self, request, player_id):
        player = access.access_player_history(request.user, player_id)
        return Response(PenaltySerializer(access.penalties_for_viewer(request.user, player), many=True).data)


class InfractionCatalogueView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(responses=InfractionSerializer(many=True))
    def get(self, request):
        rows = [
            {
                "code": i.code,
                "name": i.name,
                "category": i.category,
                "rule": i.rule,
                "casual": i.casual,
                "competitive": i.competitive,
                "professional": i.professional,
                "fix": i.fix,
                "notes": i.notes,
                "variants": [
                    {
                        "code": v.code,
                        "label": v.label,
                        "penalty": v.penalty,
                        "professional": v.penalty_at("professional"),
                    }
                    for v in i.variants
                ],
            }
            for i in catalogue.catalogue()
        ]
        return Response(rows)


# --------------------------------------------------------------------------- deck checks


class EventDeckChecksView(APIView):
    @extend_schema(responses=DeckCheckSerializer(many=True))
    def get(self, request, slug):
        event = access.event_for(request.user, slug, "run_deck_checks")
        return Response(DeckCheckSerializer(selectors.deck_checks_for_event(event), many=True).data)

    @extend_schema(request=CreateDeckCheckSerializer, responses={201: DeckCheckSerializer})
    def post(self, request, slug):
        event = access.event_for(request.user, slug, "run_deck_checks")
        data = validated(CreateDeckCheckSerializer, request)
        check = deck_check_services.create_deck_check(
            _registration(event, data["registration"]),
            judge=request.user,
            kind=data["kind"],
            match=_match(event, data.get("match")),
            game_number=data.get("game_number"),
        )
        return Response(DeckCheckSerializer(check).data, status=status.HTTP_201_CREATED)


class DeckCheckPlanView(APIView):
    @extend_schema(request=PlanSerializer, responses={201: DeckCheckSerializer(many=True)})
    def post(self, request, slug):
        event = access.event_for(request.user, slug, "run_deck_checks")
        data = validated(PlanSerializer, request)
        round_ = get_object_or_404(Round, event=event, number=data["round"])
        checks = deck_check_services.plan_deck_checks(
            round_, actor=request.user, seed=data.get("seed"), rate=data.get("rate")
        )
        return Response(DeckCheckSerializer(checks, many=True).data, status=status.HTTP_201_CREATED)


class DeckCheckDetailView(APIView):
    @extend_schema(
        responses=inline_serializer(
            "DeckCheckWithSuggestions",
            {
                "check": DeckCheckSerializer(),
                "suggestions": serializers.ListField(child=serializers.DictField()),
            },
        )
    )
    def get(self, request, pk):
        check = access.access_deck_check(request.user, pk)
        return Response(
            {
                "check": DeckCheckSerializer(check).data,
                "suggestions": deck_check_services.deck_check_suggestions(check),
            }
        )


class DeckCheckStartView(APIView):
    @extend_schema(request=None, responses=DeckCheckSerializer)
    def post(self, request, pk):
        check = access.access_deck_check(request.user, pk)
        return Response(
            DeckCheckSerializer(deck_check_services.start_deck_check(check, judge=request.user)).data
        )


class DeckCheckFinishView(APIView):
    @extend_schema(request=FinishDeckCheckSerializer, responses=DeckCheckSerializer)
    def post(self, request, pk):
        check = access.access_deck_check(request.user, pk)
        data = validated(FinishDeckCheckSerializer, request)
        check = deck_check_services.finish_deck_check(
            check,
            judge=request.user,
            presented=data["presented"],
            checklist=data["checklist"],
            findings=data["findings"],
        )
        return Response(DeckCheckSerializer(check).data)
