"""DRF API for running an event: serializers and API views (token or session auth).

Every write calls one service in ``tournament.services`` (which checks the actor's role and
audits); ``core.api.exception_handler`` maps DomainError/NotAllowed/ConflictError to
400/403/409. Published pairings, standings, the bracket and the round clock are public
(AllowAny); everything else needs a login and the right role.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.http import Http404
from django.shortcuts import get_object_or_404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_field, inline_serializer
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from cards.models import CardDataRelease
from core.api import validated
from core.errors import ConflictError, DomainError

from .. import access, live, selectors, services
from ..citations import both_games
from ..enums import (
    MAX_TABLE_NUMBER,
    PLAYED_RESULT_CHOICES,
    REL,
    RESULT_ROLES,
    CrVersion,
    EventStatus,
    EventType,
    FormatCode,
    Game,
    MatchResult,
    PpgVersion,
    ResultKind,
    StaffRole,
    StandingsPolicy,
    StructureKind,
    TrpVersion,
)
from ..forms import MY_RESULT_CHOICES, PlayerReportForm
from ..models import Event, Match, PlayerProfile, Registration, StaffAssignment, TeamInvitation

# --------------------------------------------------------------------------- serializers


# The service's settings (less the pairing seed, which stays with the staff) and the slug.
EVENT_FIELDS = ["slug", *(f for f in services.EVENT_FIELDS if f != "pairing_seed")]


#: The model's help texts name FaB's TR&P only; the API serves both games' events.
EVENT_HELP = {
    "swiss_rounds": {"help_text": f"Empty: the default from attendance ({both_games('structure_default')})."},
    "top_cut": {
        "help_text": f"Empty: the default from attendance ({both_games('structure_default')}); 0 means no play-off."
    },
    "games_per_match": {
        "help_text": "Game wins a player needs to win the match: 1 = a single game, 2 = best of three, "
        f"3 = best of five ({both_games('game_wins')}; Grand Archive Swiss is usually best of three)."
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
        help_text="game wins a player needs to win the match: 1 (one game), 2 (best of 3), 3 (best of 5)",
    )
    best_of = serializers.ChoiceField(
        [1, 3, 5],
        required=False,
        help_text="the same as best of N games: 1, 3 or 5 (game_wins_needed 1, 2, 3)",
    )
    games_per_match = serializers.IntegerField(
        min_value=1,
        max_value=5,
        required=False,
        help_text=(
            "deprecated name of game_wins_needed (game wins needed, not best of N); "
            "only 1 or 2 are accepted under this name, since 3 could mean best of 3 or first to 3"
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
        help_text="default by game (GA: points_3_1_0); pinned once paired",
    )
    allow_self_registration = serializers.BooleanField(required=False)
    check_in_required = serializers.BooleanField(
        required=False, help_text="only checked-in players are paired (round 1 asks about the others)"
    )
    allow_late_entries = serializers.BooleanField(
        required=False, help_text="staff may enter players after round 1 is paired (default: FaB yes, GA no)"
    )
    short_public_names = serializers.BooleanField(
        required=False, help_text="Casual only: the public sees first names and last-name initials"
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
            said.append(f"best_of {best_of} ({wanted['best_of']} game wins)")
        if "games_per_match" in attrs:
            legacy = attrs.pop("games_per_match")
            if legacy > 2 and not wanted:
                raise serializers.ValidationError(
                    {
                        "games_per_match": (
                            f"games_per_match {legacy} is ambiguous (best of {legacy}, or first to {legacy} "
                            f"game wins?): send game_wins_needed ({(legacy + 1) // 2} for best of {legacy}) "
                            "or best_of instead"
                        )
                    }
                )
            wanted["games_per_match"] = legacy
            said.append(f"games_per_match {legacy}")
        values = set(wanted.values())
        if len(values) > 1:
            raise serializers.ValidationError(
                {
                    "game_wins_needed": f"the match length is given more than once and disagrees: {', '.join(said)}"
                }
            )
        if values:
            attrs["games_per_match"] = values.pop()
        return attrs


def _lens(serializer) -> access.PlayerLens:
    """The viewer's lens from the serializer's context (none given: no IDs, full names)."""
    return serializer.context.get("lens") or access.PlayerLens()


class RegistrationSerializer(serializers.ModelSerializer):
    """A registration; ``player_id`` is null unless the viewer is the player or on the staff
    (pass ``context={"lens": access.player_lens(user, event)}``)."""

    player_id = serializers.SerializerMethodField()
    name = serializers.SerializerMethodField()

    def get_player_id(self, obj) -> str | None:
        return _lens(self).player_id(obj)

    def get_name(self, obj) -> str:
        return _lens(self).name(obj)

    class Meta:
        model = Registration
        fields = [
            "id", "player_id", "name", "status", "checked_in_at", "dropped_in_round", "joined_in_round",
            "fixed_table", "team_name", "team_position", "pod", "seat", "playoff_seat", "created_at",
        ]  # fmt: skip
        read_only_fields = fields
        # The model's help texts name FaB's TR&P only; the API serves both games' events.
        extra_kwargs = {
            "fixed_table": {"help_text": f"Pinned table (accessibility; {both_games('fixed_table')})."},
            "pod": {"help_text": f"Draft pod ({both_games('draft_seating')})."},
            "seat": {
                "help_text": f"Seat at the pod's draft table, clockwise from 1 ({both_games('draft_seating')})."
            },
            "playoff_seat": {
                "help_text": "Seat at the play-off draft table; the draft play-off bracket follows it "
                f"({both_games('draft_seating')})."
            },
        }


class RegisterSerializer(serializers.Serializer):
    """Self-registration: empty body (or player_id + display_name to create your profile).
    Staff: player_id (+ display_name for a new player), late_entry after pairings exist."""

    player_id = serializers.CharField(max_length=32, required=False)
    display_name = serializers.CharField(max_length=120, required=False)
    late_entry = serializers.BooleanField(required=False, default=False)
    approved = serializers.BooleanField(
        required=False,
        default=False,
        help_text=f"organizer's approval of a suspended player ({both_games('eligibility')})",
    )


class ReasonSerializer(serializers.Serializer):
    reason = serializers.CharField(required=False, allow_blank=True, default="")


class StaffSerializer(serializers.ModelSerializer):
    username = serializers.CharField(source="user.username", read_only=True)

    class Meta:
        model = StaffAssignment
        fields = ["id", "username", "role", "created_at", "ended_at"]
        read_only_fields = fields


class StaffWriteSerializer(serializers.Serializer):
    username = serializers.CharField(max_length=150)
    role = serializers.ChoiceField(StaffRole.choices)


class MatchSerializer(serializers.ModelSerializer):
    """A match; ``result`` and the games in the staff's A/B words, and ``my_outcome`` in the
    words of the phone form (win, loss, draw) for a player of the match."""

    round = serializers.IntegerField(source="round.number", read_only=True)
    player_a = RegistrationSerializer(read_only=True)
    player_b = RegistrationSerializer(read_only=True, allow_null=True)
    my_outcome = serializers.SerializerMethodField(
        help_text="for a player of this match: win, loss, draw, double_loss or bye from their side"
    )

    class Meta:
        model = Match
        fields = [
            "id", "round", "table_number", "player_a", "player_b", "result", "result_kind", "games_a",
            "games_b", "games_drawn", "extension_seconds", "report_status", "reported_at",
            "confirmed_at", "seed_a", "seed_b", "bracket_slot", "version", "my_outcome",
        ]  # fmt: skip
        read_only_fields = fields

    def get_my_outcome(self, match: Match) -> str | None:
        lens = self.context.get("lens")
        own = getattr(lens, "own_player_pk", None)
        if own is None or not match.result:
            return None
        if match.player_a.player_id == own:
            mine = "a"
        elif match.player_b is not None and match.player_b.player_id == own:
            mine = "b"
        else:
            return None
        if match.result in (MatchResult.DRAW, MatchResult.DOUBLE_LOSS, MatchResult.BYE):
            return "double_loss" if match.result == MatchResult.DOUBLE_LOSS else str(match.result)
        return "win" if match.result == mine else "loss"


class ClockSerializer(serializers.Serializer):
    state = serializers.CharField()
    duration_seconds = serializers.IntegerField()
    elapsed_seconds = serializers.FloatField()
    remaining_seconds = serializers.FloatField()
    ends_at = serializers.DateTimeField(allow_null=True)
    time_called = serializers.BooleanField()


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
        choices=[("drop", "drop them"), ("pair", "pair them anyway")],
        required=False,
        allow_null=True,
        help_text="round 1 of an event that uses check-in, when registered players have not checked in",
    )


class SwapSerializer(serializers.Serializer):
    first = serializers.IntegerField(help_text="registration id")
    second = serializers.IntegerField(help_text="registration id")
    reason = serializers.CharField()


class ClockActionSerializer(serializers.Serializer):
    action = serializers.ChoiceField(["start", "pause", "resume", "call_time", "adjust"])
    seconds = serializers.IntegerField(required=False, help_text="adjust only: + adds time, - removes")
    reason = serializers.CharField(required=False, allow_blank=True, default="")


class ReportSerializer(serializers.Serializer):
    """A player's report in the words of the phone form: ``outcome`` (win, loss, draw) and
    ``my_games`` / ``their_games`` from the reporter's side. The staff's A/B words (``result``,
    ``games_a``, ``games_b``) are still accepted in place of ``outcome``."""

    outcome = serializers.ChoiceField(
        MY_RESULT_CHOICES, required=False, help_text="the result from your side: win, loss or draw"
    )
    my_games = serializers.IntegerField(
        min_value=0, max_value=9, required=False, help_text="games you won (default: what the result implies)"
    )
    their_games = serializers.IntegerField(
        min_value=0, max_value=9, required=False, help_text="games your opponent won"
    )
    result = serializers.ChoiceField(
        [c for c in MatchResult.choices if c[0] not in ("", "bye", "double_loss", "unfinished")],
        required=False,
        help_text="staff words (player A / player B), instead of outcome",
    )
    games_a = serializers.IntegerField(min_value=0, max_value=20, default=0)
    games_b = serializers.IntegerField(min_value=0, max_value=20, default=0)
    games_drawn = serializers.IntegerField(min_value=0, max_value=20, default=0)
    intentional_draw = serializers.BooleanField(default=False)
    version = serializers.IntegerField(required=False, help_text="the match version you saw (409 if stale)")


class ConfirmSerializer(serializers.Serializer):
    version = serializers.IntegerField(required=False)


class ResultSerializer(serializers.Serializer):
    result = serializers.ChoiceField(PLAYED_RESULT_CHOICES)
    games_a = serializers.IntegerField(min_value=0, max_value=20, default=0)
    games_b = serializers.IntegerField(min_value=0, max_value=20, default=0)
    games_drawn = serializers.IntegerField(min_value=0, max_value=20, default=0)
    kind = serializers.ChoiceField(ResultKind.choices, default=ResultKind.PLAYED)
    reason = serializers.CharField(
        required=False, allow_blank=True, default="", help_text="required to correct"
    )
    version = serializers.IntegerField(required=False)


class ExtensionSerializer(serializers.Serializer):
    seconds = serializers.IntegerField(min_value=1, max_value=4 * 3600)
    reason = serializers.CharField(max_length=200)


class NoShowSerializer(serializers.Serializer):
    absent = serializers.ListField(child=serializers.IntegerField(), min_length=1, max_length=2)
    drop = serializers.BooleanField(default=True)


class StandingSerializer(serializers.Serializer):
    """One standings row: cmp, mlp, omlp, ocmp for FaB events (TR&P App D); omw, gw, ogw
    (fractions of 1) for 3/1/0 events (Grand Archive), with match points 3/1/0."""

    rank = serializers.IntegerField()
    registration_id = serializers.IntegerField()
    player_id = serializers.CharField(allow_null=True, help_text="null unless you are the player or staff")
    name = serializers.CharField()
    match_points = serializers.IntegerField()
    record = serializers.CharField()
    byes = serializers.IntegerField()
    cmp = serializers.FloatField(required=False, help_text="standings_policy fab")
    mlp = serializers.FloatField(required=False, help_text="standings_policy fab")
    omlp = serializers.FloatField(required=False, help_text="standings_policy fab")
    ocmp = serializers.FloatField(required=False, help_text="standings_policy fab")
    omw = serializers.FloatField(required=False, help_text="standings_policy points_3_1_0")
    gw = serializers.FloatField(required=False, help_text="standings_policy points_3_1_0")
    ogw = serializers.FloatField(required=False, help_text="standings_policy points_3_1_0")
    status = serializers.CharField()


def _event(request, slug: str) -> Event:
    """The event ``slug`` for an action: a draft event answers 404 to anyone off its staff,
    exactly like an unknown slug (its existence does not leak through a 403 or a 400)."""
    return access.event_for_viewer(request.user, slug)


def _public_event(request, slug: str) -> Event:
    """Public reads: a draft event is its staff's only (404 for everyone else)."""
    return access.event_for_viewer(request.user, slug)


