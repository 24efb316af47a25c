"""The derived game state: plain dataclasses, serialisable to JSON, with a stable hash.

States are values: the engine copies a state before it applies a step and never changes a state
it has handed out, so a replay keeps every intermediate state (CR 1.10.3 reversal = keep the old one).

Zones follow CR chapter 3: deck (a count with the known top and bottom cards), hand (known cards
plus an unknown count), arsenal (CR 3.3), pitch zone (CR 3.13, in order), graveyard, banished (with
face and duration), equipment zones by slot (CR 3.2, 3.5, 3.10, 3.12), weapons, permanents (auras, items, allies,
tokens). The combat chain (CR 7.0.2) holds chain links (CR 7.0.3); the stack holds layers (CR 1.6, 5.3).
"""

from __future__ import annotations

import copy
import hashlib
import json
from dataclasses import dataclass, field
from typing import Any

from .cards import CardFacts

PLAYERS: tuple[str, str] = ("P1", "P2")
SLOTS: tuple[str, ...] = ("head", "chest", "arms", "legs")

#: Combat steps per rules version (CR 2.13.0 7.1-7.7; the older edition adds a Link Step, 7.7 there).
COMBAT_STEPS: dict[str, tuple[str, ...]] = {
    "2.13.0": ("layer", "attack", "defend", "reaction", "damage", "resolution", "close"),
    "older": ("layer", "attack", "defend", "reaction", "damage", "resolution", "link", "close"),
}


def other(player: str) -> str:
    return "P2" if player == "P1" else "P1"


def split_counters(counters: dict[str, int]) -> dict[str, int]:
    """Counters with the +1 and -1 counters of power and defense as separate kinds (CR 1.15.4): a
    signed count of one of them (``{"defense": -1}``, the form of a ``given`` block or of states
    stored before the kinds were split) becomes that many -1 counters (``{"-defense": 1}``)."""
    out: dict[str, int] = {}
    for key, n in counters.items():
        n = int(n)
        if key in ("power", "defense") and n < 0:
            key, n = f"-{key}", -n
        if n:
            out[key] = out.get(key, 0) + n
    return out


@dataclass
class Card:
    """A card object in a zone. ``facts.known`` is False for an unknown card; ``constraints`` are
    what is known about it ("pitch": 3, "defense": 3) until it is revealed."""

    id: str
    facts: CardFacts
    owner: str
    face: str = "up"
    counters: dict[str, int] = field(default_factory=dict)
    constraints: dict[str, Any] = field(default_factory=dict)
    origin: str = ""  # zone it came from (defending cards: "hand", "equipment", "arsenal", ...)
    duration: str = ""  # banished: "until end of turn" etc.
    private_to: str = ""  # hidden information visible only to this player
    tapped: bool = False

    @property
    def name(self) -> str:
        return self.facts.name

    def clone(self) -> Card:
        """A copy sharing the (immutable) facts."""
        return Card(
            self.id,
            self.facts,
            self.owner,
            self.face,
            dict(self.counters) if self.counters else {},
            dict(self.constraints) if self.constraints else {},
            self.origin,
            self.duration,
            self.private_to,
            self.tapped,
        )

    def counter_mod(self, prop: str) -> int:
        """What the +1 and -1 counters of ``prop`` ("power" or "defense") add to it (CR 1.15.2a,
        2.0.3d). The two kinds are kept apart (``counters[prop]`` +1 counters, ``counters["-" + prop]``
        -1 counters): opposing counters both stay on the card (CR 1.15.4)."""
        return self.counters.get(prop, 0) - self.counters.get(f"-{prop}", 0)

    def add_counters(self, prop: str, n: int) -> None:
        """Put ``n`` +1 counters of ``prop`` on the card, or ``-n`` -1 counters when ``n`` is negative;
        neither cancels the other (CR 1.15.4)."""
        key = prop if n > 0 else f"-{prop}"
        if n:
            self.counters[key] = self.counters.get(key, 0) + abs(n)

    @property
    def defense(self) -> int | None:
        if self.facts.defense is None:
            return self.constraints.get("defense")
        # CR 2.0.3c: a numeric property below zero counts as zero (the counters stay)
        return max(
            0, self.facts.defense + self.counter_mod("defense") + self.counters.get("defense_effect", 0)
        )

    @property
    def pitch(self) -> int | None:
        return self.facts.pitch if self.facts.pitch is not None else self.constraints.get("pitch")

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"id": self.id, "name": self.name, "owner": self.owner}
        if self.face != "up":
            out["face"] = self.face
        if self.counters:
            out["counters"] = dict(sorted(self.counters.items()))
        if self.constraints:
            out["constraints"] = dict(sorted(self.constraints.items()))
        if self.origin:
            out["from"] = self.origin
        if self.duration:
            out["duration"] = self.duration
        if self.private_to:
            out["private_to"] = self.private_to
        if self.tapped:
            out["tapped"] = True
        out["facts"] = self.facts.to_json()
        return out

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Card:
        return cls(
            id=str(d["id"]),
            facts=CardFacts.from_json(d["facts"]),
            owner=str(d["owner"]),
            face=str(d.get("face", "up")),
            counters=split_counters(d.get("counters", {})),
            constraints=dict(d.get("constraints", {})),
            origin=str(d.get("from", "")),
            duration=str(d.get("duration", "")),
            private_to=str(d.get("private_to", "")),
            tapped=bool(d.get("tapped", False)),
        )


