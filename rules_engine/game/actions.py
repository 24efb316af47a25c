"""Log entries: what the judge types, parsed into typed actions (one numbered entry = a list of clauses)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class CardRef:
    """A card named in a step, with the zone it comes from and claimed stats ("(pitch 3)", "(defense 2)")."""

    name: str
    zone: str = ""
    claims: tuple[tuple[str, int], ...] = ()

    def claim(self, key: str) -> int | None:
        for k, v in self.claims:
            if k == key:
                return v
        return None


@dataclass(frozen=True)
class Play:
    player: str
    card: CardRef
    targets: tuple[str, ...] = ()
    pitches: tuple[CardRef, ...] = ()
    floating: int | None = None
    boost: bool = False
    boost_card: str = ""
    as_instant: bool = False
    mode: int = 0  # "Choose 1" cards: the chosen mode, 1-based (CR 1.7.5)
    # fusion's optional additional cost (CR 8.3.17): "yes" / "no" as the line says, "" when it is silent;
    # ``fused`` the cards revealed from hand to pay it (empty when the line does not name them)
    fusion: str = ""
    fused: tuple[CardRef, ...] = ()
    # charge as an optional additional cost (CR 8.5.29): "yes" / "no" / "" and the card moved to the soul
    charge: str = ""
    charged: tuple[CardRef, ...] = ()
    discarded: tuple[CardRef, ...] = ()  # "discarding X": the card a random-discard cost took
    mode_said: str = ""  # the mode named by its words ("choosing the attack action mode"), not its number
    scrapped: tuple[CardRef, ...] = ()  # scrap's optional additional cost (CR 8.3.32): the card banished


@dataclass(frozen=True)
class Attack:
    """ "P1 attacks with X": a weapon's (or permanent's) attack ability when the player controls X,
    else playing the attack card X (the engine decides which)."""

    player: str
    play: Play


@dataclass(frozen=True)
class Activate:
    player: str
    source: str
    targets: tuple[str, ...] = ()
    pitches: tuple[CardRef, ...] = ()
    #: "activates Oscilio, discarding X": the discard that pays the ability's cost, part of the activation
    discards: tuple[CardRef, ...] = ()
    #: "activates Kassai, banishing X, Y, Z and W from the graveyard": the cards a banish cost takes
    banishes: tuple[CardRef, ...] = ()


@dataclass(frozen=True)
class Pitch:
    player: str
    card: CardRef


@dataclass(frozen=True)
class Pass:
    """``resolves``: what the line says the pass resolves ("P2 passes (Instant Z resolves)"),
    checked against the stack when this pass completes a round of passing."""

    player: str
    resolves: str = ""


@dataclass(frozen=True)
class AllPass:
    """mode: "once" (one round of passing), "to" (until the step begins), "through" (until they end),
    "if_top" (one round of passing when the triggered layer ``resolves`` names is on top, else nothing).

    ``resolves`` is what the line says the pass resolves, "all pass (Instant Z resolves)": checked
    against the stack before the pass is applied."""

    mode: str = "once"
    steps: tuple[str, ...] = ()
    resolves: str = ""


@dataclass(frozen=True)
class StepMarker:
    """ "Damage Step", "Resolution Step begins": the game is (or gets, by all passing) to this step."""

    step: str


@dataclass(frozen=True)
class PhaseMarker:
    phase: str


@dataclass(frozen=True)
class Defend:
    player: str
    cards: tuple[CardRef, ...] = ()


@dataclass(frozen=True)
class Arsenal:
    player: str
    card: CardRef
    face: str = "down"
    extra: tuple[CardRef, ...] = ()


@dataclass(frozen=True)
class NoArsenal:
    player: str


@dataclass(frozen=True)
class PitchToBottom:
    """``player`` None: every player, order unknown."""

    player: str | None
    cards: tuple[str, ...] = ()


@dataclass(frozen=True)
class Draw:
    player: str
    count: int
    because: str = ""


@dataclass(frozen=True)
class ApplyPrevention:
    player: str
    keyword: str
    amount: int | None = None
    source: str = ""
    pitches: tuple[CardRef, ...] = ()
    pay: int | None = None


@dataclass(frozen=True)
class DeclinePrevention:
    player: str
    keyword: str


@dataclass(frozen=True)
class Claim:
    """A narrated automatic event, checked against what the rules made happen.

    kinds: "deals" (subject = attack name, empty for the current chain link; value = damage), "hits",
    "gains_ap" (subject = player), "trigger_added", "resolves" (subject = layer name), and the claims
    read from parentheses and colons: "taken" (subject = player, value = damage dealt to them),
    "prevents" (subject = source or "ward"), "defends" (subject = card), "destroyed" (subject = card),
    "holds" (subject = "P2:Card X", the card is in that player's hand), "on_stack" (subject = layer),
    "chain_closed", "step" (subject = a step or phase the line reached), "links" (value = chain links),
    "no_defenders", "no_trigger" (subject = source), "priority" (subject = player), "life" (subject =
    player, value), "action_points" (subject = player, value), "would_deal" (value)."""

    kind: str
    subject: str = ""
    value: int | None = None


@dataclass(frozen=True)
class Observe:
    path: str
    value: Any
    who: str = ""


@dataclass(frozen=True)
class Adjust:
    path: str
    value: Any
    reason: str = ""


@dataclass(frozen=True)
class MoveCard:
    """A judge's correction: a named (or an unknown, "?") card of ``player`` moved from one zone to
    another, face up or down (zones: hand, arsenal, graveyard, banished, pitch_zone, permanents,
    deck_top, deck_bottom, deck)."""

    player: str
    card: CardRef
    source: str
    dest: str
    face: str = ""
    reason: str = ""


@dataclass(frozen=True)
class CounterChange:
    """A judge's correction: ``amount`` counters of ``kind`` ("power" for +1{p}, "-power" for
    -1{p}, "defense", "-defense", "steam", ...) put on (positive) or removed from (negative) the
    named card wherever it is."""

    card: str
    kind: str
    amount: int
    reason: str = ""


@dataclass(frozen=True)
class KeywordChange:
    """A judge's correction: the named attack gains (``add``) or loses a keyword, for the time the
    line states (``until``: "until end of turn", "this chain link"; an attack's keyword lasts while
    it is on the combat chain in any case)."""

    card: str
    keyword: str
    add: bool = True
    reason: str = ""
    until: str = ""


@dataclass(frozen=True)
class Destroy:
    """A judge's correction: the named permanent, token, weapon or equipment is destroyed."""

    card: str
    reason: str = ""