def _round(event: Event, number: int):
    return selectors.round_by_number(event, number)


def _registration(event: Event, reg_id: int) -> Registration:
    return get_object_or_404(Registration.objects.select_related("player", "event"), event=event, pk=reg_id)


def _match(match_id: int, request=None) -> Match:
    """The match ``match_id``; 404 when it is unknown or belongs to a draft event the user
    does not staff."""
    match = get_object_or_404(
        Match.objects.select_related("round", "round__event", "player_a__player", "player_b__player"),
        pk=match_id,
    )
    if request is not None and not access.event_is_visible(request.user, match.round.event):
        raise Http404("no such match")
    return match


def _ctx(request, event: Event) -> dict:
    """Serializer context: what ``request.user`` may see of ``event``'s players."""
    return {"lens": access.player_lens(request.user, event)}


def _matches_payload(round_, context: dict) -> list:
    return MatchSerializer(selectors.matches_for_round(round_), many=True, context=context).data


# --------------------------------------------------------------------------- events


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
            raise DomainError("the event needs a name", field="name")
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


# --------------------------------------------------------------------------- players


class PlayerListView(APIView):
    """Registrations of an event (staff) and registration (self or by staff)."""

    @extend_schema(responses=RegistrationSerializer(many=True), tags=["players"])
    def get(self, request, slug):
        event = access.event_for_staff(request.user, slug)
        return Response(
            RegistrationSerializer(
                selectors.registrations_for_event(event), many=True, context=_ctx(request, event)
            ).data
        )

    @extend_schema(
        request=RegisterSerializer,
        responses={
            201: RegistrationSerializer,
            202: inline_serializer(
                "PendingRegistration",
                {
                    "status": serializers.CharField(),
                    "player_id": serializers.CharField(),
                    "detail": serializers.CharField(),
                },
            ),
        },
        tags=["players"],
    )
    def post(self, request, slug):
        """Staff register a player; a player registers themself. An account without a player ID
        yet gets 202: the registration waits for the staff to confirm the ID (same answer
        whether or not the ID is on file)."""
        event = _event(request, slug)
        data = validated(RegisterSerializer, request)
        staff = access.can_manage_players(request.user, event)
        pid = services.tidy_player_id(data.get("player_id") or "")
        options = {"late_entry": data["late_entry"], "approved": data["approved"]}
        new_profile = None
        if staff and pid:
            profile = PlayerProfile.objects.filter(player_id__iexact=pid).first()
            if profile is None:
                if not data.get("display_name"):
                    raise DomainError(
                        f"no player with ID {pid}: give a display_name to create one", field="player_id"
                    )
                new_profile = {"player_id": pid, "display_name": data["display_name"]}
        else:
            profile = PlayerProfile.objects.filter(user=request.user).first()
            if profile is None:
                if not pid or not data.get("display_name"):
                    raise DomainError(
                        "you have no player profile yet: send your player_id and display_name",
                        field="player_id",
                    )
                # Nothing is linked on the player's word (TR&P 1.5): staff confirm it at the desk,
                # and the answer is the same whether or not the ID is on file.
                asked = services.request_self_registration(
                    event, user=request.user, player_id=pid, display_name=data["display_name"]
                )
                return Response(
                    {
                        "status": "pending",
                        "player_id": asked,
                        "detail": services.PENDING_REGISTRATION_MESSAGE,
                    },
                    status=status.HTTP_202_ACCEPTED,
                )
        if new_profile is not None:  # profile and registration together, or neither
            reg = services.register_new_player(event, actor=request.user, **new_profile, **options)
            return Response(RegistrationSerializer(reg).data, status=status.HTTP_201_CREATED)
        reg = services.register_player(
            event,
            player=profile,
            actor=request.user,
            late_entry=data["late_entry"],
            approved=data["approved"],
        )
        return Response(
            RegistrationSerializer(reg, context=_ctx(request, event)).data, status=status.HTTP_201_CREATED
        )