@dataclass
class Effect:
    """An active continuous or delayed effect (CR 6.2, 6.3) with its duration.

    kinds: "next_attack_power" (+N to the next attack), "next_attack_go_again", "prevent_next"
    (a prevention shield with ``amount`` remaining, CR 6.4.10), "cost_change" (CR 5.1.6a),
    "intimidated" (a card to return at the beginning of the end phase, CR 8.5.10).
    """

    kind: str
    player: str
    amount: int = 0
    duration: str = "turn"
    source: str = ""
    card_id: str = ""
    text: str = ""
    choice: str = ""  # "choice_offer": the option and its outcome, packed (effects.pack_choice)

    def clone(self) -> Effect:
        return copy.copy(self)

    def describe(self) -> str:
        """The effect in card words (the vocabulary of the scenario format's ``effects``)."""
        n = self.amount
        if self.kind == "next_attack_grant":
            cls, go_again, ability = (self.text.split("|", 2) + ["", "", ""])[:3]
            parts = [f"+{n}{{p}}"] if n else []
            parts += ["go again"] if go_again else []
            parts += [f'"{ability}"'] if ability else []
            return f"Your next {cls + ' ' if cls else ''}attack action card this turn gains {' and '.join(parts)}."
        if self.kind == "next_typed_attack":
            word, go_again, keyword, ability = (self.text.split("|", 3) + ["", "", "", ""])[:4]
            extra = [x for x in (go_again, keyword) if x] + ([f'"{ability}"'] if ability else [])
            return f"Your next {word} attack this turn gets " + " and ".join([f"+{n}{{p}}", *extra]) + "."
        if self.kind == "next_filtered_attack":
            action, filt, go_again = (self.text.split("|") + ["", "", ""])[:3]
            what, op, limit = filt[:4], filt[4:6], filt[6:]
            kind = "attack action card" if action else "attack"
            has = f"{'cost' if what == 'cost' else ''} {limit} or {'less' if op == '<=' else 'more'}"
            has += " base {p}" if what == "base" else ""
            gets = " and ".join(
                ([f"+{self.amount}{{p}}"] if self.amount else []) + ([go_again] if go_again else [])
            )
            return f"Your next {kind} with {has.strip()} this turn gets {gets}."
        if self.kind == "next_action_go_again":
            colour, filt = (self.text.split("|") + ["", ""])[:2]
            tail = f" with cost {filt[6:]} or {'less' if filt[4:6] == '<=' else 'more'}" if filt else ""
            # a colour, or classes said as either ("runeblade/shadow": Chane's "Runeblade or Shadow")
            words = " or ".join(
                w if w in ("red", "yellow", "blue") else w.title() for w in colour.split("/") if w
            )
            return (
                f"The next {words + ' ' if words else ''}action card you play this turn{tail} gets go again."
            )
        if self.kind == "typed_attacks":
            word, go_again = (self.text.split("|") + ["", ""])[:2]
            gets = go_again or f"+{self.amount}{{p}}"
            return f"Your {word} attacks get {gets} this turn."
        if self.kind == "prevent_class":
            return f"The next time a {self.text.title()} source would deal damage this turn, prevent {self.amount} of that damage."
        if self.kind == "prevent_small":
            return f"The next time you would be dealt {self.amount} or less damage this turn, prevent it."
        if self.kind == "choice_offer":
            return f"{self.source}: {self.text}"
        if self.text and self.kind not in ("next_cheap_attack_power", "next_attack_keyword"):
            return self.text
        return {
            "prevent_next": f"Prevent the next {n} damage that would be dealt to you this turn.",
            "prevent_next_arcane": f"Prevent the next {n} arcane damage that would be dealt to you this turn.",
            "prevent_fixed": f"The next time you would be dealt damage this turn, prevent {n} of that damage.",
            "next_attack_power": f"Your next attack this turn gets +{n}{{p}}.",
            "next_attack_go_again": "Your next attack this turn gets go again.",
            "next_cheap_attack_power": (
                f"The next attack action card with cost {self.text[2:]} or more you play this turn gains +{n}{{p}}."
                if self.text.startswith(">=")
                else f"The next attack action card with cost {self.text} or less you play this turn gains +{n}{{p}}."
            ),
            "next_nonattack_go_again": "The next 'non-attack' action card you play this turn gets go again.",
            "next_attack_keyword": f"Your next attack this turn gains {self.text.split('|')[-1]}.",
            "attacks_power": f"Your attacks get +{n}{{p}} this "
            + ("combat chain." if self.duration == "chain" else "turn."),
            "cost_next_attack": f"The next attack action card you play this turn costs {-n} less.",
            "cost_next_guardian": f"The next Guardian attack action card you play this turn costs {-n} less.",
            "intimidated": "A card banished by intimidate returns to hand at the beginning of the end phase.",
            "quell_destroy": f"Destroy {self.source} at the beginning of the end phase (quell).",
        }.get(self.kind, self.text or self.kind)

    def to_json(self) -> dict[str, Any]:
        return {
            "text": self.text,
            "kind": self.kind,
            "player": self.player,
            "amount": self.amount,
            "duration": self.duration,
            "source": self.source,
            "card_id": self.card_id,
            "description": self.describe(),
            **({"choice": self.choice} if self.choice else {}),
        }

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Effect:
        return cls(
            kind=str(d["kind"]),
            player=str(d["player"]),
            amount=int(d.get("amount", 0)),
            duration=str(d.get("duration", "turn")),
            source=str(d.get("source", "")),
            card_id=str(d.get("card_id", "")),
            text=str(d.get("text", "")),
            choice=str(d.get("choice", "")),
        )


