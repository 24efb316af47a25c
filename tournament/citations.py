"""Which rules document a message cites, by game: one table keyed by topic.

Flesh and Blood (FaB) events cite the TR&P and the PPG; Grand Archive (GA) events cite GA's
own organised-play documents (the Tournament Rules and Guidelines "GA TRG", the Infraction
Policy Guide "GA IPG", the Judge Handbook "GA JH") by the name of the page. Where GA's
documents say nothing on a topic, the GA text is a plain statement of whose decision it is
("organizer's policy", "head judge's decision"), never a made-up GA rule number.

``cite(event, "drop")`` gives the citation alone, e.g. ``"TR&P 3.6"`` or
``"GA TRG Dropping from Tournaments"``; messages put it in brackets at their end.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from .enums import Game

# The few entries that are words rather than a rule number are marked for the catalogue here
# (``gettext_noop``) and translated when cited; a rule number passes through gettext unchanged.
ORGANIZER_POLICY = gettext_noop("organizer's policy")
HEAD_JUDGE_DECIDES = gettext_noop("head judge's decision")

#: topic -> (FaB citation, GA citation). The FaB side is the text the messages always had.
CITATIONS: dict[str, tuple[str, str]] = {
    # Player IDs: FaB's GEM ID (TR&P 1.5); GA players use Omnidex accounts, the format is ours.
    "player_id": ("TR&P 1.5", ORGANIZER_POLICY),
    # Officials playing, bans and suspensions: GA's documents set no rule we rely on.
    "officials_play": ("TR&P 1.4, 2.1", ORGANIZER_POLICY),
    "eligibility": ("TR&P 1.4", ORGANIZER_POLICY),
    # Officials' roles (one head judge, organizer not judging at tier 2+): not in GA's texts.
    "officials": ("TR&P 2.1", ORGANIZER_POLICY),
    # Drops, no-shows and re-entry: GA TRG "Dropping from Tournaments" (re-entry is appealed to
    # the lead judge).
    "drop": ("TR&P 3.6", "GA TRG Dropping from Tournaments"),
    # Disqualifications: GA's Judge Handbook has the head judge review Match Losses and DQs.
    "disqualify": ("PPG 1.4", "GA JH: head judge reviews"),
    "fixed_table": ("TR&P 3.10", ORGANIZER_POLICY),
    # Play-offs: GA TRG Round Structure, untimed elimination rounds played until a match win.
    "playoff_draw": ("TR&P 3.4, 3.5", "GA TRG Round Structure"),
    "playoff_intentional_draw": ("TR&P 3.5", "GA TRG Round Structure"),
    "untimed_playoff": ("TR&P 3.1", "GA TRG Round Structure"),
    # Game wins needed: GA matches are best of 1, 3 or 5 as the event sets it.
    "game_wins": ("TR&P 3.1", gettext_noop("the event's match setting")),
    "tier": ("TR&P 1.1", gettext_noop("our tiers for GA's event ladder")),
    # Teams: GA Team Standard is a GA TRG format; booster-draft seating is not in GA's texts.
    "team": ("TR&P 9.2", "GA TRG Team Standard Constructed"),
    "draft_seating": ("TR&P 8.2", ORGANIZER_POLICY),
    # Judging. GA IPG "Issuing Penalties": head judges deviate only with an explanation.
    "penalty_deviation": ("PPG 1.2", "GA IPG Issuing Penalties"),
    "dq_statement": ("PPG 1.4", "for the head judge's review, GA JH"),
    "time_extension": ("TR&P 3.2, PPG 1.2", "GA TRG Time Extensions"),
    "deck_check_time": ("TR&P 3.2, 3.8", "GA TRG Time Extensions"),
    # GA's documents do not say a late player's table gets the delay back: our policy.
    "tardiness_delay": ("PPG 4.1.1, 2.3", ORGANIZER_POLICY),
    # Page texts (judging, decklists, tournament staff pages). GA TRG "Time Extensions": a judge
    # who holds a match adds the time taken.
    "match_extension": ("TR&P 3.2", "GA TRG Time Extensions"),
    # Regular deck checks: GA's Judge Handbook mentions routine checks but sets no rate.
    "deck_check_plan": ("TR&P 3.8", HEAD_JUDGE_DECIDES),
    # Rulings and appeals: GA TRG "Judge Calls and Appeals".
    "appeal": ("TR&P 3.9", "GA TRG Judge Calls and Appeals"),
    "ruling_time": ("TR&P 3.2, PPG 1.2", "GA TRG Time Extensions"),
    "concession": ("TR&P 3.5", "GA TRG Intentional Draws and Concessions"),
    "playoff_end": ("TR&P 3.4", "GA TRG Round Structure"),
    # Decklists: GA TRG has a Decklists page, but its deadline and who sees the lists are not
    # in our reference (ga-organized-play.md section 6): the organizer sets them.
    "decklist_deadline": ("TR&P 3.7", ORGANIZER_POLICY),
    "decklist_frozen": ("TR&P 3.7, PPG 4.4", "GA IPG Decklist Issue"),
    "decklist_kind": ("TR&P App E", "GA TRG Decklists"),
    "head_judge_changes_list": ("PPG 4.4", "GA IPG Decklist Issue"),
    "decklist_fix": ("PPG 4.4", "GA IPG Decklist Issue"),
    "pool_registration": ("TR&P 8.1.1", ORGANIZER_POLICY),
    "limited_sets": ("TR&P 8.1, 8.2", ORGANIZER_POLICY),
    # Multi-day events: GA has no named REL and no day-2 cut rule.
    "day_cut": ("TR&P Appendix B", ORGANIZER_POLICY),
    # API help texts, which serve events of both games (``both_games``).
    "structure_default": ("TR&P App B", gettext_noop("our default from attendance")),
    "penalty_effect": ("PPG 1.4", "GA IPG"),
    "recommendation": ("PPG", "GA IPG"),
}


def _game(event_or_game) -> str:
    return getattr(event_or_game, "game", event_or_game)


def is_ga(event_or_game) -> bool:
    """True for a Grand Archive event (or the GA game code)."""
    return _game(event_or_game) == Game.GA


def both_games(topic: str) -> str:
    """Both games' citations of ``topic``, for a text that serves every event (an API help
    text): ``"FaB TR&P 3.6; Grand Archive: GA TRG Dropping from Tournaments"``."""
    fab, ga = CITATIONS[topic]
    return _("FaB %(fab)s; Grand Archive: %(ga)s") % {
        "fab": _(fab) if fab else fab,
        "ga": _(ga) if ga else ga,
    }


def cite(event_or_game, topic: str) -> str:
    """The citation of ``topic`` for this event's game (an Event, or a ``Game`` value)."""
    fab, ga = CITATIONS[topic]
    text = ga if is_ga(event_or_game) else fab
    return _(text) if text else text  # gettext("") would answer the catalogue's header