def _registration_action(name: str, func, doc: str, *, needs_reason: bool = False):
    class _View(APIView):
        __doc__ = doc

        @extend_schema(request=ReasonSerializer, responses=RegistrationSerializer, tags=["players"])
        def post(self, request, slug, reg_id):
            event = _event(request, slug)
            reg = _registration(event, reg_id)
            reason = validated(ReasonSerializer, request)["reason"]
            kwargs = {"reason": reason} if needs_reason or func is not services.check_in else {}
            updated = func(reg, actor=request.user, **kwargs)
            return Response(RegistrationSerializer(updated, context=_ctx(request, event)).data)

    _View.__name__ = f"Registration{name}View"
    return _View


CheckInView = _registration_action("CheckIn", services.check_in, "Check in (the player or staff).")
DropView = _registration_action(
    "Drop", services.drop_registration, f"Drop (the player or staff; {both_games('drop')})."
)
ReenterView = _registration_action(
    "Reenter", services.reenter_registration, f"Re-enter (head judge; {both_games('drop')})."
)
DisqualifyView = _registration_action(
    "Disqualify",
    services.disqualify_registration,
    f"Disqualify (head judge; {both_games('disqualify')}).",
    needs_reason=True,
)


# --------------------------------------------------------------------------- staff


class StaffListView(APIView):
    @extend_schema(responses=StaffSerializer(many=True), tags=["staff"])
    def get(self, request, slug):
        event = access.event_for_staff(request.user, slug)
        qs = StaffAssignment.objects.filter(event=event).select_related("user").order_by("role", "id")
        return Response(StaffSerializer(qs, many=True).data)

    @extend_schema(request=StaffWriteSerializer, responses={201: StaffSerializer}, tags=["staff"])
    def post(self, request, slug):
        event = _event(request, slug)
        data = validated(StaffWriteSerializer, request)
        user = get_user_model().objects.filter(username=data["username"]).first()
        if user is None:
            raise DomainError(f"no user {data['username']!r}", field="username")
        assignment = services.assign_staff(event, user=user, role=data["role"], actor=request.user)
        return Response(StaffSerializer(assignment).data, status=status.HTTP_201_CREATED)


