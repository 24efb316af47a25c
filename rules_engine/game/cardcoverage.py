"""What the reconstruction engine does with each sentence of each card's text (issue 27).

``coverage_report`` classifies a card pool with ``effects.coverage`` and returns the stable JSON
contract printed by ``python -m rules_engine.game cards-coverage --json``::

    {"source": str, "format": str,
     "totals": {"cards": int, "computed": int, "manual": int, "silent": int,
                "computed_percent": float, "sentences": {"computed": int, "manual": int, "silent": int},
                "heroes": {"cards": int, "computed": int,
                           "sentences": {"computed": int, "manual": int, "silent": int}}},
     "cards": [{"name": str, "state": "computed"|"manual"|"silent",
                "sentences": [{"text": str, "state": ..., "when": str,
                               "effects": [{"kind", "amount", "trigger", "target"}]}]}]}

A sentence is *computed* when the engine derives its effect, *manual* when the engine asks the judge
for its outcome at the step named by ``when`` (the text is shown in the finding), *silent* when it
does neither. ``totals.heroes`` counts the hero cards alone (a hero is computed in full when every
sentence of its text is). A computed sentence lists the effects the text recogniser compiled it to (empty when a
dedicated engine rule handles the sentence, named by ``when``). A card's state is its worst sentence's. Cards appear once per name (pitch variants share
their text), sorted by name. The card pool is read from a fabrary dump of the pinned
``@flesh-and-blood/cards`` package (see ``rules_engine.importers.fabrary``); the module itself is
pure (no Django), like the rest of the engine.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from .cards import CardFacts, facts_from_card
from .effects import FLAGGED, MODELLED, SILENT, TextPart, card_status, coverage, recognise

STATE = {MODELLED: "computed", FLAGGED: "manual", SILENT: "silent"}
FORMATS = ("cc", "sage", "blitz", "ll")


def pool(cards: Iterable[Any], fmt: str) -> dict[str, CardFacts]:
    """One card's facts per name among the cards legal in ``fmt`` (project card records)."""
    out: dict[str, CardFacts] = {}
    for card in cards:
        if fmt in card.legal_formats and card.name not in out:
            out[card.name] = facts_from_card(card)
    return out


def _sentence(part: TextPart) -> dict[str, Any]:
    row: dict[str, Any] = {"text": part.text, "state": STATE[part.status], "when": part.when}
    if part.status == MODELLED:
        found, _unknown = recognise(part.text)
        row["effects"] = [
            {"kind": e.kind, "amount": e.amount, "trigger": e.trigger, "target": e.target} for e in found
        ]
    return row


def coverage_report(facts_by_name: dict[str, CardFacts], *, fmt: str, source: str) -> dict[str, Any]:
    """The JSON contract above for the given pool."""
    rows: list[dict[str, Any]] = []
    counts: Counter[str] = Counter()
    sentences: Counter[str] = Counter()
    heroes: Counter[str] = Counter()
    hero_sentences: Counter[str] = Counter()
    for name in sorted(facts_by_name):
        parts = coverage(facts_by_name[name])
        state = STATE[card_status(parts)]
        counts[state] += 1
        sentences.update(STATE[p.status] for p in parts)
        if facts_by_name[name].is_("hero"):
            heroes["cards"] += 1
            heroes["computed"] += state == "computed"
            hero_sentences.update(STATE[p.status] for p in parts)
        rows.append(
            {
                "name": name,
                "state": state,
                "sentences": [_sentence(p) for p in parts],
            }
        )
    total = len(rows)
    return {
        "source": source,
        "format": fmt,
        "totals": {
            "cards": total,
            "computed": counts["computed"],
            "manual": counts["manual"],
            "silent": counts["silent"],
            "computed_percent": round(100 * counts["computed"] / total, 1) if total else 0.0,
            "sentences": {s: sentences[s] for s in ("computed", "manual", "silent")},
            "heroes": {
                "cards": heroes["cards"],
                "computed": heroes["computed"],
                "sentences": {s: hero_sentences[s] for s in ("computed", "manual", "silent")},
            },
        },
        "cards": rows,
    }


def render_text(report: dict[str, Any], *, only: str | None = None) -> str:
    """Human-readable form: totals, then each card (or only those in state ``only``) with its sentences."""
    t = report["totals"]
    lines = [f"{report['source']}, format {report['format']}: {t['cards']} cards (one per name)"]
    for state in ("computed", "manual", "silent"):
        pct = 100 * t[state] / max(t["cards"], 1)
        lines.append(f"  {state:9} {t[state]:5}  {pct:5.1f}%")
    lines.append(f"  sentences: {t['sentences']}")
    h = t["heroes"]
    lines.append(
        f"  heroes computed in full: {h['computed']} of {h['cards']}; hero sentences: {h['sentences']}"
    )
    for card in report["cards"]:
        if only and card["state"] != only:
            continue
        lines.append(f"{card['name']} [{card['state']}]")
        lines.extend(f"    [{s['state']} {s['when']}] {s['text']}" for s in card["sentences"])
    return "\n".join(lines)