@dataclass
class Layer:
    """A layer on the stack (CR 1.6 layers, 5.3): a card, an activated ability or a triggered ability."""

    id: str
    kind: str  # "card", "activated", "triggered"
    name: str
    controller: str
    card: Card | None = None
    targets: list[str] = field(default_factory=list)
    power_bonus: int = 0
    go_again: bool = False
    effect: str = ""  # recognised effect key for abilities/triggers
    amount: int = 0
    source_zone: str = ""
    attack: bool = False
    max_nonblock: int = 0
    granted: list[str] = field(default_factory=list)  # keywords an effect gave the attack on the stack
    cost_due: str = ""  # an activation's cost the log has yet to show paid ("instant": Oscilio's discard)
    source_id: str = (
        ""  # a triggered layer's source card ("this" in its effect: a defending card, the attack)
    )

    def clone(self) -> Layer:
        out = copy.copy(self)
        out.card = self.card.clone() if self.card else None
        out.targets = list(self.targets)
        out.granted = list(self.granted)
        return out

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "kind": self.kind,
            "name": self.name,
            "controller": self.controller,
            "card": self.card.to_json() if self.card else None,
            "targets": list(self.targets),
            "power_bonus": self.power_bonus,
            "go_again": self.go_again,
            "effect": self.effect,
            "amount": self.amount,
            "source_zone": self.source_zone,
            "attack": self.attack,
            "max_nonblock": self.max_nonblock,
            "granted": list(self.granted),
            **({"cost_due": self.cost_due} if self.cost_due else {}),
            **({"source_id": self.source_id} if self.source_id else {}),
        }

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Layer:
        return cls(
            id=str(d["id"]),
            kind=str(d["kind"]),
            name=str(d["name"]),
            controller=str(d["controller"]),
            card=Card.from_json(d["card"]) if d.get("card") else None,
            targets=list(d.get("targets", [])),
            power_bonus=int(d.get("power_bonus", 0)),
            go_again=bool(d.get("go_again", False)),
            effect=str(d.get("effect", "")),
            amount=int(d.get("amount", 0)),
            source_zone=str(d.get("source_zone", "")),
            attack=bool(d.get("attack", False)),
            max_nonblock=int(d.get("max_nonblock", 0)),
            granted=list(d.get("granted", [])),
            cost_due=str(d.get("cost_due", "")),
            source_id=str(d.get("source_id", "")),
        )