class StaffDetailView(APIView):
    @extend_schema(request=ReasonSerializer, responses=StaffSerializer, tags=["staff"])
    def delete(self, request, slug, staff_id):
        event = _event(request, slug)
        assignment = get_object_or_404(StaffAssignment, event=event, pk=staff_id)
        reason = (request.data or {}).get("reason", "") if hasattr(request, "data") else ""
        assignment = services.end_staff_assignment(assignment, actor=request.user, reason=str(reason))
        return Response(StaffSerializer(assignment).data)


# --------------------------------------------------------------------------- rounds


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


def _visible_round_or_staff(request, slug, number):
    event = _public_event(request, slug)
    rnd = _round(event, number)
    if not selectors.round_is_public(rnd) and not access.can_run_rounds(request.user, event):
        raise Http404(f"round {number} is not published yet")
    return event, rnd


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
        help_text="round 1 with problems (e.g. missing or illegal decklists): why it is published anyway",
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


class ClockView(APIView):
    """The round clock (public, server time) and clock actions (staff)."""

    def get_permissions(self):
        return [AllowAny()] if self.request.method == "GET" else [IsAuthenticated()]

    @extend_schema(responses=ClockSerializer, tags=["rounds"])
    def get(self, request, slug, number):
        _event_obj, rnd = _visible_round_or_staff(request, slug, number)
        return Response(selectors.clock_status(rnd).as_dict())

    @extend_schema(request=ClockActionSerializer, responses=ClockSerializer, tags=["rounds"])
    def post(self, request, slug, number):
        rnd = _round(_event(request, slug), number)
        data = validated(ClockActionSerializer, request)
        action = data["action"]
        if action == "start":
            rnd = services.start_clock(rnd, actor=request.user)
        elif action == "pause":
            rnd = services.pause_clock(rnd, actor=request.user, reason=data["reason"])
        elif action == "resume":
            rnd = services.resume_clock(rnd, actor=request.user)
        elif action == "call_time":
            rnd = services.call_time(rnd, actor=request.user)
        else:
            if data.get("seconds") is None:
                raise DomainError("adjust needs seconds", field="seconds")
            rnd = services.adjust_clock(
                rnd, seconds=data["seconds"], actor=request.user, reason=data["reason"]
            )
        return Response(selectors.clock_status(rnd).as_dict())


