"""API of match results: a match, the players' report and confirmation, staff entry and
correction (also by table number), the correction preview, no-shows, penalty results and the
reconciliation queue of disputed reports."""

from __future__ import annotations

from django.http import Http404
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from core.api import validated
from core.errors import ConflictError, DomainError

from .. import access, selectors, services
from ..enums import PLAYED_RESULT_CHOICES, MatchResult, ResultKind
from ..forms import MY_RESULT_CHOICES, PlayerReportForm
from ..models import Match, Registration
from ._common import MatchSerializer, _ctx, _event, _match, _registration, _round


class ReportSerializer(serializers.Serializer):
    """A player's report in the words of the phone form: ``outcome`` (win, loss, draw) and
    ``my_games`` / ``their_games`` from the reporter's side. The staff's A/B words (``result``,
    ``games_a``, ``games_b``) are still accepted in place of ``outcome``."""

    outcome = serializers.ChoiceField(
        MY_RESULT_CHOICES,
        required=False,
        help_text=gettext_lazy("the result from your side: win, loss or draw"),
    )
    my_games = serializers.IntegerField(
        min_value=0,
        max_value=9,
        required=False,
        help_text=gettext_lazy("games you won (default: what the result implies)"),
    )
    their_games = serializers.IntegerField(
        min_value=0, max_value=9, required=False, help_text=gettext_lazy("games your opponent won")
    )
    result = serializers.ChoiceField(
        [c for c in MatchResult.choices if c[0] not in ("", "bye", "double_loss", "unfinished")],
        required=False,
        help_text=gettext_lazy("staff words (player A / player B), instead of outcome"),
    )
    games_a = serializers.IntegerField(min_value=0, max_value=20, default=0)
    games_b = serializers.IntegerField(min_value=0, max_value=20, default=0)
    games_drawn = serializers.IntegerField(min_value=0, max_value=20, default=0)
    intentional_draw = serializers.BooleanField(default=False)
    version = serializers.IntegerField(
        required=False, help_text=gettext_lazy("the match version you saw (409 if stale)")
    )


class ConfirmSerializer(serializers.Serializer):
    version = serializers.IntegerField(required=False)


class ResultSerializer(serializers.Serializer):
    result = serializers.ChoiceField(PLAYED_RESULT_CHOICES)
    games_a = serializers.IntegerField(min_value=0, max_value=20, default=0)
    games_b = serializers.IntegerField(min_value=0, max_value=20, default=0)
    games_drawn = serializers.IntegerField(min_value=0, max_value=20, default=0)
    kind = serializers.ChoiceField(ResultKind.choices, default=ResultKind.PLAYED)
    reason = serializers.CharField(
        required=False, allow_blank=True, default="", help_text=gettext_lazy("required to correct")
    )
    version = serializers.IntegerField(required=False)


class NoShowSerializer(serializers.Serializer):
    absent = serializers.ListField(child=serializers.IntegerField(), min_length=1, max_length=2)
    drop = serializers.BooleanField(default=True)


class MatchDetailView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(responses=MatchSerializer, tags=["matches"])
    def get(self, request, match_id):
        match = _match(match_id, request)
        if not access.event_is_visible(request.user, match.round.event):
            raise Http404(_("no such match"))
        if not selectors.round_is_public(match.round) and not access.can(
            request.user, match.round.event, "run_rounds"
        ):
            raise Http404(_("no such match"))
        return Response(MatchSerializer(match, context=_ctx(request, match.round.event)).data)


