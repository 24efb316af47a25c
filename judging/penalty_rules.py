"""Penalty arithmetic as pure functions (no Django import).

Recommended penalty per REL, repeat upgrades, the head-judge confirmation gate,
tardiness thresholds, clock extensions, Intellect Penalty counters and the deck-check
plan and comparison. Services call these; tests check them table by table.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from .catalogue import (
    CASUAL,
    CAUTION,
    DEFAULT_VERSION,
    DISQUALIFICATION,
    GA_CONDUCT,
    GA_IPG,
    GA_PENALTIES,
    GA_TOURNAMENT,
    GAME_LOSS,
    IP2,
    IP3,
    MATCH_LOSS,
    PENALTY_LABELS,
    PROFESSIONAL,
    RELS,
    REPEAT_GAMEPLAY,
    REPEAT_LADDER,
    REPEAT_TOURNAMENT,
    SEVERITY,
    WARNING,
    Infraction,
    ga_infraction,
    get_infraction,
)

_LADDER_BY_SEVERITY = {0: CAUTION, 1: WARNING, 2: IP2, 3: GAME_LOSS, 4: MATCH_LOSS, 5: DISQUALIFICATION}


def _check_penalty(penalty: str) -> None:
    if penalty not in SEVERITY:
        raise ValueError(f"unknown penalty {penalty!r}; expected one of {', '.join(SEVERITY)}")


def _check_rel(rel: str) -> None:
    if rel not in RELS:
        raise ValueError(f"unknown REL {rel!r}; expected one of {', '.join(RELS)}")


def shift(penalty: str, steps: int) -> str:
    """PPG 1.4: move ``steps`` severity levels; landing on the IP level gives IP2; clamps at the ends."""
    _check_penalty(penalty)
    if steps == 0:
        return penalty
    severity = min(5, max(0, SEVERITY[penalty] + steps))
    return _LADDER_BY_SEVERITY[severity]


def allowed_at_rel(penalty: str, rel: str) -> bool:
    """PPG 2.1: Casual has no Warnings and no Intellect Penalties."""
    _check_penalty(penalty)
    _check_rel(rel)
    return not (rel == CASUAL and penalty in (WARNING, IP2, IP3))


@dataclass(frozen=True)
class Recommendation:
    infraction: Infraction
    rel: str
    base: str
    penalty: str
    variant: str = ""
    upgraded: bool = False
    explanation: tuple[str, ...] = field(default_factory=tuple)

    @property
    def label(self) -> str:
        return PENALTY_LABELS[self.penalty]


def recommend(
    infraction_code: str,
    rel: str,
    *,
    prior_today: int = 0,
    prior_in_event: int | None = None,
    variant: str = "",
    version: str = DEFAULT_VERSION,
) -> Recommendation:
    """The recommended penalty for one infraction.

    ``prior_today`` counts earlier penalties of this infraction type for the same player on
    the same tournament day; ``prior_in_event`` counts them across the whole event (used by
    infractions whose own repeat rule does not reset daily, PPG 5.1.1, 5.9).

    - Base penalty by REL (PPG 2-5; Casual per PPG 2.1 has no Warnings or IPs).
    - Situational variant named in the infraction's PPG section (Competitive/Professional only).
    - PPG ch.3 preamble: the 3rd+ gameplay infraction of one type in a day, +1 severity
      (except FtMGS). PPG ch.4 preamble: the 2nd+ tournament infraction of one type in a day,
      +1 severity (except Tardiness). One step only, not cumulative (OPEN-26).
    - Own ladders: Slow Play (PPG 4.3), Unsporting Conduct - Minor (PPG 5.1.1),
      Improper Concession (PPG 5.9).
    Casual events get no repeat upgrades: the PPG ch.3-5 escalation rules are Competitive
    and Professional guidance.
    """
    _check_rel(rel)
    if prior_today < 0 or (prior_in_event is not None and prior_in_event < 0):
        raise ValueError("prior infraction counts cannot be negative")
    if prior_in_event is None:
        prior_in_event = prior_today
    infraction = get_infraction(infraction_code, version)
    base = infraction.recommended(rel)
    penalty = base
    notes: list[str] = [f"{infraction.rule}: {PENALTY_LABELS[base]} at {rel.title()} REL"]
    if variant:
        if rel == CASUAL:
            raise ValueError(
                "situational up/downgrades are Competitive and Professional guidance (PPG ch.3-5)"
            )
        chosen = infraction.variant(variant)
        penalty = chosen.penalty_at(rel)
        notes.append(f"{infraction.rule}: {chosen.label} -> {PENALTY_LABELS[penalty]}")
    upgraded = False
    if rel != CASUAL:
        if infraction.repeat == REPEAT_GAMEPLAY and prior_today >= 2:
            penalty, upgraded = shift(penalty, 1), True
            notes.append(f"PPG ch.3: instance {prior_today + 1} of this gameplay infraction today -> +1")
        elif infraction.repeat == REPEAT_TOURNAMENT and prior_today >= 1:
            penalty, upgraded = shift(penalty, 1), True
            notes.append(f"PPG ch.4: instance {prior_today + 1} of this tournament infraction today -> +1")
        elif infraction.repeat == REPEAT_LADDER and not variant:
            count = prior_today if infraction.ladder_per_day else prior_in_event
            if count:
                penalty = infraction.ladder[min(count, len(infraction.ladder) - 1)]
                upgraded = penalty != base
                notes.append(f"{infraction.rule}: repeat {count + 1} -> {PENALTY_LABELS[penalty]}")
    return Recommendation(
        infraction=infraction,
        rel=rel,
        base=base,
        penalty=penalty,
        variant=variant,
        upgraded=upgraded,
        explanation=tuple(notes),
    )


def allowed_in_ga(penalty: str) -> bool:
    """GA IPG: the penalties are Warning, Game Loss, Match Loss and Disqualification."""
    _check_penalty(penalty)
    return penalty in GA_PENALTIES


def recommend_ga(
    infraction_code: str,
    rel: str,
    *,
    prior_today: int = 0,
    prior_in_event: int | None = None,
    variant: str = "",
    version: str = DEFAULT_VERSION,
) -> Recommendation:
    """The recommendation in a Grand Archive event: GA IPG, not the FaB PPG.

    - Base penalty: the GA IPG quick sheet's for the matching GA infraction, at every level
      (GA has no named REL); below Store Championship tier (our Casual) the IPG's Variable
      Enforcement may be more lenient: the head judge decides, the note says so.
    - Repeats: a Tournament Error Warning after one of the same type the same day is a Game
      Loss (GA IPG Tournament Errors); a repeated Minor Conduct Violation is a Game Loss.
    - FaB's situational variants do not exist here (refused: the head judge deviates instead).
    - A code with no GA counterpart: a Warning placeholder, and a note that the head judge decides.
    """
    _check_rel(rel)
    if prior_today < 0 or (prior_in_event is not None and prior_in_event < 0):
        raise ValueError("prior infraction counts cannot be negative")
    if prior_in_event is None:
        prior_in_event = prior_today
    infraction = ga_infraction(infraction_code, version)
    if variant:
        raise ValueError(
            "named situations are FaB guidance; in a Grand Archive event the head judge deviates with a reason"
        )
    ga = GA_IPG.get(infraction_code)
    base = infraction.competitive
    if ga is None:
        note = (
            f"{infraction.name}: Flesh and Blood's penalty guide does not apply to a Grand Archive event and our GA IPG "
            "reference names no matching infraction: the head judge decides the penalty"
        )
        return Recommendation(infraction=infraction, rel=rel, base=base, penalty=base, explanation=(note,))
    notes = [f"{ga.heading}: {PENALTY_LABELS[base]}"]
    penalty, upgraded = base, False
    if ga.category == GA_TOURNAMENT and base == WARNING and prior_today >= 1:
        penalty, upgraded = GAME_LOSS, True
        notes.append(f"GA IPG Tournament Errors: an earlier {ga.name} today -> {PENALTY_LABELS[penalty]}")
    elif ga.category == GA_CONDUCT and ga.subclass == "Minor" and prior_in_event >= 1:
        penalty, upgraded = GAME_LOSS, True
        notes.append(f"GA IPG {ga.name}: repeated -> {PENALTY_LABELS[penalty]}")
    if rel == CASUAL:
        notes.append(
            "GA IPG Variable Enforcement: below Store Championship tier the head judge may be more lenient"
        )
    return Recommendation(
        infraction=infraction,
        rel=rel,
        base=base,
        penalty=penalty,
        upgraded=upgraded,
        explanation=tuple(notes),
    )


def requires_head_judge_confirmation(
    infraction_code: str,
    penalty: str,
    *,
    deviation: bool = False,
    version: str = DEFAULT_VERSION,
    ga: bool = False,
) -> bool:
    """PPG 1.2: IP2 or higher is confirmed by the head judge, except Tardiness and Decklist Error.

    A deviation from the recommendation is the head judge's decision (PPG 1.2), so it always
    needs them, whatever the penalty. ``ga``: a Grand Archive event, where the head judge
    reviews Match Losses and Disqualifications (GA Judge Handbook) and every penalty for an
    infraction with no GA IPG counterpart.
    """
    _check_penalty(penalty)
    infraction = get_infraction(infraction_code, version)
    if deviation:
        return True
    if ga:
        return infraction_code not in GA_IPG or SEVERITY[penalty] >= SEVERITY[MATCH_LOSS]
    return SEVERITY[penalty] >= SEVERITY[IP2] and not infraction.confirmation_exempt


# --- tardiness (PPG 4.1, 2.3) -----------------------------------------------------------

MINOR_THRESHOLD_MINUTES = {PROFESSIONAL: 0, "competitive": 3}
MAJOR_THRESHOLD_MINUTES = 10


def tardiness_infraction(
    seconds_late: int,
    rel: str,
    *,
    minor_minutes: int | None = None,
    major_minutes: int = MAJOR_THRESHOLD_MINUTES,
) -> str | None:
    """Which Tardiness infraction applies, or None.

    PPG 4.1: Minor from 3 min (Competitive) or any lateness (Professional), Major from 10 min;
    the TO may announce other thresholds. PPG 2.3 (Casual): under 10 min only extends the
    match (None here), 10+ is a Match Loss.
    """
    _check_rel(rel)
    if seconds_late < 0:
        raise ValueError("seconds late cannot be negative")
    if seconds_late == 0:
        return None
    if seconds_late >= major_minutes * 60:
        return "tardiness_major"
    if rel == CASUAL:
        return None
    threshold = MINOR_THRESHOLD_MINUTES[rel] if minor_minutes is None else minor_minutes
    if seconds_late >= threshold * 60:
        return "tardiness_minor"
    return None


#: GA TRG Timeliness: players start within 5 minutes of the round timer starting.
GA_START_MINUTES = 5


def ga_tardiness_infraction(seconds_late: int) -> str | None:
    """Grand Archive: later than GA_START_MINUTES after the round timer started is Tardiness
    (GA TRG Timeliness; GA IPG Tardiness, a Game Loss), recorded under ``tardiness_minor``;
    earlier is no infraction. GA has no separate "major" lateness."""
    if seconds_late < 0:
        raise ValueError("seconds late cannot be negative")
    return "tardiness_minor" if seconds_late > GA_START_MINUTES * 60 else None


# --- clock extensions (TR&P 3.2; PPG 1.2) -----------------------------------------------


def ruling_extension_seconds(duration_seconds: float) -> int:
    """TR&P 3.2, PPG 1.2: a call or pause over one minute adds its length rounded up to the minute."""
    if duration_seconds < 0:
        raise ValueError("a duration cannot be negative")
    if duration_seconds <= 60:
        return 0
    return math.ceil(duration_seconds / 60) * 60


def stopped_time_extension_seconds(stops: Iterable[tuple[float, float]]) -> int:
    """TR&P 3.2, PPG 1.2 for a match stopped several times: ``stops`` are (start, end) times in
    seconds (judge calls, mid-game deck checks). Stops that overlap or touch are one stop, as
    long as their union; each stop over one minute earns its length rounded up to the minute.
    A deck check inside a judge call adds nothing the call did not already give."""
    merged: list[list[float]] = []
    for start, end in sorted((min(a, b), max(a, b)) for a, b in stops):
        if merged and start <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], end)
        else:
            merged.append([start, end])
    return sum(ruling_extension_seconds(end - start) for start, end in merged)


def deck_check_extension_seconds(duration_seconds: float, round_minutes: int) -> int:
    """TR&P 3.2, 3.8: check time rounded up to the minute plus 3 minutes, at most the round length (OPEN-8)."""
    if duration_seconds < 0:
        raise ValueError("a duration cannot be negative")
    if round_minutes <= 0:
        raise ValueError("the round length must be positive")
    minutes = math.ceil(duration_seconds / 60) + 3
    return min(minutes, round_minutes) * 60


def tardiness_extension_seconds(seconds_late: int, rel: str) -> int:
    """PPG 4.1.1 (the delay for a Minor) and PPG 2.3 (Casual, under 10 minutes): the delay itself."""
    infraction = tardiness_infraction(seconds_late, rel)
    if infraction == "tardiness_major":
        return 0
    return seconds_late


# --- Intellect Penalty (PPG 1.4) -----------------------------------------------------------


def ip_turns(penalty: str) -> int:
    return {IP2: 2, IP3: 3}.get(penalty, 0)


def add_intellect_penalty(active_counters: int, penalty: str) -> int:
    """PPG 1.4: a new IP while one is active adds its turn counters to it (no -2 intellect)."""
    turns = ip_turns(penalty)
    if not turns:
        raise ValueError(f"{penalty!r} is not an Intellect Penalty")
    return active_counters + turns


def end_of_turn_draw(intellect: int, counters: int) -> tuple[int, int]:
    """PPG 1.4: with an active IP the player draws up to intellect - 1 and removes a counter.

    Returns (hand size to draw up to, counters left).
    """
    if counters <= 0:
        return intellect, 0
    return max(0, intellect - 1), counters - 1


def simultaneous_cancel(penalties: Iterable[str]) -> bool:
    """PPG 1.4: equal IPs or Game Losses issued to all players at once are recorded with no game effect."""
    items = list(penalties)
    return len(items) >= 2 and len(set(items)) == 1 and items[0] in (IP2, IP3, GAME_LOSS)


# --- deck checks (TR&P 3.8; PPG 4.4-4.5) --------------------------------------------------

#: DERIVED default share of tables checked per round; TR&P 3.8 says must (Professional),
#: recommended (Competitive), TO discretion (Casual).
REGULAR_CHECK_RATE = {CASUAL: 0.0, "competitive": 0.05, PROFESSIONAL: 0.10}
MINIMUM_CHECKS = {CASUAL: 0, "competitive": 1, PROFESSIONAL: 2}


def plan_regular_checks(
    tables: Iterable[int],
    *,
    rel: str,
    seed: int | str,
    priority: Iterable[int] = (),
    rate: float | None = None,
) -> list[int]:
    """Tables to check this round: TR&P 3.8.

    Count = max(REL minimum, ceil(rate * tables)). Tables in ``priority`` (likely play-off
    players not yet checked) come first in the given order; the rest are drawn at random with
    ``seed`` so a plan is reproducible.
    """
    _check_rel(rel)
    table_list = sorted(set(tables))
    share = REGULAR_CHECK_RATE[rel] if rate is None else rate
    if not 0 <= share <= 1:
        raise ValueError("the deck-check rate must be between 0 and 1")
    count = min(len(table_list), max(MINIMUM_CHECKS[rel] if share else 0, math.ceil(share * len(table_list))))
    chosen: list[int] = []
    for table in priority:
        if table in table_list and table not in chosen and len(chosen) < count:
            chosen.append(table)
    rest = [table for table in table_list if table not in chosen]
    random.Random(str(seed)).shuffle(rest)
    chosen.extend(rest[: count - len(chosen)])
    return chosen


@dataclass(frozen=True)
class CountRow:
    card: str
    listed: int
    presented: int

    @property
    def difference(self) -> int:
        return self.presented - self.listed

    @property
    def ok(self) -> bool:
        return self.listed == self.presented


def compare_counts(listed: Mapping[str, int], presented: Mapping[str, int]) -> list[CountRow]:
    """Side-by-side counts by card (name and pitch as the key), mismatches first then by name."""
    for source in (listed, presented):
        for name, count in source.items():
            if not isinstance(count, int) or count < 0:
                raise ValueError(f"count for {name!r} must be a whole number >= 0")
    rows = [
        CountRow(name, listed.get(name, 0), presented.get(name, 0)) for name in set(listed) | set(presented)
    ]
    return sorted(rows, key=lambda row: (row.ok, row.card.lower()))


@dataclass(frozen=True)
class SuggestedInfraction:
    infraction: str
    variant: str
    reason: str


def infractions_from_counts(rows: Iterable[CountRow]) -> list[SuggestedInfraction]:
    """PPG 4.5: extra or unlisted cards are Card-Pool Contents Error; a missing listed card
    is downgraded to a Caution. The judge still confirms (a list that does not match intent
    is Decklist Error, PPG 4.4)."""
    out: list[SuggestedInfraction] = []
    extra = [row for row in rows if row.difference > 0]
    missing = [row for row in rows if row.difference < 0]
    if extra:
        names = ", ".join(f"{row.card} (+{row.difference})" for row in extra)
        out.append(SuggestedInfraction("card_pool_contents_error", "", f"Cards not on the decklist: {names}"))
    if missing:
        names = ", ".join(f"{row.card} ({row.difference})" for row in missing)
        out.append(
            SuggestedInfraction("card_pool_contents_error", "card_missing", f"Listed cards missing: {names}")
        )
    return out