# --------------------------------------------------------------------------- matches


class MatchDetailView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(responses=MatchSerializer, tags=["matches"])
    def get(self, request, match_id):
        match = _match(match_id, request)
        if not access.event_is_visible(request.user, match.round.event):
            raise Http404("no such match")
        if not selectors.round_is_public(match.round) and not access.can_run_rounds(
            request.user, match.round.event
        ):
            raise Http404("no such match")
        return Response(MatchSerializer(match, context=_ctx(request, match.round.event)).data)


def _reported_result(match: Match, user, data: dict) -> tuple[str, int, int]:
    """(result, games A, games B) of a player's report: ``outcome`` is read exactly as the phone
    form reads it (same defaults, same refusals); ``result`` in A/B words as given."""
    if data.get("outcome"):
        if data.get("result"):
            raise DomainError("send either outcome (win, loss, draw) or result (a, b, draw), not both")
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
        raise DomainError("say how the match ended: outcome is win, loss or draw", field="outcome")
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
        kwargs = dict(
            actor=request.user,
            result=data["result"],
            games_a=data["games_a"],
            games_b=data["games_b"],
            games_drawn=data["games_drawn"],
            kind=data["kind"],
            expected_version=data.get("version"),
        )
        if match.result == MatchResult.PENDING:
            match = services.enter_result(match, reason=data["reason"], **kwargs)
        elif data.get("version") is None:
            access.require_role(request.user, match.round.event, RESULT_ROLES, "correct results")
            # Another entry got there first: changing it is a correction of what this client
            # has not seen. It must send the version it saw (then it is a deliberate correction).
            raise ConflictError(
                f"table {match.table_number} already has a result ({match.get_result_display()}); "
                "send the version you saw to correct it",
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
        access.event_for_staff(request.user, match.round.event.slug, roles=RESULT_ROLES)
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


class ExtensionView(APIView):
    @extend_schema(request=ExtensionSerializer, responses=MatchSerializer, tags=["matches"])
    def post(self, request, match_id):
        data = validated(ExtensionSerializer, request)
        match = services.add_match_extension(
            _match(match_id, request), seconds=data["seconds"], reason=data["reason"], actor=request.user
        )
        return Response(MatchSerializer(match, context=_ctx(request, match.round.event)).data)


class NoShowView(APIView):
    @extend_schema(request=NoShowSerializer, responses=MatchSerializer, tags=["matches"])
    def post(self, request, match_id):
        match = _match(match_id, request)
        data = validated(NoShowSerializer, request)
        absent = list(Registration.objects.filter(event=match.round.event, pk__in=data["absent"]))
        match = services.record_no_show(match, absent=absent, actor=request.user, drop=data["drop"])
        return Response(MatchSerializer(match, context=_ctx(request, match.round.event)).data)


# --------------------------------------------------------------------------- standings


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
                raise DomainError("after_round must be a round number", field="after_round") from None
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
            MatchSerializer([m for m in ms], many=True, context=context).data
            for ms in selectors.bracket_for_event(event)
            if selectors.round_is_public(ms[0].round)
        ]
        return Response({"rounds": rounds, "procedure": selectors.elimination_procedure(event)})


