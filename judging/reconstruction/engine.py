"""The judging side of the game-state reconstruction engine (``rules_engine.game``).

The engine is pure Python and knows nothing of events, decklists or the card database; this
module is the adapter: it builds the starting state from the players' accepted decklists, replays
a stored :class:`~judging.models.Reconstruction`, turns the engine's findings into citations the
call's ruling accepts ("CR 1.10.3", "CR-old 7.7", "PPG 3.1"), hides what a player may not see, and
suggests card names. Reads only; every write is in ``judging.reconstruction.services``.

A Grand Archive event's reconstructions go to ``judging.reconstruction.ga`` (``rules_engine.ga``,
issue 34): ``run``, ``start_from_decklists``, ``check_start`` and ``suggest_cards`` dispatch by the
event's game; the Flesh and Blood path is unchanged.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

from cards.selectors import card_database
from core.errors import DomainError
from decklists.selectors import accepted_decklist_for
from rules_engine.game.adjustments import outcome_lines
from rules_engine.game.backup import BackupReport, backup
from rules_engine.game.cards import CardLookup, DatabaseCards, InlineCards, norm_name
from rules_engine.game.log import Replay, names_for, replay
from rules_engine.game.rules import MANUAL, UNREADABLE, Finding
from rules_engine.game.start import GivenError, start_state
from rules_engine.game.state import PLAYERS
from rules_engine.game.view import view
from tournament.citations import is_ga

from ..models import JudgeCall, Reconstruction
from . import ga
from .outcome import OutcomeBase
from .selectors import players_of

# --------------------------------------------------------------------------- card data


_LOOKUPS: dict[Any, tuple[Any, DatabaseCards]] = {}  # release -> (its database, lookup): names indexed once


def card_lookup(release: Any = None) -> CardLookup:
    """The card release ``release`` (instance or id; None: the active release) as the engine's
    ``CardLookup``; an empty lookup without card data (the engine then reports unknown cards and
    the judge gives their stats by hand). The lookup of the same in-memory release is reused, so
    its card names are indexed once per process. The site (``event_lookup``) and the command line
    (``manage.py reconstruct --release``) both read card facts through this function."""

    try:
        db = card_database(release)
    except DomainError:
        return InlineCards()
    key = getattr(db, "release_id", None) or getattr(release, "pk", release)
    found = _LOOKUPS.get(key)
    if found is not None and found[0] is db:
        return found[1]
    lookup = DatabaseCards(db)
    _LOOKUPS[key] = (db, lookup)
    return lookup


def event_lookup(event: Any) -> CardLookup:
    """The card facts of ``event``: its pinned card-data release, else the active one (issue 27:
    one source of card facts for the page, the API and the command line)."""
    return card_lookup(getattr(event, "card_release_id", None))


def decklist_names(call: JudgeCall) -> dict[str, list[str]]:
    """Card names on each player's accepted decklist ("P1" is the match's first player)."""
    out: dict[str, list[str]] = {pl: [] for pl in PLAYERS}
    match = call.match
    if match is None:
        return out
    for pl, reg in zip(PLAYERS, (match.player_a, match.player_b)):
        if reg is None:
            continue
        decklist = accepted_decklist_for(reg)
        if decklist is None:
            continue
        seen: set[str] = set()
        names = [decklist.hero] if decklist.hero else []
        names += [str(c.get("name", "")) for c in decklist.cards]
        for name in names:
            if name and name not in seen:
                seen.add(name)
                out[pl].append(name)
    return out


def suggest_cards(call: JudgeCall, q: str, *, limit: int = 8) -> list[dict[str, str]]:
    """Card names for an autocomplete: the two players' decklists first, then the card database."""
    key = norm_name(q)
    if not key:
        return []
    out: list[dict[str, str]] = []
    seen: set[str] = set()
    if is_ga(call.event):
        decklists = ga.decklist_names(call)
    else:
        decklists = decklist_names(call)
    # names starting with what was typed first, then names with a word starting with it
    for match in (lambda low: low.startswith(key), lambda low: f" {key}" in low):
        for pl, names in decklists.items():
            for name in names:
                low = norm_name(name)
                if match(low) and low not in seen:
                    seen.add(low)
                    out.append({"name": name, "source": f"{pl} decklist"})
    if is_ga(call.event):
        for name in ga.suggest(q):
            if len(out) < limit and norm_name(name) not in seen:
                seen.add(norm_name(name))
                out.append({"name": name, "source": "card database"})
        return out[:limit]
    lookup = event_lookup(call.event)
    if len(out) < limit and hasattr(lookup, "suggest"):
        for name in lookup.suggest(q):
            if norm_name(name) not in seen:
                seen.add(norm_name(name))
                out.append({"name": name, "source": "card database"})
    return out[:limit]


