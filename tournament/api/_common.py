"""What every API module shares: the lookups that answer 404 for what the user may not see,
the serializer context (the viewer's lens on players) and the registration and match
serializers that several domains answer with."""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from rest_framework import serializers

from .. import access, selectors
from ..citations import both_games
from ..enums import MatchResult
from ..models import Event, Match, Registration


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


class ReasonSerializer(serializers.Serializer):
    reason = serializers.CharField(required=False, allow_blank=True, default="")


class MatchSerializer(serializers.ModelSerializer):
    """A match; ``result`` and the games in the staff's A/B words, and ``my_outcome`` in the
    words of the phone form (win, loss, draw) for a player of the match."""

    round = serializers.IntegerField(source="round.number", read_only=True)
    player_a = RegistrationSerializer(read_only=True)
    player_b = RegistrationSerializer(read_only=True, allow_null=True)
    my_outcome = serializers.SerializerMethodField(
        help_text=gettext_lazy(
            "for a player of this match: win, loss, draw, double_loss or bye from their side"
        )
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
        raise Http404(_("no such match"))
    return match


def _ctx(request, event: Event) -> dict:
    """Serializer context: what ``request.user`` may see of ``event``'s players."""
    return {"lens": access.player_lens(request.user, event)}


def _matches_payload(round_, context: dict) -> list:
    return MatchSerializer(selectors.matches_for_round(round_), many=True, context=context).data


def _visible_round_or_staff(request, slug, number):
    event = _public_event(request, slug)
    rnd = _round(event, number)
    if not selectors.round_is_public(rnd) and not access.can(request.user, event, "run_rounds"):
        raise Http404(_("round %(number)s is not published yet") % {"number": number})
    return event, rnd