@dataclass(frozen=True)
class CreateToken:
    player: str
    name: str
    count: int = 1
    source: str = (
        ""  # "Dromai makes 2 Ash": the card said to make it (its controller, when no player is said)
    )


@dataclass(frozen=True)
class Reveal:
    player: str
    card: str
    zone: str = "hand"


@dataclass(frozen=True)
class Opt:
    player: str
    top: tuple[str, ...] = ()
    bottom: tuple[str, ...] = ()


@dataclass(frozen=True)
class Crank:
    """ "P1 cranks Teklo Core": a steam counter removed with crank for an action point (CR 8.3.29)."""

    player: str
    card: str


@dataclass(frozen=True)
class Become:
    """ "P1 becomes Arakni, Redback": the hero card the player's hero becomes (a random Agent of Chaos)."""

    player: str
    hero: str


@dataclass(frozen=True)
class Banish:
    """A card banished from a zone (intimidate: face-down from hand, random, CR 8.5.10)."""

    player: str
    card: CardRef
    face: str = "down"
    intimidate: bool = False


@dataclass(frozen=True)
class Search:
    """ "P1 searches their deck for Open the Center": the card a deck search found (its identity is what
    the log says; the ability that allows the search puts it where it says, ``heroes.search``)."""

    player: str
    card: CardRef


@dataclass(frozen=True)
class LookTop:
    """ "Top card is Aether Wildfire", "P1 looks at the top card, X": the card an ability's look at the top
    of the deck saw (``heroes.look_top``); ``banish`` when the line also banishes it ("P1 banishes it")."""

    player: str
    card: CardRef | None = None
    banish: bool = False
    #: Arakni's look at an opponent's top card ("P1 looks at P2's top card (X)"): whose deck it is, and
    #: whether the line puts the card on the bottom (``heroes_more.look_opponent_top``)
    deck_owner: str = ""
    bottom: bool = False