@dataclass
class ChainLink:
    """A chain link (CR 7.0.3): the active-attack, its controller and target, the defending cards,
    power and defense changes, go again, hit and damage."""

    number: int
    attack: Card
    controller: str
    target: str
    defending: list[Card] = field(default_factory=list)
    power_bonus: int = 0
    go_again: bool = False
    resolved: bool = False
    hit: bool = False
    damage: int | None = None
    total_defense: int | None = None
    declared: bool = False
    source_zone: str = "hand"
    proxy: str = ""  # name of the attack-source when the attack is a weapon's attack-proxy
    hand_defended: bool = False  # a card from hand has defended this link (older CR 8.3.4c)
    # "can't be defended by more than N non-block cards" (Confidence, CR 8.6.35); 0 = no limit
    max_nonblock: int = 0
    granted: list[str] = field(
        default_factory=list
    )  # abilities the attack gained ("If this hits a hero, ...")
    no_hit_triggers: bool = False  # "hit effects don't trigger this chain link" (CR 6.6.5f)
    # conditional bonuses of the attack's own text whose condition was not met yet, one
    # "condition|number|power|keyword;ability;" each (``values.grant_met``, ``defending.recheck_grants``)
    waiting: list[str] = field(default_factory=list)
    # where the attack card went when an effect moved it off the combat chain ("soul", "deck", "hand");
    # the chain link stays, known by the attack's last known information (CR 7.0.3c, 7.6.2a)
    gone: str = ""

    def clone(self) -> ChainLink:
        out = copy.copy(self)
        out.attack = self.attack.clone()
        out.defending = [c.clone() for c in self.defending]
        out.granted = list(self.granted)
        out.waiting = list(self.waiting)
        return out

    def to_json(self) -> dict[str, Any]:
        return (
            {
                "number": self.number,
                "attack": self.attack.to_json(),
                "controller": self.controller,
                "target": self.target,
                "defending": [c.to_json() for c in self.defending],
                "power_bonus": self.power_bonus,
                "go_again": self.go_again,
                "resolved": self.resolved,
                "hit": self.hit,
                "damage": self.damage,
                "total_defense": self.total_defense,
                "declared": self.declared,
                "source_zone": self.source_zone,
                "proxy": self.proxy,
                "hand_defended": self.hand_defended,
                "max_nonblock": self.max_nonblock,
                "granted": list(self.granted),
                "no_hit_triggers": self.no_hit_triggers,
            }
            | ({"waiting": list(self.waiting)} if self.waiting else {})
            | ({"gone": self.gone} if self.gone else {})
        )

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> ChainLink:
        return cls(
            number=int(d["number"]),
            attack=Card.from_json(d["attack"]),
            controller=str(d["controller"]),
            target=str(d["target"]),
            defending=[Card.from_json(c) for c in d.get("defending", [])],
            power_bonus=int(d.get("power_bonus", 0)),
            go_again=bool(d.get("go_again", False)),
            resolved=bool(d.get("resolved", False)),
            hit=bool(d.get("hit", False)),
            damage=d.get("damage"),
            total_defense=d.get("total_defense"),
            declared=bool(d.get("declared", False)),
            source_zone=str(d.get("source_zone", "hand")),
            proxy=str(d.get("proxy", "")),
            hand_defended=bool(d.get("hand_defended", False)),
            max_nonblock=int(d.get("max_nonblock", 0)),
            granted=[str(x) for x in d.get("granted", [])],
            waiting=[str(x) for x in d.get("waiting", [])],
            no_hit_triggers=bool(d.get("no_hit_triggers", False)),
            gone=str(d.get("gone", "")),
        )


