"""API of events: list, create, read and edit an event, finish and reopen it, its audit trail."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from cards.models import CardDataRelease
from core.api import validated
from core.errors import DomainError

from .. import access, selectors, services
from ..citations import both_games
from ..enums import (
    REL,
    CrVersion,
    EventStatus,
    EventType,
    FormatCode,
    Game,
    PpgVersion,
    StandingsPolicy,
    StructureKind,
    TrpVersion,
)
from ..models import Event
from ._common import _event, _public_event

# The service's settings (less the pairing seed, which stays with the staff) and the slug.
EVENT_FIELDS = ["slug", *(f for f in services.EVENT_FIELDS if f != "pairing_seed")]


#: The model's help texts name FaB's TR&P only; the API serves both games' events.
EVENT_HELP = {
    "swiss_rounds": {
        "help_text": gettext_lazy("Empty: the default from attendance (%(both_games)s).")
        % {"both_games": both_games("structure_default")}
    },
    "top_cut": {
        "help_text": gettext_lazy("Empty: the default from attendance (%(both_games)s); 0 means no play-off.")
        % {"both_games": both_games("structure_default")}
    },
    "games_per_match": {
        "help_text": gettext_lazy(
            "Game wins a player needs to win the match: 1 = a single game, 2 = best of three, 3 = best of five (%(both_games)s; Grand Archive Swiss is usually best of three)."
        )
        % {"both_games": both_games("game_wins")}
    },
}


class EventListSerializer(serializers.ModelSerializer):
    """An event in a list (one query for any number of events)."""

    game_wins_needed = serializers.IntegerField(source="games_per_match", read_only=True)
    best_of = serializers.SerializerMethodField()

    class Meta:
        model = Event
        fields = [*EVENT_FIELDS, "game_wins_needed", "best_of"]
        read_only_fields = fields
        extra_kwargs = EVENT_HELP

    def get_best_of(self, obj) -> int:
        return 2 * obj.games_per_match - 1


class EventSerializer(serializers.ModelSerializer):
    """One event with its effective structure (defaults from attendance: FaB TR&P App B;
    Grand Archive: our default from attendance)."""

    effective_swiss_rounds = serializers.SerializerMethodField()
    effective_top_cut = serializers.SerializerMethodField()
    structure_warnings = serializers.SerializerMethodField()
    game_wins_needed = serializers.IntegerField(source="games_per_match", read_only=True)
    best_of = serializers.SerializerMethodField()

    class Meta:
        model = Event
        fields = [
            *EVENT_FIELDS,
            "game_wins_needed",
            "best_of",
            "effective_swiss_rounds",
            "effective_top_cut",
            "structure_warnings",
        ]
        read_only_fields = fields
        extra_kwargs = EVENT_HELP

    def get_structure_warnings(self, obj) -> list[str]:
        """Rematches the planned Swiss rounds make unavoidable (e.g. five rounds for four teams)."""
        return selectors.structure_warnings(obj)

    def get_best_of(self, obj) -> int:
        return 2 * obj.games_per_match - 1

    def get_effective_swiss_rounds(self, obj) -> int:
        return selectors.effective_structure(obj)[0]

    def get_effective_top_cut(self, obj) -> int:
        return selectors.effective_structure(obj)[1]


class EventWriteSerializer(serializers.Serializer):
    """Fields of an event; on create only ``name`` is required, the rest default by rule."""

    name = serializers.CharField(max_length=200, required=False)
    slug = serializers.SlugField(max_length=80, required=False)
    game = serializers.ChoiceField(Game.choices, required=False)
    format = serializers.ChoiceField(FormatCode.choices, required=False)
    rel = serializers.ChoiceField(REL.choices, required=False)
    tier = serializers.IntegerField(min_value=1, max_value=4, required=False)
    event_type = serializers.ChoiceField(EventType.choices, required=False)
    starts_at = serializers.DateTimeField(required=False, allow_null=True)
    time_zone = serializers.CharField(max_length=64, required=False)
    venue = serializers.CharField(max_length=200, required=False, allow_blank=True)
    capacity = serializers.IntegerField(min_value=2, required=False, allow_null=True)
    round_minutes = serializers.IntegerField(min_value=1, max_value=600, required=False)
    game_wins_needed = serializers.IntegerField(
        min_value=1,
        max_value=3,
        required=False,
        help_text=gettext_lazy(
            "game wins a player needs to win the match: 1 (one game), 2 (best of 3), 3 (best of 5)"
        ),
    )
    best_of = serializers.ChoiceField(
        [1, 3, 5],
        required=False,
        help_text=gettext_lazy("the same as best of N games: 1, 3 or 5 (game_wins_needed 1, 2, 3)"),
    )
    games_per_match = serializers.IntegerField(
        min_value=1,
        max_value=5,
        required=False,
        help_text=(
            gettext_lazy(
                "deprecated name of game_wins_needed (game wins needed, not best of N); "
                "only 1 or 2 are accepted under this name, since 3 could mean best of 3 or first to 3"
            )
        ),
    )
    swiss_rounds = serializers.IntegerField(min_value=1, max_value=30, required=False, allow_null=True)
    top_cut = serializers.IntegerField(min_value=0, max_value=64, required=False, allow_null=True)
    structure_kind = serializers.ChoiceField(StructureKind.choices, required=False)
    decklists_required = serializers.BooleanField(required=False)
    regular_deck_checks = serializers.BooleanField(required=False)
    bye_counts_in_cmp = serializers.BooleanField(required=False)
    standings_policy = serializers.ChoiceField(
        StandingsPolicy.choices,
        required=False,
        help_text=gettext_lazy("default by game (GA: points_3_1_0); pinned once paired"),
    )
    allow_self_registration = serializers.BooleanField(required=False)
    check_in_required = serializers.BooleanField(
        required=False,
        help_text=gettext_lazy("only checked-in players are paired (round 1 asks about the others)"),
    )
    allow_late_entries = serializers.BooleanField(
        required=False,
        help_text=gettext_lazy("staff may enter players after round 1 is paired (default: FaB yes, GA no)"),
    )
    short_public_names = serializers.BooleanField(
        required=False,
        help_text=gettext_lazy("Casual only: the public sees first names and last-name initials"),
    )
    trp_version = serializers.ChoiceField(TrpVersion.choices, required=False)
    ppg_version = serializers.ChoiceField(PpgVersion.choices, required=False)
    cr_version = serializers.ChoiceField(CrVersion.choices, required=False)
    status = serializers.ChoiceField(EventStatus.choices, required=False)
    card_release = serializers.PrimaryKeyRelatedField(
        queryset=CardDataRelease.objects.all(), required=False, allow_null=True
    )
    reason = serializers.CharField(required=False, allow_blank=True)

    def validate(self, attrs):
        """One number for the match length: ``game_wins_needed``, ``best_of`` or the old
        ``games_per_match`` (1 or 2 only), stored as ``games_per_match``; values that disagree
        are refused, so "3" never silently becomes first to 3 game wins (TR&P 3.1)."""
        wanted, said = {}, []
        if "game_wins_needed" in attrs:
            wanted["game_wins_needed"] = attrs.pop("game_wins_needed")
            said.append(f"game_wins_needed {wanted['game_wins_needed']}")
        if "best_of" in attrs:
            best_of = int(attrs.pop("best_of"))
            wanted["best_of"] = (best_of + 1) // 2
            said.append(
                _("best_of %(best_of)s (%(best_of2)s game wins)")
                % {"best_of": best_of, "best_of2": wanted["best_of"]}
            )
        if "games_per_match" in attrs:
            legacy = attrs.pop("games_per_match")
            if legacy > 2 and not wanted:
                raise serializers.ValidationError(
                    {
                        "games_per_match": (
                            _(
                                "games_per_match %(legacy)s is ambiguous (best of %(legacy)s, or first to %(legacy)s game wins?): send game_wins_needed (%(value)s for best of %(legacy)s) or best_of instead"
                            )
                            % {"legacy": legacy, "value": (legacy + 1) // 2}
                        )
                    }
                )
            wanted["games_per_match"] = legacy
            said.append(f"games_per_match {legacy}")
        values = set(wanted.values())
        if len(values) > 1:
            raise serializers.ValidationError(
                {
                    "game_wins_needed": _("the match length is given more than once and disagrees: %(said)s")
                    % {"said": ", ".join(said)}
                }
            )
        if values:
            attrs["games_per_match"] = values.pop()
        return attrs


class EventListView(APIView):
    """List events (public) or create one (any logged-in user becomes its organizer)."""

    def get_permissions(self):
        return [AllowAny()] if self.request.method == "GET" else [IsAuthenticated()]

    @extend_schema(responses=EventListSerializer(many=True), tags=["events"])
    def get(self, request):
        qs = Event.objects.exclude(status=EventStatus.DRAFT).order_by("-starts_at", "-id")[:200]
        return Response(EventListSerializer(qs, many=True).data)

    @extend_schema(request=EventWriteSerializer, responses={201: EventSerializer}, tags=["events"])
    def post(self, request):
        data = dict(validated(EventWriteSerializer, request))
        data.pop("reason", None)
        name = data.pop("name", None)
        if not name:
            raise DomainError(_("the event needs a name"), field="name")
        event = services.create_event(actor=request.user, name=name, **data)
        body = dict(EventSerializer(event).data)
        body["warnings"] = selectors.event_format_warnings(event)
        return Response(body, status=status.HTTP_201_CREATED)


class EventDetailView(APIView):
    def get_permissions(self):
        return [AllowAny()] if self.request.method == "GET" else [IsAuthenticated()]

    @extend_schema(responses=EventSerializer, tags=["events"])
    def get(self, request, slug):
        return Response(EventSerializer(_public_event(request, slug)).data)

    @extend_schema(request=EventWriteSerializer, responses=EventSerializer, tags=["events"])
    def patch(self, request, slug):
        data = dict(validated(EventWriteSerializer, request))
        reason = data.pop("reason", "")
        data.pop("slug", None)
        event = services.update_event(_event(request, slug), actor=request.user, reason=reason, **data)
        return Response(EventSerializer(event).data)


class FinishEventView(APIView):
    @extend_schema(request=None, responses=EventSerializer, tags=["events"])
    def post(self, request, slug):
        return Response(
            EventSerializer(services.finish_event(_event(request, slug), actor=request.user)).data
        )


class ReopenSerializer(serializers.Serializer):
    reason = serializers.CharField(
        max_length=2000, help_text=gettext_lazy("why the finished event is opened again")
    )


class ReopenEventView(APIView):
    """Open a finished event again (organizer, head judge) with a reason; audited."""

    @extend_schema(request=ReopenSerializer, responses=EventSerializer, tags=["events"])
    def post(self, request, slug):
        data = validated(ReopenSerializer, request)
        return Response(
            EventSerializer(
                services.reopen_event(_event(request, slug), actor=request.user, reason=data["reason"])
            ).data
        )


class AuditEntrySerializer(serializers.Serializer):
    created_at = serializers.DateTimeField()
    actor = serializers.CharField(source="actor.username", default=None, allow_null=True)
    action = serializers.CharField()
    object_repr = serializers.CharField()
    before = serializers.JSONField(allow_null=True)
    after = serializers.JSONField(allow_null=True)
    reason = serializers.CharField()


class EventAuditView(APIView):
    """The event's audit trail, newest first (staff), through the reader's lens: an entry about
    an object the reader may not read is left out, or cut down to what they may read of it
    (docs/access.md, "The audit trail")."""

    @extend_schema(responses=AuditEntrySerializer(many=True), tags=["events"])
    def get(self, request, slug):
        event = access.event_for_staff(request.user, slug, action="view_staff_pages")
        entries = selectors.audit_for_event(event, user=request.user)
        return Response(AuditEntrySerializer(entries, many=True).data)