def _reported_result(match: Match, user, data: dict) -> tuple[str, int, int]:
    """(result, games A, games B) of a player's report: ``outcome`` is read exactly as the phone
    form reads it (same defaults, same refusals); ``result`` in A/B words as given."""
    if data.get("outcome"):
        if data.get("result"):
            raise DomainError(_("send either outcome (win, loss, draw) or result (a, b, draw), not both"))
        form = PlayerReportForm(
            {
                "outcome": data["outcome"],
                "my_games": data.get("my_games"),
                "their_games": data.get("their_games"),
                "games_drawn": data.get("games_drawn") or 0,
            },
            games_to_win=match.round.event.games_per_match,
        )
        if not form.is_valid():
            field, errors = next(iter(form.errors.items()))
            raise DomainError(" ".join(str(e) for e in errors), field=None if field == "__all__" else field)
        i_am_a = match.player_a.player.user_id == getattr(user, "pk", None)
        parsed = form.as_match_result(i_am_a=i_am_a)
        return parsed.result, parsed.games_a, parsed.games_b
    if not data.get("result"):
        raise DomainError(_("say how the match ended: outcome is win, loss or draw"), field="outcome")
    return data["result"], data["games_a"], data["games_b"]


class ReportView(APIView):
    """A player reports the result of their match (FaB TR&P 3.4; Grand Archive: GA TRG Round
    Structure); the opponent then confirms."""

    @extend_schema(request=ReportSerializer, responses=MatchSerializer, tags=["matches"])
    def post(self, request, match_id):
        data = validated(ReportSerializer, request)
        match = _match(match_id, request)
        result, games_a, games_b = _reported_result(match, request.user, data)
        match = services.report_result(
            match,
            actor=request.user,
            result=result,
            games_a=games_a,
            games_b=games_b,
            games_drawn=data["games_drawn"],
            intentional_draw=data["intentional_draw"],
            expected_version=data.get("version"),
        )
        return Response(MatchSerializer(match, context=_ctx(request, match.round.event)).data)


class ConfirmView(APIView):
    @extend_schema(request=ConfirmSerializer, responses=MatchSerializer, tags=["matches"])
    def post(self, request, match_id):
        data = validated(ConfirmSerializer, request)
        match = services.confirm_result(
            _match(match_id, request), actor=request.user, expected_version=data.get("version")
        )
        return Response(MatchSerializer(match, context=_ctx(request, match.round.event)).data)


class ResultView(APIView):
    """Staff enter a result, or correct one that is already in (a reason is then required)."""

    @extend_schema(request=ResultSerializer, responses=MatchSerializer, tags=["matches"])
    def post(self, request, match_id):
        data = validated(ResultSerializer, request)
        match = _match(match_id, request)
        kwargs = {
            "actor": request.user,
            "result": data["result"],
            "games_a": data["games_a"],
            "games_b": data["games_b"],
            "games_drawn": data["games_drawn"],
            "kind": data["kind"],
            "expected_version": data.get("version"),
        }
        if match.result == MatchResult.PENDING:
            match = services.enter_result(match, reason=data["reason"], **kwargs)
        elif data.get("version") is None:
            access.require(request.user, match.round.event, "enter_results", "correct results")
            # Another entry got there first: changing it is a correction of what this client
            # has not seen. It must send the version it saw (then it is a deliberate correction).
            raise ConflictError(
                _(
                    "table %(table_number)s already has a result (%(result)s); send the version you saw to correct it"
                )
                % {"table_number": match.table_number, "result": match.get_result_display()},
                code="has_result",
                current=MatchSerializer(match).data,
            )
        else:
            match = services.correct_result(match, reason=data["reason"], **kwargs)
        return Response(MatchSerializer(match, context=_ctx(request, match.round.event)).data)


class PreviewCorrectionView(APIView):
    """Which standings and later pairings a correction would change; nothing is saved."""

    @extend_schema(request=ResultSerializer, responses=OpenApiTypes.OBJECT, tags=["matches"])
    def post(self, request, match_id):
        match = _match(match_id, request)
        access.event_for_staff(request.user, match.round.event.slug, action="enter_results")
        data = validated(ResultSerializer, request)
        preview = services.preview_result_correction(
            match,
            result=data["result"],
            games_a=data["games_a"],
            games_b=data["games_b"],
            games_drawn=data["games_drawn"],
            kind=data["kind"],
        )
        return Response(preview.as_dict())