# --------------------------------------------------------------------------- starting state


def _player_start(reg, lookup: CardLookup) -> dict[str, Any]:
    """Hero, life, intellect, equipment and weapons from one player's accepted decklist."""
    start: dict[str, Any] = {"life": 20, "intellect": 4}
    decklist = accepted_decklist_for(reg) if reg is not None else None
    if decklist is None:
        return start
    hero_name = decklist.hero or next(
        (str(c["name"]) for c in decklist.cards if c.get("section") in ("hero", "champion")), ""
    )
    if hero_name:
        start["hero"] = hero_name
        hero = lookup.get(hero_name)
        if hero is not None:
            if hero.life is not None:
                start["life"] = hero.life
            if hero.intellect is not None:
                start["intellect"] = hero.intellect
    equipment: dict[str, str] = {}
    weapons: list[str] = []
    for entry in decklist.cards:
        if entry.get("section") not in ("arena", "hero"):
            continue
        name = str(entry.get("name", ""))
        facts = lookup.get(name)
        if facts is None or name == hero_name:
            continue
        if facts.is_weapon:
            weapons.extend([name] * min(2, int(entry.get("qty", 1) or 1)))
        elif facts.is_equipment and facts.slot and facts.slot not in equipment:
            equipment[facts.slot] = name
    if equipment:
        start["equipment"] = equipment
    if weapons:
        start["weapons"] = weapons[:2]
    return start


def with_hero_stats(
    before: dict[str, Any], after: dict[str, Any], lookup: CardLookup | None = None
) -> dict[str, Any]:
    """``after`` with each player whose hero was just named taking that hero card's life and
    intellect (CR 1.2: a hero's printed life and intellect), unless the judge typed another life
    or intellect at the same time. A hero the card data does not know changes nothing else."""
    out = {**after}
    for pl in PLAYERS:
        old, new = before.get(pl) or {}, dict(after.get(pl) or {})
        hero_name = new.get("hero")
        if not hero_name or hero_name == old.get("hero"):
            continue
        hero = (lookup or card_lookup()).get(str(hero_name))
        if hero is None:
            continue
        if hero.life is not None and new.get("life") == old.get("life"):
            new["life"] = hero.life
        if hero.intellect is not None and new.get("intellect") == old.get("intellect"):
            new["intellect"] = hero.intellect
        out[pl] = new
    return out


def start_from_decklists(call: JudgeCall, lookup: CardLookup | None = None) -> dict[str, Any]:
    """The usual starting state of a dispute: the start of the first player's action phase, both
    heroes as registered (life and intellect of the hero card, the first equipment piece of each
    slot and up to two weapons), four unknown cards in each hand. The judge adjusts the rest.
    A Grand Archive event's: ``ga.decklist_start``."""
    if is_ga(call.event):
        return ga.decklist_start(call)
    lookup = lookup or event_lookup(call.event)
    match = call.match
    regs = (match.player_a, match.player_b) if match is not None else (None, None)
    start: dict[str, Any] = {"turn": "P1", "phase": "action", "turn_number": 2}
    for pl, reg in zip(PLAYERS, regs):
        player = _player_start(reg, lookup)
        player.setdefault("hand_size", player.get("intellect", 4))
        start[pl] = player
    return start


