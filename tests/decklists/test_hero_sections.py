"""The decklist's hero (FaB) or champion (GA) is found whatever section headers the list keeps
(TR&P App E: the hero is part of the list; GA: champions live in the material deck)."""

from __future__ import annotations

from datetime import date

import pytest

from decklists.validation import validate_text
from tests.decklists.test_validation import _ga_db

AS_OF = date(2025, 6, 1)
GA_CARDS = "1 Spirit of Fire\n1 Lorraine, Wandering Warrior\n1 Excalibur, Reflected Edge\n"
GA_MAIN = "30 Brave Slash\n30 Fireball\n"


@pytest.mark.parametrize(
    "text",
    [
        "# Material\n" + GA_CARDS + "# Main\n" + GA_MAIN,  # headers kept
        GA_CARDS + GA_MAIN,  # headers removed
        "Champions\n1 Spirit of Fire\n1 Lorraine, Wandering Warrior\nMaterial deck\n1 Excalibur, Reflected Edge\n"
        "Main deck\n" + GA_MAIN,
    ],
    ids=["material-header", "no-headers", "champions-header"],
)
def test_ga_champion_is_found_with_or_without_section_headers_ga_section_6(text):
    result = validate_text(text, db=_ga_db(), format_code="ga-standard", as_of=AS_OF)
    assert result.hero == "Spirit of Fire"


def test_fab_hero_is_found_under_a_deck_header_trp_app_e(card_db, legal_cc_text):
    lines = [line for line in legal_cc_text.splitlines() if line.strip()]
    hero_line = next(line for line in lines if "Dorinthea" in line)
    moved = (
        "# Main\n1 "
        + hero_line.split(":")[-1].strip()
        + "\n"
        + "\n".join(line for line in lines if line is not hero_line)
    )
    result = validate_text(moved, db=card_db, format_code="cc", as_of=AS_OF)
    assert result.hero == "Dorinthea Ironsong"


def test_ga_findings_cite_ga_texts_not_trp_or_ppg_ga_section_12():
    result = validate_text(
        "# Main\n3 Nonexistent Card\n" + GA_MAIN, db=_ga_db(), format_code="ga-standard", as_of=AS_OF
    )
    rules = {p["rule"] for p in result.problems} | {f["rule"] for f in result.findings}
    assert rules and not {r for r in rules if r.startswith(("TR&P", "PPG"))}
