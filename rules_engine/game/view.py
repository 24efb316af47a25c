"""The derived state in the vocabulary of the scenario format's ``expect`` blocks (the JSON contract)."""

from __future__ import annotations

from typing import Any

from .state import PLAYERS, Card, ChainLink, GameState
from .values import defense_of, link_power

STEP_NAMES = {"": None}


def _names(cards: list[Card]) -> list[str]:
    return [c.name for c in cards]


def _faced(cards: list[Card]) -> list[dict[str, Any]]:
    out = []
    for c in cards:
        d: dict[str, Any] = {"name": c.name, "face": c.face}
        if c.duration:
            d["duration"] = c.duration
        out.append(d)
    return out


def counters(card: Card) -> list[str]:
    out: list[str] = []
    # +1 and -1 counters are listed apart, side by side (CR 1.15.4)
    shown = {"defense": "+1{d}", "-defense": "-1{d}", "power": "+1{p}", "-power": "-1{p}"}
    for key in ("defense", "-defense", "power", "-power"):
        out.extend([shown[key]] * max(0, card.counters.get(key, 0)))
    for key, n in sorted(card.counters.items()):
        if key in shown or key.endswith("_effect"):
            continue
        out.extend([key] * max(0, n))
    return out


def permanent(card: Card) -> dict[str, Any]:
    d: dict[str, Any] = {"name": card.name}
    if card.defense is not None:
        d["defense"] = card.defense
    d["counters"] = counters(card)
    d["tapped"] = card.tapped
    return d


def weapon(card: Card) -> dict[str, Any]:
    """A weapon as a permanent, with its power and its counters (sharpen, CR 8.5.58)."""
    d = permanent(card)
    if card.facts.power is not None:
        d["power"] = max(0, card.facts.power + card.counter_mod("power"))
    return d


def target_text(t: str) -> str:
    if t in ("P1", "P2"):
        return f"{t}'s hero"
    if ":" in t and t[:2] in ("P1", "P2"):
        return f"{t[:2]}'s {t[3:]}"
    return t


def link_view(s: GameState, link: ChainLink) -> dict[str, Any]:
    power = link_power(link)
    return {
        "link": link.number,
        "attack": {"name": link.attack.name, "power": max(0, power)},
        "controller": link.controller,
        "target": link.target,
        "defending": [
            {"name": c.name, "defense": defense_of(s, c), "from": c.origin} for c in link.defending
        ],
        "total_defense": link.total_defense
        if link.total_defense is not None
        else sum(max(0, defense_of(s, c)) for c in link.defending),
        "damage": link.damage,
        "hit": link.hit,
        "resolved": link.resolved,
        "go_again": link.go_again or link.attack.facts.has("go again"),
    }


def view(s: GameState) -> dict[str, Any]:
    """The whole derived state, complete (not only what one scenario asks)."""
    out: dict[str, Any] = {}
    for pl in PLAYERS:
        p = s.p(pl)
        out[pl] = {
            "hero": p.hero,
            "life": p.life,
            "intellect": p.intellect,
            "action_points": p.action_points,
            "resource_points": p.resource_points,
            "chi_points": p.chi_points,
            "hand": _names(p.hand),
            "hand_unknown": p.hand_unknown,
            "hand_size": p.hand_size,
            "deck": p.deck_count,
            "deck_top": _names(p.deck_top),
            "deck_bottom": _names(p.deck_bottom),
            "arsenal": _faced(p.arsenal),
            "pitch_zone": _names(p.pitch_zone),
            "graveyard": _names(p.graveyard),
            "banished": _faced(p.banished),
            "equipment": {slot: (permanent(c) if c else None) for slot, c in sorted(p.equipment.items())},
            "weapons": [weapon(c) for c in p.weapons],
            "permanents": [permanent(c) for c in p.permanents],
            "effects": [e.describe() for e in s.effects if e.player == pl],
            "once_per_turn": list(p.once_per_turn),
            "boosted_this_turn": pl in s.boosted,
        }
        if p.soul or p.hero_tapped:  # only when there is one, so older views keep their shape
            out[pl]["soul"] = _names(p.soul)
            out[pl]["hero_tapped"] = p.hero_tapped
        down = [c.name for c in p.graveyard if c.face == "down"]
        if down:  # watery grave (CR 8.3.41); only when there is one, so older views keep their shape
            out[pl]["graveyard_face_down"] = down
        if pl in s.marked:
            out[pl]["marked"] = True  # CR 9.3 (only when marked, so older views keep their shape)
    stack = []
    for layer in s.stack:
        item: dict[str, Any] = {"card": layer.name, "controller": layer.controller, "kind": layer.kind}
        if layer.attack and layer.card is not None:
            item["power"] = max(
                0, (layer.card.facts.power or 0) + layer.card.counter_mod("power") + layer.power_bonus
            )
            item["go_again"] = layer.go_again or layer.card.facts.has("go again")
        if layer.card is not None:
            kws = [k for k, _ in layer.card.facts.keywords]
            if layer.go_again and "go again" not in kws:
                kws.append("go again")
            item["keywords"] = kws
        if layer.targets:
            item["targets"] = list(layer.targets)
            item["target"] = target_text(layer.targets[0])
        stack.append(item)
    out["stack"] = stack
    out["combat_chain"] = {
        "state": "open" if s.combat_step else "closed",
        "step": s.combat_step or None,
        "links": [link_view(s, lk) for lk in s.chain],
    }
    out["turn"] = s.turn_player
    out["turn_number"] = s.turn_number
    out["phase"] = s.phase
    out["end_step"] = s.end_step or None
    out["priority"] = s.priority
    out["game"] = {"over": s.game_over, "result": s.result or None}
    out["turn_facts"] = {f"{pl}_dealt_arcane_damage_this_turn": pl in s.arcane_dealt for pl in PLAYERS} | {
        f"{pl}_attacked_with_a_weapon_this_turn": pl in s.weapon_attacked for pl in PLAYERS
    }
    out["pending_damage"] = s.pending.to_json() if s.pending else None
    out["effects"] = [e.to_json() for e in s.effects]
    out["rules_version"] = s.rules_version
    return out


def get_path(v: dict[str, Any], path: str) -> tuple[bool, Any]:
    """Read a dotted fact ("P2.life", "P2.equipment.head", "combat_chain.links") from a view."""
    cur: Any = v
    for part in path.split("."):
        if isinstance(cur, dict) and part in cur:
            cur = cur[part]
        elif isinstance(cur, dict) and part.upper() in cur:
            cur = cur[part.upper()]
        else:
            return False, None
    if isinstance(cur, list) and path.endswith("links"):
        return True, len(cur)
    if isinstance(cur, dict) and "name" in cur and not path.endswith(("P1", "P2")):
        return True, cur["name"]
    if isinstance(cur, list):
        return True, [x["name"] if isinstance(x, dict) and "name" in x else x for x in cur]
    return True, cur