# --------------------------------------------------------------------------- replay


def cite(rules: list[str], version: str) -> list[str]:
    """Engine rule numbers as citations of the call's ruling ("CR 1.10.3" / "CR-old 7.7")."""
    prefix = "CR" if version == "2.13.0" else "CR-old"
    return [r if " " in r else f"{prefix} {r}" for r in rules]


def finding_json(f: Finding, version: str) -> dict[str, Any]:
    out = f.to_json()
    out["citations"] = cite(list(f.rules), f.version or version)
    return out


@dataclass
class Outcome(OutcomeBase):
    """A replayed FaB reconstruction: the engine's replay plus what the pages and the API show."""

    replay: Replay | None

    def state_view(self, state: Any) -> dict[str, Any]:
        return view(state)

    def state_summary(self, v: dict[str, Any]) -> dict[str, Any]:
        return summary(v)

    def redacted(self, v: dict[str, Any], viewer: str | None) -> dict[str, Any]:
        return redact(v, viewer)

    def backup_report(self, to: int) -> dict[str, Any]:
        """What a backup to the state after step ``to`` would undo and reveal (PPG 1.3, 3.1)."""
        if self.replay is None:
            raise DomainError(_("the starting state cannot be read; fix it first"), field="start")
        if to != 0 and to not in self.path_numbers():
            raise DomainError(_("step %(to)s is not on the current path") % {"to": to}, field="to")
        report: BackupReport = backup(self.replay, to)
        return report.to_json()


def summary(v: dict[str, Any]) -> dict[str, Any]:
    """The few facts a judge reads on a phone after each step."""
    out: dict[str, Any] = {}
    for pl in PLAYERS:
        p = v[pl]
        out[pl] = {
            "life": p["life"],
            "ap": p["action_points"],
            "rp": p["resource_points"],
            "hand": p["hand_size"],
            "arsenal": len(p["arsenal"]),
            "pitch": list(p["pitch_zone"]),
        }
    chain = v["combat_chain"]
    out["turn"] = v["turn"]
    out["phase"] = v["phase"]
    out["step"] = chain["step"]
    out["links"] = [
        (_("%(attack)s (%(power)s) hit") if lk["hit"] else "%(attack)s (%(power)s)")
        % {"attack": lk["attack"]["name"], "power": lk["attack"]["power"]}
        for lk in chain["links"]
    ]
    out["stack"] = [s["card"] for s in v["stack"]]
    out["priority"] = v["priority"]
    return out


_QUOTED = r"(?P<q>['\"])(?P<sentence>.*?)(?P=q)"
#: Where a manual-effect finding names its card and sentence (rules_engine.game.layers' messages).
_MANUAL_SHAPES = (
    re.compile(r"does not apply (?P<player>P[12])'s \w+ (?P<card>.+?)'s ability " + _QUOTED),
    re.compile(r"^line \d+: (?P<card>.+?) [a-z ]+; the engine does not apply its text " + _QUOTED),
    re.compile(r"the engine cannot compute (?P<card>.+?)'s text " + _QUOTED),
)