@dataclass
class PendingDamage:
    """A damage event waiting for the target's optional prevention choices (CR 6.4, 8.3.8, 8.3.15, 8.3.19)."""

    target: str
    amount: int
    source: str
    arcane: bool = False
    hit_link: int = 0  # chain link number when this is the hit-event (CR 7.5.2a)
    source_controller: str = ""
    used: list[str] = field(default_factory=list)
    unless_cost: int = 0  # "deals N damage to you unless you pay {r}..." (Bloodrot Pox, CR 8.6.19)

    def clone(self) -> PendingDamage:
        out = copy.copy(self)
        out.used = list(self.used)
        return out

    def to_json(self) -> dict[str, Any]:
        return {
            "target": self.target,
            "amount": self.amount,
            "source": self.source,
            "arcane": self.arcane,
            "hit_link": self.hit_link,
            "source_controller": self.source_controller,
            "used": list(self.used),
            "unless_cost": self.unless_cost,
        }

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> PendingDamage:
        return cls(
            target=str(d["target"]),
            amount=int(d["amount"]),
            source=str(d["source"]),
            arcane=bool(d.get("arcane", False)),
            hit_link=int(d.get("hit_link", 0)),
            source_controller=str(d.get("source_controller", "")),
            used=list(d.get("used", [])),
            unless_cost=int(d.get("unless_cost", 0)),
        )


_ZONES = (
    "hand",
    "deck_top",
    "deck_bottom",
    "arsenal",
    "pitch_zone",
    "graveyard",
    "banished",
    "weapons",
    "permanents",
    "soul",
)


@dataclass
class PlayerState:
    """One player's hero, assets (CR 1.13) and zones (CR 3)."""

    hero: str = ""
    life: int | None = 20
    intellect: int | None = 4
    action_points: int = 0
    resource_points: int = 0
    chi_points: int = 0
    deck_count: int | None = None
    deck_top: list[Card] = field(default_factory=list)
    deck_bottom: list[Card] = field(default_factory=list)
    hand: list[Card] = field(default_factory=list)
    hand_unknown: int = 0
    arsenal: list[Card] = field(default_factory=list)
    pitch_zone: list[Card] = field(default_factory=list)
    graveyard: list[Card] = field(default_factory=list)
    banished: list[Card] = field(default_factory=list)
    equipment: dict[str, Card | None] = field(default_factory=dict)
    weapons: list[Card] = field(default_factory=list)
    permanents: list[Card] = field(default_factory=list)
    #: the cards under the hero card (CR 3.11.5): charged (8.5.29) or put there by effects
    soul: list[Card] = field(default_factory=list)
    soul_known: bool = False  # the start state gave the soul (else a cost from it is not checked)
    #: the hero is a permanent that can be tapped to pay a "{t}" cost (CR 1.3.3b, 8.5.55)
    hero_tapped: bool = False
    once_per_turn: list[str] = field(default_factory=list)
    hero_card: CardFacts | None = None
    decklist: list[tuple[CardFacts, int]] = field(default_factory=list)

    @property
    def hand_size(self) -> int:
        return len(self.hand) + self.hand_unknown

    def clone(self) -> PlayerState:
        out = copy.copy(self)
        out.equipment = {k: (v.clone() if v else None) for k, v in self.equipment.items()}
        out.once_per_turn = list(self.once_per_turn)
        out.decklist = list(self.decklist)
        for z in _ZONES:
            setattr(out, z, [c.clone() for c in getattr(self, z)])
        return out

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "hero": self.hero,
            "life": self.life,
            "intellect": self.intellect,
            "action_points": self.action_points,
            "resource_points": self.resource_points,
            "chi_points": self.chi_points,
            "deck_count": self.deck_count,
            "hand_unknown": self.hand_unknown,
            "equipment": {k: (v.to_json() if v else None) for k, v in sorted(self.equipment.items())},
            "once_per_turn": list(self.once_per_turn),
            "hero_card": self.hero_card.to_json() if self.hero_card else None,
            "decklist": [{"facts": f.to_json(), "copies": n} for f, n in self.decklist],
        }
        for z in _ZONES:
            out[z] = [c.to_json() for c in getattr(self, z)]
        # kept only when set, so the hashes of states without them do not change
        if not self.soul:
            del out["soul"]
        if self.hero_tapped:
            out["hero_tapped"] = True
        if self.soul_known:
            out["soul_known"] = True
        return out

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> PlayerState:
        p = cls(
            hero=str(d.get("hero", "")),
            life=d.get("life"),
            intellect=d.get("intellect"),
            action_points=int(d.get("action_points", 0)),
            resource_points=int(d.get("resource_points", 0)),
            chi_points=int(d.get("chi_points", 0)),
            deck_count=d.get("deck_count"),
            hand_unknown=int(d.get("hand_unknown", 0)),
            equipment={k: (Card.from_json(v) if v else None) for k, v in d.get("equipment", {}).items()},
            once_per_turn=list(d.get("once_per_turn", [])),
            hero_tapped=bool(d.get("hero_tapped", False)),
            soul_known=bool(d.get("soul_known", False)),
            hero_card=CardFacts.from_json(d["hero_card"]) if d.get("hero_card") else None,
            decklist=[(CardFacts.from_json(x["facts"]), int(x["copies"])) for x in d.get("decklist", [])],
        )
        for z in _ZONES:
            setattr(p, z, [Card.from_json(c) for c in d.get(z, [])])
        return p