@dataclass(frozen=True)
class Discard:
    player: str
    cards: tuple[CardRef, ...] = ()
    random: int = 0
    because: str = ""


@dataclass(frozen=True)
class Trigger:
    source: str
    player: str = ""
    targets: tuple[str, ...] = ()


@dataclass(frozen=True)
class Outcome:
    """An effect outcome typed by the judge: gain/lose life, deal damage, draw, power change."""

    kind: str  # "gain_life", "lose_life", "damage", "arcane", "power", "defense", "gain_resources", "gain_ap", "go_again"
    player: str = ""
    amount: int = 0
    target: str = ""
    source: str = ""


@dataclass(frozen=True)
class Heave:
    player: str
    card: CardRef
    pitches: tuple[CardRef, ...] = ()
    pay: int | None = None


@dataclass(frozen=True)
class Noop:
    """A comment or a narration with no rules meaning ("no beginning-of-end-phase triggers")."""

    text: str = ""


@dataclass(frozen=True)
class Pay:
    """A player pays an optional cost an effect offers ("unless you pay {r}{r}{r}")."""

    player: str
    amount: int
    pitches: tuple[CardRef, ...] = ()


@dataclass(frozen=True)
class PayLife:
    """A player pays life for an optional cost a hero's trigger offers ("P1 pays 1 life", CR 1.14.2e)."""

    player: str
    amount: int


@dataclass(frozen=True)
class Shuffle:
    player: str


@dataclass(frozen=True)
class DeckCheck:
    player: str


@dataclass(frozen=True)
class Rewind:
    to: int


@dataclass(frozen=True)
class Crowd:
    """ "The crowd boos P1" / "P1 is cheered": the crowd cheers or boos a player (CR 8.5.57)."""

    player: str
    kind: str  # "cheer" or "boo"


@dataclass(frozen=True)
class WagerWon:
    """ "P1 wins the wager": the player the judge says won the active attack's wager (CR 8.5.46)."""

    player: str


@dataclass(frozen=True)
class Wagers:
    """ "P1's attack wagers": a wager effect was made for the player's active attack (CR 8.5.46a)."""

    player: str = ""


@dataclass(frozen=True)
class Roll:
    """ "P1 rolls a 5": the number a die roll produced (CR 8.5.18; the judge's, never the engine's)."""

    player: str
    value: int


@dataclass(frozen=True)
class Clash:
    """ "clash: P1 reveals X (6), P2 reveals Y (3)": the top cards each clashing player revealed (CR 8.5.45)."""

    reveals: tuple[tuple[str, CardRef], ...]


Action = (
    Crowd
    | WagerWon
    | Wagers
    | Roll
    | Clash
    | Crank
    | Become
    | Search
    | LookTop
    | PayLife
    | Play
    | Attack
    | Activate
    | Pitch
    | Pass
    | AllPass
    | StepMarker
    | PhaseMarker
    | Defend
    | Arsenal
    | NoArsenal
    | PitchToBottom
    | Draw
    | ApplyPrevention
    | DeclinePrevention
    | Claim
    | Observe
    | Adjust
    | MoveCard
    | CounterChange
    | KeywordChange
    | Destroy
    | CreateToken
    | Reveal
    | Opt
    | Banish
    | Trigger
    | Discard
    | Outcome
    | Heave
    | Noop
    | DeckCheck
    | Shuffle
    | Pay
    | Rewind
)


@dataclass
class Entry:
    """One numbered log entry: its text, the clauses it parsed into, and any clause it could not read."""

    number: int
    text: str
    clauses: list[Action] = field(default_factory=list)
    unparsed: list[str] = field(default_factory=list)
    comments: list[str] = field(default_factory=list)
    #: claims in parentheses or after a colon the engine could not read: reported, never applied
    unchecked: list[str] = field(default_factory=list)
    #: for each unparsed clause, the nearest readings the grammar knows (suggestions, never guesses)
    suggestions: dict[str, list[str]] = field(default_factory=dict)
