"""Standings policies as data: points per result, tiebreaker order, percentage floor, columns.

Layer 0 (no models). ``tournament.pairing`` ranks by ``PolicySpec.steps`` and scores pairing
groups by ``PolicySpec.points``; pages, PDFs, exports and the API show ``PolicySpec.columns``.

``fab``: TR&P App D (requirements ST-01, ST-02): win 1, bye 1, draw 0, loss 0; then CMP,
MLP (lower), OMLP (lower), OCMP, random.

``points_3_1_0`` (Grand Archive): ga-organized-play.md section 4, kept as data as its
engineering note asks, so it can be corrected once an official rule is published (section 13,
open gap 2). What it records, and how sure we are:

* win 3, draw 1, loss 0, bye 3 (a bye counts as a win for points): observed in Omnidex
  standings by third-party clients (section 4), UNCONFIRMED against an official statement.
* order points, OMW%, GW%, OGW%, then random: the order a third-party results site uses to
  reproduce Omnidex standings (section 4), UNCONFIRMED.
* a 1/3 floor on each match-win and game-win percentage: UNCONFIRMED (section 4 says whether
  any floor applies is not known); it is the engine's (``pairings.tiebreakers.FLOOR``) and a
  test checks the two agree.
* a double loss counts as a loss for both (as in ST-01): our choice, no GA source.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy

from pairings.tiebreakers import FAB_STEPS, POINTS_3_1_0_STEPS

from .enums import StandingsPolicy


@dataclass(frozen=True)
class Column:
    """One tiebreaker column: ``key`` is a ``Standing`` attribute, ``digits`` its decimals,
    ``percent`` shows it as a percentage on pages and PDFs."""

    key: str
    label: str
    title: str | Promise
    digits: int
    percent: bool = False

    def show(self, value) -> str:
        if value is None:
            return "–"
        if self.percent:
            return f"{float(value) * 100:.{self.digits}f}%"
        return f"{float(value):.{self.digits}f}"


@dataclass(frozen=True)
class PolicySpec:
    code: str
    rule: str | Promise
    # match points by result for one side: win, bye, draw, loss, double loss
    points: dict[str, int]
    # engine StandingRow fields in order, each "higher" or "lower" (random_key last)
    steps: tuple[tuple[str, str], ...]
    floor: Fraction | None
    columns: tuple[Column, ...]
    summary: str | Promise

    def points_for(self, outcome: str) -> int:
        """Match points for ``outcome`` in win, bye, draw, loss, double_loss."""
        return self.points[outcome]


FAB_SPEC = PolicySpec(
    code=StandingsPolicy.FAB,
    rule="TR&P App D",
    points={"win": 1, "bye": 1, "draw": 0, "loss": 0, "double_loss": 0},
    steps=FAB_STEPS,
    floor=None,
    columns=(
        Column("cmp", "CMP", gettext_lazy("cumulative match points"), 2),
        Column("mlp", "MLP", gettext_lazy("match loss percentage (lower is better)"), 3),
        Column(
            "omlp",
            "OMLP",
            gettext_lazy("opponents' match loss percentage (lower is better)"),
            3,
        ),
        Column("ocmp", "OCMP", gettext_lazy("opponents' cumulative match points"), 2),
    ),
    summary=gettext_lazy(
        "TR&P Appendix D order: match points, then CMP, MLP (lower is better), OMLP (lower), OCMP."
    ),
)

GA_SPEC = PolicySpec(
    code=StandingsPolicy.POINTS_3_1_0,
    rule=gettext_lazy("GA organized play section 4, UNCONFIRMED,"),
    points={"win": 3, "bye": 3, "draw": 1, "loss": 0, "double_loss": 0},
    steps=POINTS_3_1_0_STEPS,
    floor=Fraction(1, 3),
    columns=(
        Column("omw", "OMW%", gettext_lazy("opponents' match-win percentage"), 1, percent=True),
        Column("gw", "GW%", gettext_lazy("game-win percentage"), 1, percent=True),
        Column("ogw", "OGW%", gettext_lazy("opponents' game-win percentage"), 1, percent=True),
    ),
    summary=gettext_lazy(
        "Grand Archive order (3/1/0 points; as observed in Omnidex, not officially confirmed): "
        "points, then OMW%, GW%, OGW%; percentages floored at 33.3%."
    ),
)

SPECS: dict[str, PolicySpec] = {FAB_SPEC.code: FAB_SPEC, GA_SPEC.code: GA_SPEC}


def policy_spec(code: str) -> PolicySpec:
    """The spec of standings policy ``code`` (unknown codes fall back to FaB's, the model default)."""
    return SPECS.get(code, FAB_SPEC)
