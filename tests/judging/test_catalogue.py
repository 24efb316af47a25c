"""PPG 2023 catalogue: every infraction's recommended penalty at each REL (requirements 7.5)."""

import ast
from pathlib import Path

import pytest

from judging import catalogue
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
    WARNING,
)

# (code, category, rule, casual, competitive, professional)
EXPECTED = [
    ("game_rules_violation", "gameplay", "PPG 3.1", CAUTION, WARNING, WARNING),
    ("failure_to_maintain_game_state", "gameplay", "PPG 3.2", CAUTION, WARNING, WARNING),
    ("missed_trigger_beneficial", "gameplay", "PPG 3.3.1", CAUTION, CAUTION, CAUTION),
    ("missed_trigger_detrimental", "gameplay", "PPG 3.3.2", CAUTION, WARNING, WARNING),
    ("looking_at_extra_cards", "gameplay", "PPG 3.4", CAUTION, WARNING, WARNING),
    ("hidden_card_error", "gameplay", "PPG 3.5", CAUTION, WARNING, WARNING),
    ("shuffling_error", "gameplay", "PPG 3.6", CAUTION, IP2, IP3),
    ("tardiness_minor", "tournament", "PPG 4.1.1", CAUTION, IP3, IP3),
    ("tardiness_major", "tournament", "PPG 4.1.2", MATCH_LOSS, MATCH_LOSS, MATCH_LOSS),
    ("outside_assistance", "tournament", "PPG 4.2", CAUTION, GAME_LOSS, GAME_LOSS),
    ("slow_play", "tournament", "PPG 4.3", CAUTION, CAUTION, CAUTION),
    ("decklist_error", "tournament", "PPG 4.4", CAUTION, IP2, IP2),
    ("card_pool_contents_error", "tournament", "PPG 4.5", CAUTION, IP2, IP2),
    ("presenting_cards_error", "tournament", "PPG 4.6", CAUTION, WARNING, IP2),
    ("draft_procedure_minor", "tournament", "PPG 4.7.1", CAUTION, WARNING, WARNING),
    ("draft_procedure_major", "tournament", "PPG 4.7.2", CAUTION, MATCH_LOSS, MATCH_LOSS),
    ("marked_cards", "tournament", "PPG 4.8", CAUTION, WARNING, WARNING),
    ("insufficient_shuffling", "tournament", "PPG 4.9", CAUTION, WARNING, WARNING),
    ("miscommunication", "tournament", "PPG 4.10", CAUTION, WARNING, WARNING),
    ("unsporting_conduct_minor", "conduct", "PPG 5.1.1", CAUTION, WARNING, WARNING),
    (
        "unsporting_conduct_major",
        "conduct",
        "PPG 5.1.2",
        DISQUALIFICATION,
        DISQUALIFICATION,
        DISQUALIFICATION,
    ),
    ("cheating", "conduct", "PPG 5.2", DISQUALIFICATION, DISQUALIFICATION, DISQUALIFICATION),
    ("aggressive_behavior", "conduct", "PPG 5.3", DISQUALIFICATION, DISQUALIFICATION, DISQUALIFICATION),
    ("improperly_determining_winner", "conduct", "PPG 5.4", CAUTION, MATCH_LOSS, MATCH_LOSS),
    ("bribery", "conduct", "PPG 5.5", CAUTION, DISQUALIFICATION, DISQUALIFICATION),
    ("wagering", "conduct", "PPG 5.6", CAUTION, DISQUALIFICATION, DISQUALIFICATION),
    ("theft", "conduct", "PPG 5.7", DISQUALIFICATION, DISQUALIFICATION, DISQUALIFICATION),
    ("stalling", "conduct", "PPG 5.8", DISQUALIFICATION, DISQUALIFICATION, DISQUALIFICATION),
    ("improper_concession", "conduct", "PPG 5.9", CAUTION, MATCH_LOSS, MATCH_LOSS),
    ("rules_sharking", "conduct", "PPG 5.10", CAUTION, WARNING, WARNING),
]


def test_catalogue_lists_every_ppg_infraction_in_order():
    assert [item.code for item in catalogue.catalogue()] == [row[0] for row in EXPECTED]


@pytest.mark.parametrize("code,category,rule,casual,competitive,professional", EXPECTED)
@pytest.mark.parametrize("rel_index,rel", [(3, CASUAL), (4, COMPETITIVE), (5, PROFESSIONAL)])
def test_recommended_penalty_at_each_rel(
    code, category, rule, casual, competitive, professional, rel_index, rel
):
    item = catalogue.get_infraction(code)
    expected = (code, category, rule, casual, competitive, professional)[rel_index]
    assert item.recommended(rel) == expected
    assert item.category == category
    assert item.rule == rule


def test_casual_has_no_warnings_or_intellect_penalties():
    """PPG 2.1."""
    assert {item.casual for item in catalogue.catalogue()} <= {
        CAUTION,
        GAME_LOSS,
        MATCH_LOSS,
        DISQUALIFICATION,
    }


def test_quick_reference_matches_ppg_appendix_a_and_omits_miscommunication():
    rows = dict(catalogue.quick_reference())
    assert [name for name, _ in rows["gameplay"]][0] == "Game Rules Violation"
    assert ("Shuffling Error", "Intellect Penalty (IP2)") in rows["gameplay"]
    assert ("Tardiness - Minor", "Intellect Penalty (IP3)") in rows["tournament"]
    assert "Miscommunication" not in [name for name, _ in rows["tournament"]]
    assert len(rows["gameplay"]) + len(rows["tournament"]) + len(rows["conduct"]) == 29


def test_only_tardiness_and_decklist_error_skip_head_judge_confirmation():
    exempt = {item.code for item in catalogue.catalogue() if item.confirmation_exempt}
    assert exempt == {"tardiness_minor", "tardiness_major", "decklist_error"}


@pytest.mark.parametrize("bad", ["", "grv", "Game Rules Violation"])
def test_unknown_infraction_names_the_code(bad):
    with pytest.raises(ValueError, match="unknown infraction"):
        catalogue.get_infraction(bad)


def test_unknown_catalogue_version_is_refused():
    with pytest.raises(ValueError, match="no infraction catalogue for PPG '2019'"):
        catalogue.catalogue("2019")


def test_unknown_rel_is_refused():
    with pytest.raises(ValueError, match="unknown REL"):
        catalogue.get_infraction("cheating").recommended("regular")


@pytest.mark.parametrize("module", ["catalogue.py", "penalty_rules.py"])
def test_pure_modules_import_no_django(module):
    tree = ast.parse((Path(catalogue.__file__).parent / module).read_text())
    imported = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            imported |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            imported.add(node.module.split(".")[0])
    assert "django" not in imported
    assert "rest_framework" not in imported