class ClaimSerializer(serializers.Serializer):
    registration = serializers.IntegerField()
    name = serializers.CharField()
    result = serializers.CharField(help_text="a, b or draw (the staff's words)")
    games_a = serializers.IntegerField()
    games_b = serializers.IntegerField()
    games_drawn = serializers.IntegerField()


class ReconciliationMatchSerializer(MatchSerializer):
    """A disputed match with what each player reported (by name)."""

    claims = serializers.SerializerMethodField()

    class Meta(MatchSerializer.Meta):
        fields = [*MatchSerializer.Meta.fields, "claims"]
        read_only_fields = fields

    @extend_schema_field(ClaimSerializer(many=True))
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
        event = access.event_for_staff(request.user, slug, roles=RESULT_ROLES)
        return Response(
            ReconciliationMatchSerializer(
                selectors.reconciliation_queue(event), many=True, context=_ctx(request, event)
            ).data
        )


# --------------------------------------------------------------------------- more actions


class DaySerializer(serializers.Serializer):
    """One day of a day plan; what is missing is named by the service for the whole plan at once."""

    number = serializers.IntegerField(min_value=1)
    rel = serializers.ChoiceField(REL.choices, required=False, allow_null=True)
    date = serializers.DateField(required=False, allow_null=True)
    swiss_rounds = serializers.IntegerField(min_value=1, required=False, allow_null=True)
    cut_size = serializers.IntegerField(min_value=2, required=False, allow_null=True)
    cut_max_losses = serializers.IntegerField(min_value=0, required=False, allow_null=True)


