"""The state at a start position, built from a ``given`` block.

A ``given`` block describes a position in the vocabulary of the scenario files: turn, phase, combat
step and chain links, the stack, each player's hero, life, points and zones with their cards (named
only, or with stats inline), equipment by slot, tokens and the active effects in card words
(docs/reconstruction.md). Scenarios (``scenarios``), logs and the judging app's starting states
(``start.start_state``) are all built here. A block that cannot be read raises :class:`GivenError`.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any

from .cards import CardFacts, CardLookup, facts_from_mapping, norm_name, split_colour
from .effects import played_tags, token_facts
from .state import PLAYERS, SLOTS, Card, ChainLink, Effect, GameState, Layer, PlayerState, split_counters

__all__ = ["GivenError", "StateBuilder", "collect_cards", "given_effect", "names_in", "parse_counters"]


class GivenError(ValueError):
    """The ``given`` block cannot be read."""


def _card_map(item: Any) -> dict[str, Any]:
    if isinstance(item, dict):
        return dict(item)
    return {"name": str(item)}


def parse_counters(value: Any) -> dict[str, int]:
    """{defense: -1} or ["-1{d}", "+1{p}", "-1{p}", "energy"] -> {"-defense": 1, "power": 1, ...}:
    +1 and -1 counters are separate kinds and stay side by side (CR 1.15.4)."""
    out: dict[str, int] = {}
    if isinstance(value, dict):
        return split_counters({str(k): int(v) for k, v in value.items()})
    for item in value if isinstance(value, list) else [value]:
        t = str(item).strip()
        m = re.fullmatch(r"([+-])(\d+)\s*\{([dp])\}", t)
        if m:
            key = ("" if m.group(1) == "+" else "-") + ("defense" if m.group(3) == "d" else "power")
            out[key] = out.get(key, 0) + int(m.group(2))
        elif t:
            out[t] = out.get(t, 0) + 1
    return out


def given_effect(text: str, player: str) -> Effect:
    """An active effect written in card words in a ``given`` block."""
    original = text.strip()
    t = re.sub(r"\s*\([^)]*\)\s*$", "", original).strip()
    low0 = t.casefold().rstrip(".")
    low0 = re.sub(r"costs ((?:\{r\})+) less", lambda m: f"costs {m.group(1).count('{r}')} less", low0)
    low = low0
    t = original
    m = re.fullmatch(r"the next attack action card you play this turn costs (\d+) less(?: to play)?", low)
    if m:
        return Effect("cost_next_attack", player, -int(m.group(1)), "turn", "given", text=t)
    m = re.fullmatch(
        r"the next guardian attack action card you play this turn costs (\d+) less(?: to play)?", low
    )
    if m:
        return Effect("cost_next_guardian", player, -int(m.group(1)), "turn", "given", text=t)
    m = re.fullmatch(
        r"prevent the next (\d+) arcane damage that would be dealt to (?:you|your hero)(?: this turn)?", low
    )
    if m:
        return Effect("prevent_next_arcane", player, int(m.group(1)), "turn", "given", text=t)
    m = re.fullmatch(
        r"prevent the next (\d+) damage that would be dealt to (?:you|your hero)(?: this turn)?", low
    )
    if m:
        return Effect("prevent_next", player, int(m.group(1)), "turn", "given", text=t)
    m = re.fullmatch(r"the next time you would be dealt damage this turn, prevent (\d+) of that damage", low)
    if m:
        return Effect("prevent_fixed", player, int(m.group(1)), "turn", "given", text=t)
    m = re.fullmatch(r"your next attack(?: action card)?( this turn)? (?:gets|gains) \+(\d+)\{p\}", low)
    if m:  # without "this turn" (Benji's), it waits for the next attack
        return Effect(
            "next_attack_power", player, int(m.group(2)), "turn" if m.group(1) else "", "given", text=t
        )
    if re.fullmatch(r"your next attack(?: action card)? this turn (?:gets|gains) go again", low):
        return Effect("next_attack_go_again", player, 0, "turn", "given", text=t)
    return Effect("text", player, 0, "turn", "given", text=t)


_COUNTS = {"two": 2, "three": 3, "four": 4, "five": 5}


def given_effects(text: str, player: str) -> list[Effect]:
    """The effects one ``given`` line describes. A line may tell the story around the effect's
    words, quoting them ("P2 resolved an instant earlier this turn: 'The next time ...'"), and may
    say how many separate effects there are ("three separate effects '...'"): each is its own
    effect (CR 6.2: one effect per resolved ability or destroyed token)."""
    told = re.sub(r"\s*\([^)]*\)\s*$", "", text.strip())  # a trailing note: "(4 remaining)"
    quoted = re.search(r"""['"‘“](.+?)['"’”]\s*\.?\s*$""", told)
    if quoted is None or given_effect(quoted.group(1), player).kind == "text":
        return [given_effect(text, player)]
    count = re.search(r"\b(two|three|four|five|\d+) separate effects\b", text, re.I)
    n = 1
    if count:
        word = count.group(1).casefold()
        n = int(word) if word.isdigit() else _COUNTS[word]
    return [given_effect(quoted.group(1), player) for _ in range(n)]