def offer_adjustment(finding: dict[str, Any], step_text: str, turn: str) -> str:
    """The adjustment lines a flagged manual effect offers the judge (issue 27), prefilled from the
    card's text where a shape of it is known (``rules_engine.game.adjustments.outcome_lines``),
    else a bare ``judge: `` line to complete. The abilities listed at the first line for the judge
    to watch (a hero's, equipment's, weapon's or permanent's, which have not acted yet) offer only
    prefilled lines, never a bare one: eight empty offers at line 1 of every dispute are noise. The
    controller is the finding's, else the first player the step names, else the turn player."""
    data = finding.get("data") or {}
    card, sentence, player = (
        str(data.get("card", "")),
        str(data.get("sentence", "")),
        str(data.get("player", "")),
    )
    if not (card and sentence):
        for shape in _MANUAL_SHAPES:
            m = shape.search(str(finding.get("message", "")))
            if m:
                card, sentence = m.group("card"), m.group("sentence")
                player = player or (m.groupdict().get("player") or "")
                break
    kw = re.search(
        r"^line \d+: (?P<card>.+?) has (?P<kw>[a-z ]+?(?: \d+)?) only under a condition",
        str(finding.get("message", "")),
    )
    if kw and not sentence:
        return f"judge: {kw.group('card')} gains {kw.group('kw')}"
    if not player:
        named = re.search(r"\b(P[12])\b", step_text, re.I)
        player = named.group(1).upper() if named else turn
    lines = outcome_lines(card, sentence, player) if card and sentence else []
    if lines:
        return "\n".join(lines)
    return "" if data.get("watch") or "when it acts" in str(finding.get("message", "")) else "judge: "


def run(recon: Reconstruction, lookup: CardLookup | None = None) -> Outcome | ga.GAOutcome:
    """Replay ``recon`` from its starting state. Never raises for bad input: an unreadable
    starting state is reported in ``start_error``, unreadable lines as findings in place.
    A Grand Archive event's reconstruction is replayed by ``ga.run``."""
    if is_ga(recon.call.event):
        return ga.run(recon, players_of(recon))
    lookup = lookup or event_lookup(recon.call.event)
    version = recon.rules_version or "2.13.0"
    start = recon.start or {}
    try:
        initial, inline = start_state(start, lookup, version)
    except GivenError as exc:
        return Outcome(recon, None, start_error=str(exc) or exc.__class__.__name__)
    extra: list[str] = []
    for names in decklist_names(recon.call).values():
        extra.extend(names)
    rep = replay(
        initial,
        [str(x) for x in recon.lines],
        inline,
        version=version,
        names=names_for(initial, extra, inline),
    )
    steps = []
    for rec in rep.steps:
        findings = [finding_json(f, version) for f in rec.findings]
        for f in findings:
            if f["kind"] == MANUAL:
                f["adjust"] = offer_adjustment(f, rec.text, rec.state.turn_player)
        steps.append(
            {
                "line": rec.number,
                "text": rec.text,
                "active": rec.active,
                "parent": rec.parent,
                "reversed": rec.reversed,
                "unreadable": any(f.kind == UNREADABLE for f in rec.findings),
                "findings": findings,
                # the page lists a line's own findings and folds the abilities in play to watch
                "shown": [f for f in findings if not f.get("data", {}).get("watch")],
                "watch": [f for f in findings if f.get("data", {}).get("watch")],
                "state": summary(view(rec.state)),
            }
        )
    return Outcome(recon, rep, steps=steps)


# --------------------------------------------------------------------------- hidden information


def redact(v: dict[str, Any], viewer: str | None) -> dict[str, Any]:
    """``v`` as ``viewer`` ("P1"/"P2") may see it: the other player's hand and deck become counts
    and their face-down arsenal and banished cards lose their names. ``None`` (a judge) sees all."""
    if viewer is None:
        return v
    out = dict(v)
    for pl in PLAYERS:
        if pl == viewer:
            continue
        p = dict(v[pl])
        p["hand"] = []
        p["hand_unknown"] = p["hand_size"]
        p["deck_top"] = []
        p["deck_bottom"] = []
        p["arsenal"] = [
            a if a.get("face") == "up" else {"name": _("face-down card"), "face": "down"}
            for a in p["arsenal"]
        ]
        p["banished"] = [
            b if b.get("face") == "up" else {"name": _("face-down card"), "face": "down"}
            for b in p["banished"]
        ]
        out[pl] = p
    return out