@dataclass
class GameState:
    """The whole derived state after a step (turn structure CR 4, combat CR 7, priority CR 1.11)."""

    rules_version: str = "2.13.0"
    turn_number: int = 1
    turn_player: str = "P1"
    first_turn: bool = False
    phase: str = "action"  # start, action, end
    end_step: str = ""  # end phase: "", "arsenal", "pitch", "assets", "draw"
    combat_step: str = ""  # "" when the chain is closed, else one of COMBAT_STEPS
    priority: str | None = "P1"
    passes: int = 0
    #: the turn-player got priority when this combat step began and no one has acted since: a play by
    #: the other player implies the pass a judge leaves out (CR 1.11.4, docs "Omitted obvious passes")
    fresh: bool = False
    stack: list[Layer] = field(default_factory=list)
    chain: list[ChainLink] = field(default_factory=list)
    players: dict[str, PlayerState] = field(default_factory=lambda: {p: PlayerState() for p in PLAYERS})
    effects: list[Effect] = field(default_factory=list)
    pending: PendingDamage | None = None
    paying: int = 0  # resource points still owed by the cost being paid (CR 1.14.2d); 0 when none
    paying_player: str = ""
    game_over: bool = False
    result: str = ""
    next_id: int = 1
    attacks_this_turn: list[str] = field(default_factory=list)
    arcane_dealt: list[str] = field(
        default_factory=list
    )  # players whose sources dealt arcane damage this turn
    weapon_attacked: list[str] = field(default_factory=list)  # players who attacked with a weapon this turn
    boosted: list[str] = field(default_factory=list)  # players who boosted this turn (CR 8.3.9)
    marked: list[str] = field(default_factory=list)  # heroes with the marked condition (CR 9.3)
    #: what happened this turn that card texts ask about, one "P1 played WORD WORD ..." (the card's
    #: colour, types, subtypes, classes and talents), "P1 drew" or "P1 boosted" each, in order
    #: (``conditions``); cleared when the turn ends
    turn_log: list[str] = field(default_factory=list)
    #: the cards played this turn, in order: [player, card name, tags] where tags are the card's types,
    #: subtypes, classes and talents and its colour, lower case, space-separated ("action non-attack
    #: lightning wizard red"); read by conditions such as "if you've played a Lightning card this turn"
    played_this_turn: list[list[str]] = field(default_factory=list)

    @property
    def chain_open(self) -> bool:
        return bool(self.combat_step)

    def p(self, player: str) -> PlayerState:
        return self.players[player]

    def new_id(self) -> str:
        i = self.next_id
        self.next_id += 1
        return f"o{i}"

    def clone(self) -> GameState:
        """A deep copy (card facts are immutable and shared)."""
        out = copy.copy(self)
        out.stack = [x.clone() for x in self.stack]
        out.chain = [x.clone() for x in self.chain]
        out.players = {k: v.clone() for k, v in self.players.items()}
        out.effects = [e.clone() for e in self.effects]
        out.pending = self.pending.clone() if self.pending else None
        out.attacks_this_turn = list(self.attacks_this_turn)
        out.arcane_dealt = list(self.arcane_dealt)
        out.weapon_attacked = list(self.weapon_attacked)
        out.boosted = list(self.boosted)
        out.marked = list(self.marked)
        out.turn_log = list(self.turn_log)
        out.played_this_turn = [list(x) for x in self.played_this_turn]
        return out

    def active_link(self) -> ChainLink | None:
        """CR 7.0.3b: the most recent chain link while it has not resolved."""
        if self.chain and not self.chain[-1].resolved:
            return self.chain[-1]
        return None

    def to_json(self) -> dict[str, Any]:
        out = self._to_json()
        if self.boosted:  # only when set, so the hashes of states without it do not change
            out["boosted"] = list(self.boosted)
        if self.marked:
            out["marked"] = list(self.marked)
        if self.turn_log:
            out["turn_log"] = list(self.turn_log)
        if self.played_this_turn:
            out["played_this_turn"] = [list(x) for x in self.played_this_turn]
        return out

    def _to_json(self) -> dict[str, Any]:
        return {
            "rules_version": self.rules_version,
            "turn_number": self.turn_number,
            "turn_player": self.turn_player,
            "first_turn": self.first_turn,
            "phase": self.phase,
            "end_step": self.end_step,
            "combat_step": self.combat_step,
            "priority": self.priority,
            "passes": self.passes,
            "fresh": self.fresh,
            "stack": [layer.to_json() for layer in self.stack],
            "chain": [link.to_json() for link in self.chain],
            "players": {k: v.to_json() for k, v in sorted(self.players.items())},
            "effects": [e.to_json() for e in self.effects],
            "pending": self.pending.to_json() if self.pending else None,
            "paying": self.paying,
            "paying_player": self.paying_player,
            "game_over": self.game_over,
            "result": self.result,
            "next_id": self.next_id,
            "attacks_this_turn": list(self.attacks_this_turn),
            "arcane_dealt": list(self.arcane_dealt),
            "weapon_attacked": list(self.weapon_attacked),
        }

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> GameState:
        return cls(
            rules_version=str(d.get("rules_version", "2.13.0")),
            turn_number=int(d.get("turn_number", 1)),
            turn_player=str(d.get("turn_player", "P1")),
            first_turn=bool(d.get("first_turn", False)),
            phase=str(d.get("phase", "action")),
            end_step=str(d.get("end_step", "")),
            combat_step=str(d.get("combat_step", "")),
            priority=d.get("priority"),
            passes=int(d.get("passes", 0)),
            fresh=bool(d.get("fresh", False)),
            stack=[Layer.from_json(x) for x in d.get("stack", [])],
            chain=[ChainLink.from_json(x) for x in d.get("chain", [])],
            players={k: PlayerState.from_json(v) for k, v in d.get("players", {}).items()},
            effects=[Effect.from_json(x) for x in d.get("effects", [])],
            pending=PendingDamage.from_json(d["pending"]) if d.get("pending") else None,
            paying=int(d.get("paying", 0)),
            paying_player=str(d.get("paying_player", "")),
            game_over=bool(d.get("game_over", False)),
            result=str(d.get("result", "")),
            next_id=int(d.get("next_id", 1)),
            attacks_this_turn=list(d.get("attacks_this_turn", [])),
            arcane_dealt=list(d.get("arcane_dealt", [])),
            weapon_attacked=list(d.get("weapon_attacked", [])),
            boosted=list(d.get("boosted", [])),
            marked=list(d.get("marked", [])),
            turn_log=[str(x) for x in d.get("turn_log", [])],
            played_this_turn=[list(map(str, x)) for x in d.get("played_this_turn", [])],
        )

    def state_hash(self) -> str:
        """A stable hash of the canonical JSON (sorted keys, no whitespace)."""
        blob = json.dumps(self.to_json(), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(blob.encode()).hexdigest()[:16]