def collect_cards(given: dict[str, Any]) -> list[CardFacts]:
    """Every inline card with stats in a ``given`` block (any nesting)."""
    out: list[CardFacts] = []

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            if "name" in node and isinstance(node["name"], str) and len(node) > 1:
                keys = set(node) - {"name", "owner", "from", "face", "link"}
                if keys & {
                    "type",
                    "types",
                    "cost",
                    "pitch",
                    "power",
                    "defense",
                    "keywords",
                    "text",
                    "life",
                    "intellect",
                    "supertype",
                    "supertypes",
                    "classes",
                }:
                    out.append(facts_from_mapping(node))
            for v in node.values():
                walk(v)
        elif isinstance(node, list):
            for v in node:
                walk(v)

    walk(given)
    return out


def names_in(node: Any, acc: set[str]) -> None:
    """Every card name in a ``given`` block (and its colourless base name), for the name index."""
    if isinstance(node, dict):
        if isinstance(node.get("name"), str):
            acc.add(node["name"])
            acc.add(split_colour(node["name"])[0])
        if isinstance(node.get("hero"), str):  # "Lyath activates": the hero's first word names it
            acc.add(node["hero"])
        for k, v in node.items():
            if k in ("text", "notes", "title", "reason", "keywords", "counters"):  # not names
                continue
            names_in(v, acc)
    elif isinstance(node, list):
        for v in node:
            if isinstance(v, str):
                acc.add(v)
                acc.add(split_colour(v)[0])
            else:
                names_in(v, acc)