class DaysSerializer(serializers.Serializer):
    days = DaySerializer(many=True)


class EventDaysView(APIView):
    """The day plan of a multi-day event: a REL per day and the day-2 cut (FaB TR&P 1.2, App B;
    Grand Archive: organizer's policy)."""

    def get_permissions(self):
        return [AllowAny()] if self.request.method == "GET" else [IsAuthenticated()]

    @extend_schema(responses=DaySerializer(many=True), tags=["events"])
    def get(self, request, slug):
        return Response(DaySerializer(_public_event(request, slug).days.all(), many=True).data)

    @extend_schema(request=DaysSerializer, responses=DaySerializer(many=True), tags=["events"])
    def put(self, request, slug):
        data = validated(DaysSerializer, request)
        days = services.set_event_days(
            _event(request, slug), actor=request.user, days=[dict(d) for d in data["days"]]
        )
        return Response(DaySerializer(days, many=True).data)


class FinishEventView(APIView):
    @extend_schema(request=None, responses=EventSerializer, tags=["events"])
    def post(self, request, slug):
        return Response(
            EventSerializer(services.finish_event(_event(request, slug), actor=request.user)).data
        )


class ReopenSerializer(serializers.Serializer):
    reason = serializers.CharField(max_length=2000, help_text="why the finished event is opened again")


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


class FixedTableSerializer(serializers.Serializer):
    table_number = serializers.IntegerField(min_value=1, max_value=MAX_TABLE_NUMBER, allow_null=True)
    reason = serializers.CharField(required=False, allow_blank=True, default="")


class FixedTableView(APIView):
    """Pin a player to a table (accessibility, head judge; FaB TR&P 3.10; Grand Archive:
    organizer's policy)."""

    @extend_schema(request=FixedTableSerializer, responses=RegistrationSerializer, tags=["players"])
    def post(self, request, slug, reg_id):
        event = _event(request, slug)
        data = validated(FixedTableSerializer, request)
        reg = services.set_fixed_table(
            _registration(event, reg_id),
            table_number=data["table_number"],
            actor=request.user,
            reason=data["reason"],
        )
        return Response(RegistrationSerializer(reg, context=_ctx(request, event)).data)


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
            raise Http404("this player is not in the standings")
        return Response(data)


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


class PenaltySerializer(serializers.Serializer):
    loser = serializers.IntegerField(help_text="registration id of the penalised player")
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
        access.event_for_staff(request.user, match.round.event.slug, roles=RESULT_ROLES)
        data = validated(PenaltySerializer, request)
        loser = _registration(match.round.event, data["loser"])
        match = services.record_penalty_result(
            match, loser=loser, kind=data["kind"], actor=request.user, reason=data["reason"]
        )
        return Response(MatchSerializer(match, context=_ctx(request, match.round.event)).data)


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
        event = access.event_for_staff(request.user, slug)
        entries = selectors.audit_for_event(event, user=request.user)
        return Response(AuditEntrySerializer(entries, many=True).data)


# --------------------------------------------------------------------------- teams


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
        if not access.can_manage_players(request.user, event):
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
                raise DomainError(f"no player with ID {m['player_id']}", field=f"members[{i}].player_id")
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
            raise Http404("no such invitation")
        invitation = services.answer_team_invitation(invitation, actor=request.user, accept=self.accept)
        return Response(TeamInvitationSerializer(invitation).data)


class TeamInvitationAcceptView(TeamInvitationAnswerView):
    accept = True


class TeamInvitationDeclineView(TeamInvitationAnswerView):
    accept = False
