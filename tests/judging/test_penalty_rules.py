"""Upgrades, exemptions, confirmation gate, tardiness, extensions, IP counters, deck-check plans."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from judging import penalty_rules as rules
from judging.catalogue import (
    CASUAL,
    CAUTION,
    COMPETITIVE,
    DISQUALIFICATION,
    GAME_LOSS,
    IP2,
    IP3,
    MATCH_LOSS,
    PROFESSIONAL,
    SEVERITY,
    WARNING,
)


@pytest.mark.parametrize(
    "penalty,steps,expected",
    [
        (CAUTION, 1, WARNING),
        (WARNING, 1, IP2),  # PPG 1.4: upgrading into the IP level gives IP2
        (IP2, 1, GAME_LOSS),
        (IP3, 1, GAME_LOSS),
        (GAME_LOSS, 1, MATCH_LOSS),
        (MATCH_LOSS, 1, DISQUALIFICATION),
        (DISQUALIFICATION, 1, DISQUALIFICATION),
        (GAME_LOSS, -1, IP2),  # downgrading into the IP level gives IP2
        (IP3, -1, WARNING),
        (CAUTION, -1, CAUTION),
        (WARNING, 0, WARNING),
    ],
)
def test_shift_follows_ppg_severity_ladder(penalty, steps, expected):
    assert rules.shift(penalty, steps) == expected


@given(st.sampled_from(list(SEVERITY)), st.integers(-6, 6))
def test_shift_moves_severity_by_steps_within_bounds(penalty, steps):
    result = rules.shift(penalty, steps)
    if steps == 0:
        assert result == penalty
    else:
        assert SEVERITY[result] == min(5, max(0, SEVERITY[penalty] + steps))
        assert result != IP3


# Appendix A 8 and PPG ch.3/ch.4 preambles: (code, rel, prior_today, expected, upgraded)
REPEATS = [
    ("game_rules_violation", COMPETITIVE, 0, WARNING, False),
    ("game_rules_violation", COMPETITIVE, 1, WARNING, False),
    ("game_rules_violation", COMPETITIVE, 2, IP2, True),  # 3rd GRV Warning on day 1 -> IP2
    ("game_rules_violation", COMPETITIVE, 5, IP2, True),  # OPEN-26: one step, not cumulative
    ("hidden_card_error", PROFESSIONAL, 2, IP2, True),
    ("shuffling_error", PROFESSIONAL, 2, GAME_LOSS, True),
    ("missed_trigger_beneficial", COMPETITIVE, 2, WARNING, True),
    ("failure_to_maintain_game_state", COMPETITIVE, 2, WARNING, False),  # exempt
    ("failure_to_maintain_game_state", COMPETITIVE, 7, WARNING, False),
    ("decklist_error", COMPETITIVE, 0, IP2, False),
    ("decklist_error", COMPETITIVE, 1, GAME_LOSS, True),  # 2nd Decklist Error same day -> Game Loss
    ("marked_cards", COMPETITIVE, 1, IP2, True),
    ("outside_assistance", PROFESSIONAL, 1, MATCH_LOSS, True),
    ("presenting_cards_error", PROFESSIONAL, 1, GAME_LOSS, True),
    ("tardiness_minor", COMPETITIVE, 1, IP3, False),  # exempt: stays IP3
    ("tardiness_minor", PROFESSIONAL, 4, IP3, False),
    ("tardiness_major", COMPETITIVE, 1, MATCH_LOSS, False),
    ("slow_play", COMPETITIVE, 0, CAUTION, False),  # PPG 4.3 ladder
    ("slow_play", COMPETITIVE, 1, WARNING, True),
    ("slow_play", COMPETITIVE, 2, GAME_LOSS, True),
    ("slow_play", COMPETITIVE, 6, GAME_LOSS, True),
    ("cheating", COMPETITIVE, 3, DISQUALIFICATION, False),
    ("rules_sharking", COMPETITIVE, 3, WARNING, False),  # upgrade needs evidence (PPG 5.10)
    ("game_rules_violation", CASUAL, 4, CAUTION, False),  # no repeat upgrades at Casual
    ("decklist_error", CASUAL, 3, CAUTION, False),
]


@pytest.mark.parametrize("code,rel,prior,expected,upgraded", REPEATS)
def test_repeat_upgrades_and_exemptions(code, rel, prior, expected, upgraded):
    rec = rules.recommend(code, rel, prior_today=prior)
    assert (rec.penalty, rec.upgraded) == (expected, upgraded)


def test_counter_resets_per_day_means_day_two_starts_again():
    """Appendix A 8: the same GRV on day 2 is a Warning again (the caller counts per day)."""
    day_one = rules.recommend("game_rules_violation", COMPETITIVE, prior_today=2, prior_in_event=2)
    day_two = rules.recommend("game_rules_violation", COMPETITIVE, prior_today=0, prior_in_event=3)
    assert (day_one.penalty, day_two.penalty) == (IP2, WARNING)


@pytest.mark.parametrize(
    "code,prior_today,prior_in_event,expected",
    [
        ("unsporting_conduct_minor", 0, 0, WARNING),
        ("unsporting_conduct_minor", 0, 1, IP2),  # PPG 5.1.1: counted over the event
        ("unsporting_conduct_minor", 0, 2, GAME_LOSS),
        ("improper_concession", 0, 0, MATCH_LOSS),
        ("improper_concession", 0, 1, DISQUALIFICATION),  # PPG 5.9
    ],
)
def test_conduct_ladders_count_across_the_event(code, prior_today, prior_in_event, expected):
    rec = rules.recommend(code, COMPETITIVE, prior_today=prior_today, prior_in_event=prior_in_event)
    assert rec.penalty == expected


@pytest.mark.parametrize(
    "code,variant,rel,expected",
    [
        ("decklist_error", "illegal_cards", COMPETITIVE, MATCH_LOSS),
        ("decklist_error", "illegal_cards", PROFESSIONAL, DISQUALIFICATION),
        ("decklist_error", "significant_difference", PROFESSIONAL, DISQUALIFICATION),
        ("decklist_error", "minor_early", COMPETITIVE, WARNING),
        ("card_pool_contents_error", "card_missing", COMPETITIVE, CAUTION),
        ("card_pool_contents_error", "called_immediately", PROFESSIONAL, WARNING),
        ("missed_trigger_detrimental", "opponents_card", COMPETITIVE, CAUTION),
        ("looking_at_extra_cards", "deck_fully_random", COMPETITIVE, CAUTION),
        ("shuffling_error", "significant_advantage", PROFESSIONAL, GAME_LOSS),
        ("outside_assistance", "harmless_ignorance", COMPETITIVE, WARNING),
        ("marked_cards", "cracked_bauble", COMPETITIVE, IP2),
        ("marked_cards", "significant_advantage", COMPETITIVE, MATCH_LOSS),
        ("bribery", "ignorance", COMPETITIVE, MATCH_LOSS),
        ("improper_concession", "ignorance", COMPETITIVE, WARNING),
        ("rules_sharking", "blatant", PROFESSIONAL, MATCH_LOSS),
        ("presenting_cards_error", "unlisted_starting_card", COMPETITIVE, IP2),
    ],
)
def test_situational_variants(code, variant, rel, expected):
    assert rules.recommend(code, rel, variant=variant).penalty == expected


def test_variant_then_repeat_upgrade():
    """A minor early Decklist Error (Warning) that is the 2nd of the day goes up one step."""
    assert rules.recommend("decklist_error", COMPETITIVE, variant="minor_early", prior_today=1).penalty == IP2


def test_unknown_variant_and_casual_variant_are_refused():
    with pytest.raises(KeyError, match="no situation 'nope'"):
        rules.recommend("decklist_error", COMPETITIVE, variant="nope")
    with pytest.raises(ValueError, match="Competitive and Professional"):
        rules.recommend("decklist_error", CASUAL, variant="minor_early")


def test_negative_counts_are_refused():
    with pytest.raises(ValueError, match="cannot be negative"):
        rules.recommend("slow_play", COMPETITIVE, prior_today=-1)


# Appendix A 9 and PPG 1.2
GATE = [
    ("shuffling_error", IP2, True),
    ("shuffling_error", IP3, True),
    ("game_rules_violation", WARNING, False),
    ("game_rules_violation", CAUTION, False),
    ("outside_assistance", GAME_LOSS, True),
    ("improper_concession", MATCH_LOSS, True),
    ("cheating", DISQUALIFICATION, True),
    ("decklist_error", IP2, False),
    ("decklist_error", MATCH_LOSS, False),
    ("decklist_error", DISQUALIFICATION, False),
    ("tardiness_minor", IP3, False),
    ("tardiness_major", MATCH_LOSS, False),
    ("card_pool_contents_error", IP2, True),
]


@pytest.mark.parametrize("code,penalty,needed", GATE)
def test_head_judge_confirmation_gate(code, penalty, needed):
    assert rules.requires_head_judge_confirmation(code, penalty) is needed


def test_deviation_always_needs_head_judge():
    assert rules.requires_head_judge_confirmation("game_rules_violation", CAUTION, deviation=True)


@pytest.mark.parametrize(
    "penalty,rel,ok",
    [
        (WARNING, CASUAL, False),
        (IP2, CASUAL, False),
        (IP3, CASUAL, False),
        (CAUTION, CASUAL, True),
        (GAME_LOSS, CASUAL, True),
        (WARNING, COMPETITIVE, True),
        (IP3, PROFESSIONAL, True),
    ],
)
def test_casual_allows_no_warning_or_ip(penalty, rel, ok):
    assert rules.allowed_at_rel(penalty, rel) is ok


# Appendix A 7, PPG 4.1 and 2.3
TARDY = [
    (COMPETITIVE, 120, None),
    (COMPETITIVE, 179, None),
    (COMPETITIVE, 180, "tardiness_minor"),
    (COMPETITIVE, 599, "tardiness_minor"),
    (COMPETITIVE, 600, "tardiness_major"),
    (PROFESSIONAL, 0, None),
    (PROFESSIONAL, 60, "tardiness_minor"),
    (PROFESSIONAL, 5, "tardiness_minor"),
    (PROFESSIONAL, 900, "tardiness_major"),
    (CASUAL, 540, None),
    (CASUAL, 600, "tardiness_major"),
]


@pytest.mark.parametrize("rel,seconds,expected", TARDY)
def test_tardiness_thresholds(rel, seconds, expected):
    assert rules.tardiness_infraction(seconds, rel) == expected


def test_tardiness_threshold_can_be_announced_by_to():
    assert rules.tardiness_infraction(240, COMPETITIVE, minor_minutes=5) is None


def test_tardiness_recommendation_and_extension():
    """Appendix A 7: Competitive 3-10 min late -> IP3 + time extension."""
    code = rules.tardiness_infraction(300, COMPETITIVE)
    assert rules.recommend(code, COMPETITIVE).penalty == IP3
    assert rules.tardiness_extension_seconds(300, COMPETITIVE) == 300
    assert rules.tardiness_extension_seconds(300, CASUAL) == 300
    assert rules.tardiness_extension_seconds(700, COMPETITIVE) == 0


# Appendix A 6, TR&P 3.2, PPG 1.2
@pytest.mark.parametrize(
    "seconds,expected", [(0, 0), (59, 0), (60, 0), (61, 120), (120, 120), (121, 180), (600, 600)]
)
def test_ruling_extension(seconds, expected):
    assert rules.ruling_extension_seconds(seconds) == expected


@pytest.mark.parametrize(
    "seconds,round_minutes,expected",
    [
        (7 * 60 + 10, 55, 11 * 60),
        (0, 55, 3 * 60),
        (60, 55, 4 * 60),
        (61, 55, 5 * 60),
        (60 * 60, 55, 55 * 60),
        (30 * 60, 30, 30 * 60),
    ],
)
def test_deck_check_extension(seconds, round_minutes, expected):
    assert rules.deck_check_extension_seconds(seconds, round_minutes) == expected


@given(st.integers(0, 10_000), st.integers(1, 120))
def test_deck_check_extension_never_exceeds_round(seconds, round_minutes):
    ext = rules.deck_check_extension_seconds(seconds, round_minutes)
    assert ext <= round_minutes * 60
    assert ext % 60 == 0
    assert ext >= min(seconds + 180, round_minutes * 60)


def test_negative_durations_are_refused():
    with pytest.raises(ValueError):
        rules.ruling_extension_seconds(-1)
    with pytest.raises(ValueError):
        rules.deck_check_extension_seconds(10, 0)


def test_intellect_penalty_mechanics_appendix_a_10():
    counters = rules.add_intellect_penalty(0, IP2)
    draw_to, counters = rules.end_of_turn_draw(4, counters)
    assert (draw_to, counters) == (3, 1)
    counters = rules.add_intellect_penalty(counters, IP3)
    assert counters == 4
    assert rules.end_of_turn_draw(4, counters) == (3, 3)
    assert rules.end_of_turn_draw(4, 0) == (4, 0)
    assert rules.simultaneous_cancel([IP2, IP2]) is True
    assert rules.simultaneous_cancel([IP2, IP3]) is False
    assert rules.simultaneous_cancel([IP2]) is False
    with pytest.raises(ValueError, match="not an Intellect Penalty"):
        rules.add_intellect_penalty(0, WARNING)


def test_plan_regular_checks_prioritises_likely_playoff_tables_and_is_reproducible():
    tables = range(1, 41)
    plan = rules.plan_regular_checks(tables, rel=PROFESSIONAL, seed=7, priority=[12, 3])
    assert len(plan) == 4  # 10% of 40
    assert plan[:2] == [12, 3]
    assert plan == rules.plan_regular_checks(tables, rel=PROFESSIONAL, seed=7, priority=[12, 3])
    assert len(set(plan)) == 4


@pytest.mark.parametrize(
    "rel,tables,expected",
    [
        (CASUAL, 10, 0),
        (COMPETITIVE, 10, 1),
        (COMPETITIVE, 40, 2),
        (PROFESSIONAL, 10, 2),
        (PROFESSIONAL, 1, 1),
    ],
)
def test_plan_size_per_rel(rel, tables, expected):
    assert len(rules.plan_regular_checks(range(1, tables + 1), rel=rel, seed=1)) == expected


@given(st.sets(st.integers(1, 200), max_size=80), st.floats(0, 1), st.integers())
def test_plan_only_picks_existing_tables_once(tables, rate, seed):
    plan = rules.plan_regular_checks(tables, rel=COMPETITIVE, seed=seed, rate=rate)
    assert set(plan) <= tables
    assert len(plan) == len(set(plan))


def test_compare_counts_side_by_side_and_suggestions():
    rows = rules.compare_counts(
        {"Snatch (red)": 3, "Sink Below (red)": 3}, {"Snatch (red)": 4, "Sink Below (red)": 2}
    )
    assert [(r.card, r.listed, r.presented) for r in rows] == [
        ("Sink Below (red)", 3, 2),
        ("Snatch (red)", 3, 4),
    ]
    suggestions = rules.infractions_from_counts(rows)
    assert [(s.infraction, s.variant) for s in suggestions] == [
        ("card_pool_contents_error", ""),
        ("card_pool_contents_error", "card_missing"),
    ]
    assert rules.infractions_from_counts(rules.compare_counts({"A": 1}, {"A": 1})) == []


def test_compare_counts_rejects_bad_counts():
    with pytest.raises(ValueError, match="whole number"):
        rules.compare_counts({"A": -1}, {})


@given(
    st.sampled_from([item.code for item in __import__("judging.catalogue", fromlist=["x"]).catalogue()]),
    st.sampled_from([CASUAL, COMPETITIVE, PROFESSIONAL]),
    st.integers(0, 20),
    st.integers(0, 20),
)
def test_recommendation_properties(code, rel, today, extra):
    rec = rules.recommend(code, rel, prior_today=today, prior_in_event=today + extra)
    assert rules.allowed_at_rel(rec.penalty, rel)
    assert SEVERITY[rec.penalty] >= SEVERITY[rec.base]
    if rel == CASUAL:
        assert rec.penalty == rec.base
    elif rec.infraction.repeat != "ladder":
        assert SEVERITY[rec.penalty] - SEVERITY[rec.base] <= 1
    if today == 0 and extra == 0:
        assert rec.penalty == rec.base and not rec.upgraded


@pytest.mark.parametrize(
    ("stops", "seconds"),
    [
        ([(0, 285), (60, 150)], 300),  # a deck check inside a judge call: the call's time once
        ([(0, 90), (200, 290)], 240),  # two separate stops over a minute: each rounded up
        ([(0, 60), (60, 120)], 120),  # two touching minutes are one stop of two minutes
        ([(0, 60)], 0),  # one minute or less earns nothing
        ([(0, 30), (100, 130)], 0),  # two short separate stops earn nothing
        ([], 0),
    ],
)
def test_stopped_time_is_the_union_of_overlapping_stops_trp_3_2(stops, seconds):
    assert rules.stopped_time_extension_seconds(stops) == seconds