class NoShowView(APIView):
    @extend_schema(request=NoShowSerializer, responses=MatchSerializer, tags=["matches"])
    def post(self, request, match_id):
        match = _match(match_id, request)
        data = validated(NoShowSerializer, request)
        absent = list(Registration.objects.filter(event=match.round.event, pk__in=data["absent"]))
        match = services.record_no_show(match, absent=absent, actor=request.user, drop=data["drop"])
        return Response(MatchSerializer(match, context=_ctx(request, match.round.event)).data)


class TableResultSerializer(ResultSerializer):
    pass


class TableResultView(APIView):
    """Fast staff entry by table number (the keyboard flow)."""

    @extend_schema(request=TableResultSerializer, responses=MatchSerializer, tags=["matches"])
    def post(self, request, slug, number, table):
        rnd = _round(_event(request, slug), number)
        data = validated(TableResultSerializer, request)
        match = services.enter_result_by_table(
            rnd,
            table_number=table,
            actor=request.user,
            result=data["result"],
            games_a=data["games_a"],
            games_b=data["games_b"],
            games_drawn=data["games_drawn"],
            kind=data["kind"],
            expected_version=data.get("version"),
            reason=data["reason"],
        )
        return Response(MatchSerializer(match, context=_ctx(request, match.round.event)).data)


class PenaltySerializer(serializers.Serializer):
    loser = serializers.IntegerField(help_text=gettext_lazy("registration id of the penalised player"))
    kind = serializers.ChoiceField(["game_loss", "match_loss"])
    reason = serializers.CharField()


class PenaltyResultView(APIView):
    """Apply a Game Loss or Match Loss to the match result (FaB PPG 1.4; Grand Archive: GA
    IPG): the staff who enter results (organizer, head and appeals judge, scorekeeper). A floor
    judge issues the penalty in judging instead, where the head judge confirms it (FaB PPG 1.2;
    Grand Archive: GA Judge Handbook)."""

    @extend_schema(request=PenaltySerializer, responses=MatchSerializer, tags=["matches"])
    def post(self, request, match_id):
        match = _match(match_id, request)
        access.event_for_staff(request.user, match.round.event.slug, action="enter_results")
        data = validated(PenaltySerializer, request)
        loser = _registration(match.round.event, data["loser"])
        match = services.record_penalty_result(
            match, loser=loser, kind=data["kind"], actor=request.user, reason=data["reason"]
        )
        return Response(MatchSerializer(match, context=_ctx(request, match.round.event)).data)


class ReconciliationClaimSerializer(serializers.Serializer):
    registration = serializers.IntegerField()
    name = serializers.CharField()
    result = serializers.CharField(help_text=gettext_lazy("a, b or draw (the staff's words)"))
    games_a = serializers.IntegerField()
    games_b = serializers.IntegerField()
    games_drawn = serializers.IntegerField()


class ReconciliationMatchSerializer(MatchSerializer):
    """A disputed match with what each player reported (by name)."""

    claims = serializers.SerializerMethodField()

    class Meta(MatchSerializer.Meta):
        fields = [*MatchSerializer.Meta.fields, "claims"]
        read_only_fields = fields

    @extend_schema_field(ReconciliationClaimSerializer(many=True))
    def get_claims(self, match: Match) -> list[dict]:
        lens = self.context["lens"]
        players = {match.player_a_id: match.player_a, match.player_b_id: match.player_b}
        return [
            {
                "registration": r.registration_id,
                "name": lens.name(players[r.registration_id]) if r.registration_id in players else "",
                "result": r.result,
                "games_a": r.games_a,
                "games_b": r.games_b,
                "games_drawn": r.games_drawn,
            }
            for r in match.reports.all()
        ]


class ReconciliationView(APIView):
    @extend_schema(responses=ReconciliationMatchSerializer(many=True), tags=["matches"])
    def get(self, request, slug):
        event = access.event_for_staff(request.user, slug, action="enter_results")
        return Response(
            ReconciliationMatchSerializer(
                selectors.reconciliation_queue(event), many=True, context=_ctx(request, event)
            ).data
        )