class StateBuilder:
    """Builds a :class:`GameState` from a scenario's ``given`` block."""

    def __init__(self, lookup: CardLookup, version: str) -> None:
        self.lookup = lookup
        self.version = version

    def card(self, s: GameState, item: Any, owner: str) -> Card:
        m = _card_map(item)
        name = str(m.get("name", "")).strip()
        if not name:
            raise GivenError(f"a card without a name: {item!r}")
        stat_keys = {
            "type",
            "types",
            "cost",
            "pitch",
            "power",
            "defense",
            "keywords",
            "text",
            "life",
            "intellect",
            "supertype",
            "supertypes",
            "classes",
        }
        if set(m) & stat_keys:
            facts = facts_from_mapping(m)
        else:
            found = self.lookup.get(name)
            tok = token_facts(name)
            if tok is not None and (found is None or found.is_token):
                found = None  # a CR 8.6 token: the rules define it (the engine's token handling keys on it)
            if (
                found is not None
                and found.name != name
                and norm_name(split_colour(name)[0]) == norm_name(found.name)
            ):
                name = found.name  # "Head Jab (red)" -> the red Head Jab, named "Head Jab"
            facts = found or token_facts(name) or CardFacts(name=name)
            if facts.name != name:
                facts = CardFacts(
                    **{**{f: getattr(facts, f) for f in facts.__dataclass_fields__}, "name": name}
                )
        card = Card(id=s.new_id(), facts=facts, owner=str(m.get("owner", owner)))
        if m.get("face"):
            card.face = str(m["face"])
        if m.get("from"):
            card.origin = str(m["from"])
        if m.get("counters"):
            card.counters = parse_counters(m["counters"])
        if m.get("tapped"):
            card.tapped = True
        return card

    def cards(self, s: GameState, items: Any, owner: str) -> list[Card]:
        if items is None:
            return []
        if not isinstance(items, list):
            items = [items]
        return [self.card(s, x, owner) for x in items]

    def build(self, given: dict[str, Any]) -> GameState:
        s = GameState(rules_version=self.version)
        turn = str(given.get("turn", "P1")).upper()
        if turn not in PLAYERS:
            raise GivenError(f"unknown turn-player {turn!r}")
        s.turn_player = turn
        s.first_turn = bool(given.get("first_turn", False))
        s.turn_number = int(given.get("turn_number", 1 if s.first_turn else 2))
        s.phase = str(given.get("phase", "action")).casefold().split()[0]
        if s.phase not in ("start", "action", "end"):
            raise GivenError(f"unknown phase {given.get('phase')!r}")
        step_text = str(given.get("step", "") or "").casefold()
        chain_given = given.get("combat_chain")
        links_given: list[Any] = []
        if isinstance(chain_given, dict):
            links_given = list(chain_given.get("links") or [])
        step = ""
        m = re.match(r"(layer|attack|defend|reaction|damage|resolution|link|close)\b", step_text)
        if m:
            step = m.group(1)
        elif links_given:
            step = (
                "resolution"
                if all(isinstance(x, dict) and x.get("resolved") for x in links_given)
                else "layer"
            )
        if isinstance(chain_given, dict) and chain_given.get("step"):
            step = str(chain_given["step"]).casefold()
        if self.version == "older" and step == "damage":
            step = "resolution"  # older CR 7.5.2: the Damage Step ends as soon as damage is dealt
        for pl in PLAYERS:
            s.players[pl] = self.player(s, given.get(pl) or {}, pl, turn, s.phase, bool(step))
        for item in links_given:
            lm = _card_map(item)
            attack_item = lm.get("attack")
            if attack_item is None:
                raise GivenError("a chain link without an attack")
            am = _card_map(attack_item)
            if "type" not in am and "types" not in am and set(am) - {"name", "owner"}:
                am["type"] = "attack action"
            controller = str(am.get("owner", lm.get("controller", turn))).upper()
            attack = self.card(s, am, controller)
            # a weapon's attack on the chain (CR 1.4.3, 8.3.1): the attack-proxy of the controller's
            # weapon of that name, with the weapon's properties (its power as given)
            aname = norm_name(
                re.sub(r"\s*\((?:attack-)?proxy\)\s*$", "", str(am.get("name", "")), flags=re.I)
            )
            weapon = next(
                (
                    w
                    for w in (s.players[controller].weapons if controller in s.players else [])
                    if norm_name(w.name) == aname
                ),
                None,
            )
            if weapon is not None:
                power = am.get("power")
                attack.facts = dataclasses.replace(
                    weapon.facts, power=int(power) if power is not None else weapon.facts.power
                )
            link = ChainLink(
                number=int(lm.get("link", len(s.chain) + 1)),
                attack=attack,
                controller=controller,
                target=str(lm.get("target", "P2" if controller == "P1" else "P1")).upper()[:2],
                source_zone="weapon" if weapon is not None else "hand",
                proxy=weapon.name if weapon is not None else "",
            )
            target = link.target
            for d in lm.get("defending") or []:
                dm = _card_map(d)
                owner = str(dm.get("owner", target)).upper()[:2]
                worn = (
                    next(
                        (
                            (slot, c)
                            for slot, c in s.players[owner].equipment.items()
                            if c is not None and norm_name(c.name) == norm_name(str(dm.get("name", "")))
                        ),
                        None,
                    )
                    if owner in s.players
                    else None
                )
                if worn is not None:
                    # the position lists an equipment both in its zone and defending: one card, which is
                    # on the chain link while it defends (CR 7.0.5a) and goes back when the chain closes
                    slot, card = worn
                    s.players[owner].equipment[slot] = None
                    card.origin = f"equipment:{slot}"
                    link.defending.append(card)
                    continue
                card = self.card(s, dm, str(dm.get("owner", target)))
                if not card.origin:
                    card.origin = (
                        f"equipment:{card.facts.slot}"
                        if card.facts.is_equipment and card.facts.slot
                        else "hand"
                    )
                elif card.origin == "equipment" and card.facts.slot:
                    card.origin = f"equipment:{card.facts.slot}"
                link.defending.append(card)
            link.declared = bool(link.defending) or step not in ("defend", "attack", "layer")
            link.hand_defended = any(c.origin == "hand" for c in link.defending)
            link.resolved = bool(lm.get("resolved", False))
            link.hit = bool(lm.get("hit", False))
            if lm.get("damage") is not None:
                link.damage = int(lm["damage"])
            link.power_bonus = int(lm.get("power_bonus", 0))
            for text in list(am.get("effects") or []) + list(lm.get("effects") or []):
                mm = re.search(r"can't be defended by more than (\d+) non-block cards?", str(text), re.I)
                if mm:
                    link.max_nonblock = int(mm.group(1))
            link.go_again = bool(lm.get("go_again", False))
            s.chain.append(link)
        if step == "resolution" and s.chain:
            s.chain[-1].resolved = True
        s.combat_step = step if (step or s.chain) else ""
        if s.chain and not s.combat_step:
            s.combat_step = "resolution"
        for item in given.get("stack") or []:
            im = _card_map(item)
            name = str(im.get("card", im.get("name", "")))
            owner = str(im.get("controller", turn)).upper()
            card = self.card(s, {**im, "name": name}, owner)
            layer = Layer(id=s.new_id(), kind="card", name=name, controller=owner, card=card)
            layer.attack = card.facts.is_attack_action
            if layer.attack:
                layer.targets = ["P2" if owner == "P1" else "P1"]
                if not s.combat_step:
                    s.combat_step = "layer"
            s.stack.append(layer)
        if s.phase == "action" and not (self.version == "older" and s.combat_step in ("damage", "close")):
            s.priority = str(given.get("priority", turn)).upper()
            # a start position in the Reaction Step: the step has just begun (CR 7.4.2)
            s.fresh = s.combat_step == "reaction" and not s.stack and "priority" not in given
        else:
            s.priority = None
        if s.phase == "end":
            s.end_step = str(given.get("end_step", "arsenal"))
        for pl in PLAYERS:
            if (given.get(pl) or {}).get("marked"):
                s.marked.append(pl)  # CR 9.3.1
        facts = given.get("turn_facts") or {}
        if isinstance(facts, dict):
            for key, value in facts.items():
                m = re.fullmatch(r"(P[12])_(dealt_arcane_damage|attacked_with_a_weapon)_this_turn", str(key))
                if m and value:
                    (s.arcane_dealt if m.group(2) == "dealt_arcane_damage" else s.weapon_attacked).append(
                        m.group(1)
                    )
        for item in given.get("played_this_turn") or []:
            # "P1: Lightning Press": a card played earlier this turn, before the log starts
            mp = re.match(r"\s*(P[12])\s*:\s*(.+?)\s*$", str(item), re.I)
            if mp is None:
                raise GivenError(f"played_this_turn: {item!r} is not 'P1: Card name'")
            found = self.lookup.get(mp.group(2)) or CardFacts(name=mp.group(2))
            s.played_this_turn.append([mp.group(1).upper(), found.name, played_tags(found)])
        for text in given.get("effects") or []:
            # a game-wide list: the effect belongs to the player the sentence names first
            who = re.match(r"\s*(P[12])\b", str(text), re.I)
            s.effects.extend(given_effects(str(text), who.group(1).upper() if who else turn))
        return s

    def player(
        self, s: GameState, g: dict[str, Any], pl: str, turn: str, phase: str, in_combat: bool
    ) -> PlayerState:
        p = PlayerState()
        hero = g.get("hero", "")
        if isinstance(hero, dict):
            p.hero = str(hero.get("moniker") or str(hero.get("name", "")).split(",")[0]).strip()
            p.hero_card = facts_from_mapping(hero)
        else:
            p.hero = str(hero or "")
            found = self.lookup.get(p.hero) if p.hero else None
            p.hero_card = found
        for item in g.get("deck_list") or []:
            m = _card_map(item)
            p.decklist.append(
                (
                    facts_from_mapping(m)
                    if len(m) > 1
                    else (self.lookup.get(m["name"]) or CardFacts(name=m["name"])),
                    int(m.get("copies", 1)),
                )
            )
        p.life = int(g["life"]) if g.get("life") is not None else 20
        p.intellect = int(g["intellect"]) if g.get("intellect") is not None else 4
        default_ap = 1 if (pl == turn and phase == "action" and not in_combat) else 0
        p.action_points = int(g.get("action_points", default_ap))
        p.resource_points = int(g.get("resource_points", 0))
        p.chi_points = int(g.get("chi_points", 0))
        p.hand = self.cards(s, g.get("hand"), pl)
        if g.get("hand_size") is not None:
            p.hand_unknown = max(0, int(g["hand_size"]) - len(p.hand))
        p.deck_top = self.cards(s, g.get("deck_top"), pl)
        p.deck_bottom = self.cards(s, g.get("deck_bottom"), pl)
        deck = g.get("deck")
        if isinstance(deck, list):
            p.deck_top = self.cards(s, deck, pl) + p.deck_top
            p.deck_count = len(p.deck_top) + len(p.deck_bottom)
        elif deck is not None:
            p.deck_count = int(deck)
        elif p.deck_top or p.deck_bottom:
            p.deck_count = None
        else:
            p.deck_count = None
        p.arsenal = self.cards(s, g.get("arsenal"), pl)
        for c in p.arsenal:
            if c.face == "up" and not isinstance(g.get("arsenal"), list):
                pass
        arsenal_items = g.get("arsenal") or []
        for c, item in zip(p.arsenal, arsenal_items if isinstance(arsenal_items, list) else [arsenal_items]):
            if not (isinstance(item, dict) and item.get("face")):
                c.face = "down"
        p.pitch_zone = self.cards(s, g.get("pitch_zone"), pl)
        p.graveyard = self.cards(s, g.get("graveyard"), pl)
        p.banished = self.cards(s, g.get("banished"), pl)
        eq = g.get("equipment") or {}
        if isinstance(eq, list):
            for item in eq:
                card = self.card(s, item, pl)
                p.equipment[card.facts.slot or f"slot{len(p.equipment)}"] = card
        else:
            for slot, item in dict(eq).items():
                p.equipment[str(slot)] = self.card(s, item, pl) if item else None
        p.weapons = self.cards(s, g.get("weapons"), pl)
        p.permanents = self.cards(s, g.get("permanents"), pl)
        p.soul = self.cards(s, g.get("soul"), pl)  # CR 3.11.5
        p.soul_known = "soul" in g
        p.hero_tapped = bool(g.get("hero_tapped", False))
        for c in p.permanents:
            tok = token_facts(c.name)
            if tok is not None and not c.facts.keywords and not c.facts.text:
                c.facts = CardFacts(
                    name=c.name,
                    types=tok.types,
                    subtypes=tok.subtypes,
                    keywords=tok.keywords,
                    text=tok.text,
                    power=tok.power,
                    life=tok.life,
                )
        for text in g.get("effects") or []:
            s.effects.extend(given_effects(str(text), pl))
        for c, item in zip(p.banished, g.get("banished") or []):
            if isinstance(item, dict) and str(item.get("by", "")).casefold() == "intimidate":
                c.face = "down"
                s.effects.append(Effect("intimidated", pl, 0, "end", "intimidate", c.id))
        _ = SLOTS
        return p
