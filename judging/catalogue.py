"""The infraction catalogue as versioned data (PPG 2023). Pure Python: no Django import.

Each entry gives the category (PPG 1.1), the PPG section, the recommended penalty
at each Rules Enforcement Level, the repeat rule that governs upgrades (PPG ch.3 and
ch.4 preambles, PPG 4.3, 5.1.1, 5.9) and the situational up/downgrades the PPG names
for that infraction, so the judge can pick one instead of deviating.

The Casual column is DERIVED from PPG ch.2: Casual has no Warnings and no Intellect
Penalties (PPG 2.1), so minor errors are fixed with education (a Caution) and only
serious ones keep a Game Loss, Match Loss or Disqualification (PPG 2.3, 2.4).

Notes are our own short summaries; the rules documents stay the source of truth.
"""

from __future__ import annotations

from dataclasses import dataclass, field

# --- penalties (PPG 1.4) -------------------------------------------------------------

CAUTION = "caution"
WARNING = "warning"
IP2 = "ip2"
IP3 = "ip3"
GAME_LOSS = "game_loss"
MATCH_LOSS = "match_loss"
DISQUALIFICATION = "disqualification"

PENALTY_LABELS: dict[str, str] = {
    CAUTION: "Caution",
    WARNING: "Warning",
    IP2: "Intellect Penalty (IP2)",
    IP3: "Intellect Penalty (IP3)",
    GAME_LOSS: "Game Loss",
    MATCH_LOSS: "Match Loss",
    DISQUALIFICATION: "Disqualification",
}

#: PPG 1.4 severity ladder. IP2 and IP3 share severity 2.
SEVERITY: dict[str, int] = {
    CAUTION: 0,
    WARNING: 1,
    IP2: 2,
    IP3: 2,
    GAME_LOSS: 3,
    MATCH_LOSS: 4,
    DISQUALIFICATION: 5,
}

# --- RELs (TR&P 1.2) ------------------------------------------------------------------

CASUAL = "casual"
COMPETITIVE = "competitive"
PROFESSIONAL = "professional"
RELS = (CASUAL, COMPETITIVE, PROFESSIONAL)

# --- categories (PPG 1.1) -------------------------------------------------------------

GAMEPLAY = "gameplay"
TOURNAMENT = "tournament"
CONDUCT = "conduct"
CATEGORIES = (GAMEPLAY, TOURNAMENT, CONDUCT)

# --- repeat rules ---------------------------------------------------------------------

#: PPG ch.3 preamble: the 3rd+ gameplay infraction of one type in a day is +1 severity.
REPEAT_GAMEPLAY = "gameplay"
#: PPG ch.4 preamble: the 2nd+ tournament infraction of one type in a day is +1 severity.
REPEAT_TOURNAMENT = "tournament"
#: Named exemptions: FtMGS (PPG ch.3 preamble), Tardiness (PPG ch.4 preamble).
REPEAT_EXEMPT = "exempt"
#: The infraction states its own sequence for repeats (PPG 4.3, 5.1.1, 5.9).
REPEAT_LADDER = "ladder"
#: No automatic repeat upgrade (conduct infractions; Rules Sharking needs evidence, PPG 5.10).
REPEAT_NONE = "none"


@dataclass(frozen=True)
class Variant:
    """A situational up/downgrade named by the PPG for one infraction.

    ``penalty`` applies at Competitive; ``professional`` overrides it at Professional.
    Variants are PPG ch.3-5 (Competitive/Professional) guidance only.
    """

    code: str
    label: str
    penalty: str
    professional: str | None = None

    def penalty_at(self, rel: str) -> str:
        if rel == PROFESSIONAL and self.professional:
            return self.professional
        return self.penalty


@dataclass(frozen=True)
class Infraction:
    code: str
    name: str
    category: str
    rule: str
    casual: str
    competitive: str
    professional: str
    repeat: str
    fix: str
    notes: str = ""
    casual_note: str = ""
    variants: tuple[Variant, ...] = field(default_factory=tuple)
    #: PPG 1.2: Tardiness and Decklist Error need no head-judge confirmation.
    confirmation_exempt: bool = False
    #: Sequence used when ``repeat`` is REPEAT_LADDER: index = prior count.
    ladder: tuple[str, ...] = ()
    #: Whether the ladder counts repeats per tournament day or across the event.
    ladder_per_day: bool = True
    #: Shown in the PPG Appendix A quick reference table.
    in_quick_reference: bool = True

    def recommended(self, rel: str) -> str:
        if rel not in RELS:
            raise ValueError(f"unknown REL {rel!r}; expected one of {', '.join(RELS)}")
        return {CASUAL: self.casual, COMPETITIVE: self.competitive, PROFESSIONAL: self.professional}[rel]

    def variant(self, code: str) -> Variant:
        for variant in self.variants:
            if variant.code == code:
                return variant
        raise KeyError(f"{self.name} has no situation {code!r}")


def _gameplay(
    code, name, rule, competitive, fix, *, professional=None, casual=CAUTION, repeat=REPEAT_GAMEPLAY, **kw
):
    return Infraction(
        code=code,
        name=name,
        category=GAMEPLAY,
        rule=rule,
        casual=casual,
        competitive=competitive,
        professional=professional or competitive,
        repeat=repeat,
        fix=fix,
        **kw,
    )


def _tournament(
    code, name, rule, competitive, fix, *, professional=None, casual=CAUTION, repeat=REPEAT_TOURNAMENT, **kw
):
    return Infraction(
        code=code,
        name=name,
        category=TOURNAMENT,
        rule=rule,
        casual=casual,
        competitive=competitive,
        professional=professional or competitive,
        repeat=repeat,
        fix=fix,
        **kw,
    )


def _conduct(code, name, rule, competitive, fix, *, casual=None, repeat=REPEAT_NONE, **kw):
    return Infraction(
        code=code,
        name=name,
        category=CONDUCT,
        rule=rule,
        casual=casual or competitive,
        competitive=competitive,
        professional=competitive,
        repeat=repeat,
        fix=fix,
        **kw,
    )


PPG_2023: tuple[Infraction, ...] = (
    # Gameplay (PPG ch.3; Casual PPG 2.2)
    _gameplay(
        "game_rules_violation",
        "Game Rules Violation",
        "PPG 3.1",
        WARNING,
        "Caught at once: rewind to the last legal state. Later: rewind or partially fix.",
        notes="An opponent who let it happen commits FtMGS; shared responsibility means both commit GRV.",
        casual_note="PPG 2.2: do the forgotten simple action now, else rewind if caught at once, else partial fix.",
        variants=(Variant("unfixable_advantage", "Cannot be fixed and gave a significant advantage", IP2),),
    ),
    _gameplay(
        "failure_to_maintain_game_state",
        "Failure to Maintain Game State",
        "PPG 3.2",
        WARNING,
        "Apply the fix of the opponent's infraction.",
        repeat=REPEAT_EXEMPT,
        notes="Exempt from the third-in-a-day upgrade (PPG ch.3 preamble).",
    ),
    _gameplay(
        "missed_trigger_beneficial",
        "Missed Trigger - Beneficial",
        "PPG 3.3.1",
        CAUTION,
        "Follow the missed-trigger procedure of PPG 3.3.",
        notes="Any detrimental part makes it Missed Trigger - Detrimental.",
        casual_note="PPG 2.2: optional triggers are assumed declined; otherwise add it now if not disruptive.",
    ),
    _gameplay(
        "missed_trigger_detrimental",
        "Missed Trigger - Detrimental",
        "PPG 3.3.2",
        WARNING,
        "Follow the missed-trigger procedure of PPG 3.3.",
        variants=(Variant("opponents_card", "The trigger came from an opponent's card", CAUTION),),
    ),
    _gameplay(
        "looking_at_extra_cards",
        "Looking at Extra Cards",
        "PPG 3.4",
        WARNING,
        "Unknown card: reveal it; the opponent chooses top or bottom. Fully random deck: shuffle it in.",
        notes="Seeing 5+ cards of a non-random deck: shuffle and penalise as Shuffling Error.",
        casual_note="PPG 2.2: shuffle a seen deck card into the random part, else reveal and leave it.",
        variants=(Variant("deck_fully_random", "The deck was fully randomised", CAUTION),),
    ),
    _gameplay(
        "hidden_card_error",
        "Hidden Card Error",
        "PPG 3.5",
        WARNING,
        "Reveal the combined hidden set to the opponent, who returns cards to each zone with the original counts.",
    ),
    _gameplay(
        "shuffling_error",
        "Shuffling Error",
        "PPG 3.6",
        IP2,
        "Make sure the deck is properly randomised.",
        professional=IP3,
        notes="Professional REL: IP3.",
        variants=(Variant("significant_advantage", "The shuffle gave a significant advantage", GAME_LOSS),),
    ),
    # Tournament (PPG ch.4; Casual PPG 2.3)
    _tournament(
        "tardiness_minor",
        "Tardiness - Minor",
        "PPG 4.1.1",
        IP3,
        "Give the table extra time equal to the delay.",
        repeat=REPEAT_EXEMPT,
        confirmation_exempt=True,
        notes="Thresholds: 3 min Competitive, 0 min Professional; the TO may announce others (PPG 4.1).",
        casual_note="PPG 2.3: under 10 minutes late, give the table that much extra time and no penalty.",
    ),
    _tournament(
        "tardiness_major",
        "Tardiness - Major",
        "PPG 4.1.2",
        MATCH_LOSS,
        "Neither player present: double Match Loss. Drop absent players before next pairings unless they contact the scorekeeper.",
        casual=MATCH_LOSS,
        repeat=REPEAT_EXEMPT,
        confirmation_exempt=True,
        casual_note="PPG 2.3: 10+ minutes late is a Match Loss; absent all round, drop the player.",
    ),
    _tournament(
        "outside_assistance",
        "Outside Assistance",
        "PPG 4.2",
        GAME_LOSS,
        "A spectator offender gets a Game Loss in their next game and leaves the play area.",
        casual_note="PPG 2.3: social talk can be excused; strategic help is unsporting (PPG 2.4).",
        variants=(Variant("harmless_ignorance", "Harmless and out of ignorance", WARNING),),
    ),
    _tournament(
        "slow_play",
        "Slow Play",
        "PPG 4.3",
        CAUTION,
        "Educate and watch at least one or two decisions. Only a judge's own observation counts.",
        repeat=REPEAT_LADDER,
        ladder=(CAUTION, WARNING, GAME_LOSS),
        notes="Repeat: Warning; still slow: Game Loss. No extra time for mere accusations.",
    ),
    _tournament(
        "decklist_error",
        "Decklist Error",
        "PPG 4.4",
        IP2,
        "Correct the decklist to the player's intent (audited edit).",
        confirmation_exempt=True,
        notes="Illegal cards: remove them or use Cracked Baubles; an illegal hero in round 1 plays no game until a legal list is in.",
        casual_note="PPG 2.3: fix the deck; fill to minimum with Cracked Baubles.",
        variants=(
            Variant("minor_early", "Minor, caught before round 1 or self-reported between rounds", WARNING),
            Variant(
                "illegal_cards",
                "The list has illegal cards the player meant to play",
                MATCH_LOSS,
                DISQUALIFICATION,
            ),
            Variant(
                "significant_difference",
                "Significant difference or advantage from ambiguity",
                MATCH_LOSS,
                DISQUALIFICATION,
            ),
        ),
    ),
    _tournament(
        "card_pool_contents_error",
        "Card-Pool Contents Error",
        "PPG 4.5",
        IP2,
        "Remove extra or unregistered cards and restore the pool to the decklist.",
        casual_note="PPG 2.3: fix the deck; fill to minimum with Cracked Baubles.",
        variants=(
            Variant(
                "card_missing", "A listed card is missing (note it; player finds a replacement)", CAUTION
            ),
            Variant(
                "called_immediately",
                "Player called a judge at once; no other copy affected the game",
                WARNING,
            ),
            Variant("no_strategic_advantage", "The cards could give no strategic advantage", WARNING),
        ),
    ),
    _tournament(
        "presenting_cards_error",
        "Presenting Cards Error",
        "PPG 4.6",
        WARNING,
        "Bring the presented set to legal: add inventory cards or Cracked Baubles, remove illegal or excess cards.",
        professional=IP2,
        notes="Professional REL: IP2.",
        variants=(
            Variant("game_in_progress", "Game in progress and the deck cannot be made legal", GAME_LOSS),
            Variant("unlisted_starting_card", "Illegal starting card not on the decklist", IP2),
        ),
    ),
    _tournament(
        "draft_procedure_minor",
        "Draft Procedure Violation - Minor",
        "PPG 4.7.1",
        WARNING,
        "Pause the draft when it will not disrupt it (pick, pack or draft end).",
    ),
    _tournament(
        "draft_procedure_major",
        "Draft Procedure Violation - Major",
        "PPG 4.7.2",
        MATCH_LOSS,
        "Correct the behaviour now if needed; the Match Loss is issued once the draft is over.",
        casual_note="PPG 2.3/2.4: educate; serious or continued behaviour escalates.",
    ),
    _tournament(
        "marked_cards",
        "Marked Cards",
        "PPG 4.8",
        WARNING,
        "New sleeves or replacement cards before the player's next match.",
        notes="Intentional marking is Cheating.",
        variants=(
            Variant("cracked_bauble", "No replacement: marked cards replaced by Cracked Baubles", IP2),
            Variant(
                "significant_advantage",
                "Head judge believes a significant advantage was possible",
                MATCH_LOSS,
            ),
        ),
    ),
    _tournament(
        "insufficient_shuffling",
        "Insufficient Shuffling",
        "PPG 4.9",
        WARNING,
        "Supervise the shuffle and educate.",
    ),
    _tournament(
        "miscommunication",
        "Miscommunication",
        "PPG 4.10",
        WARNING,
        "Rewind to before the affected action if feasible.",
        in_quick_reference=False,
        notes="Not in the PPG Appendix A quick reference table.",
    ),
    # Conduct (PPG ch.5; Casual PPG 2.4)
    _conduct(
        "unsporting_conduct_minor",
        "Unsporting Conduct - Minor",
        "PPG 5.1.1",
        WARNING,
        "De-escalate and educate.",
        casual=CAUTION,
        repeat=REPEAT_LADDER,
        ladder=(WARNING, IP2, GAME_LOSS),
        ladder_per_day=False,
        notes="Repeats, even for other reasons: IP2, then Game Loss.",
        casual_note="PPG 2.4: educate; if it continues, a Game Loss.",
    ),
    _conduct(
        "unsporting_conduct_major",
        "Unsporting Conduct - Major",
        "PPG 5.1.2",
        DISQUALIFICATION,
        "De-escalate, end the match, separate the player and explain.",
    ),
    _conduct(
        "cheating",
        "Cheating",
        "PPG 5.2",
        DISQUALIFICATION,
        "Confirm intent and awareness; otherwise use the matching infraction.",
    ),
    _conduct(
        "aggressive_behavior",
        "Aggressive Behavior",
        "PPG 5.3",
        DISQUALIFICATION,
        "Ensure safety; the TO has the player leave the venue.",
    ),
    _conduct(
        "improperly_determining_winner",
        "Improperly Determining a Winner",
        "PPG 5.4",
        MATCH_LOSS,
        "Both players involved: double Match Loss. Time expired or result reported: the loss applies next round.",
        casual=CAUTION,
        casual_note="PPG 2.4: unsporting; educate, escalate if it continues.",
    ),
    _conduct(
        "bribery",
        "Bribery",
        "PPG 5.5",
        DISQUALIFICATION,
        "Prize splits that do not decide the result are allowed (TR&P 6.4).",
        casual=CAUTION,
        casual_note="PPG 2.4: unsporting; intentional is serious misconduct (DQ).",
        variants=(Variant("ignorance", "Out of ignorance", MATCH_LOSS),),
    ),
    _conduct(
        "wagering",
        "Wagering",
        "PPG 5.6",
        DISQUALIFICATION,
        "Non-monetary bets count.",
        casual=CAUTION,
        casual_note="PPG 2.4: unsporting; intentional is serious misconduct (DQ).",
        variants=(Variant("ignorance", "Out of ignorance", MATCH_LOSS),),
    ),
    _conduct(
        "theft",
        "Theft",
        "PPG 5.7",
        DISQUALIFICATION,
        "Recover the item.",
        notes="Ignorance or miscommunication with the item returned: the head judge may downgrade.",
    ),
    _conduct(
        "stalling",
        "Stalling",
        "PPG 5.8",
        DISQUALIFICATION,
        "Slow Play is the unintentional version.",
    ),
    _conduct(
        "improper_concession",
        "Improper Concession",
        "PPG 5.9",
        MATCH_LOSS,
        "Time expired or match concluded: the Match Loss applies next round.",
        casual=CAUTION,
        repeat=REPEAT_LADDER,
        ladder=(MATCH_LOSS, DISQUALIFICATION),
        ladder_per_day=False,
        notes="Repeat requests: Disqualification. TR&P 2025 bans asking at any time.",
        variants=(Variant("ignorance", "Out of ignorance", WARNING),),
    ),
    _conduct(
        "rules_sharking",
        "Rules Sharking",
        "PPG 5.10",
        WARNING,
        "Tell the player an upgrade may follow; upgrades need clear evidence.",
        casual=CAUTION,
        variants=(
            Variant("speculative", "The accusation is purely speculative", CAUTION),
            Variant("blatant", "Blatant and intentional", MATCH_LOSS),
        ),
    ),
)

CATALOGUES: dict[str, tuple[Infraction, ...]] = {"2023": PPG_2023}
DEFAULT_VERSION = "2023"

_BY_CODE: dict[str, dict[str, Infraction]] = {
    version: {item.code: item for item in items} for version, items in CATALOGUES.items()
}


def catalogue(version: str = DEFAULT_VERSION) -> tuple[Infraction, ...]:
    """The infractions of one PPG edition, in PPG order."""
    try:
        return CATALOGUES[version]
    except KeyError:
        raise ValueError(
            f"no infraction catalogue for PPG {version!r}; known: {', '.join(CATALOGUES)}"
        ) from None


def get_infraction(code: str, version: str = DEFAULT_VERSION) -> Infraction:
    """One infraction by code; ValueError naming the code when unknown."""
    catalogue(version)
    try:
        return _BY_CODE[version][code]
    except KeyError:
        raise ValueError(f"unknown infraction {code!r} in PPG {version}") from None


def infraction_choices(version: str = DEFAULT_VERSION) -> list[tuple[str, str]]:
    return [(item.code, item.name) for item in catalogue(version)]


def quick_reference(version: str = DEFAULT_VERSION) -> list[tuple[str, list[tuple[str, str]]]]:
    """PPG Appendix A: per category, (name, Competitive penalty label) in PPG order."""
    rows = []
    for category in CATEGORIES:
        rows.append(
            (
                category,
                [
                    (item.name, PENALTY_LABELS[item.competitive])
                    for item in catalogue(version)
                    if item.category == category and item.in_quick_reference
                ],
            )
        )
    return rows


# --- Grand Archive (GA IPG) -----------------------------------------------------------
#
# A Grand Archive event does not use the FaB PPG: GA has its own Infraction Policy Guide (IPG)
# with the categories Gameplay Error, Tournament Error and Unsporting Conduct (each split into
# Minor and Major) and the ladder Warning, Game Loss, Match Loss, Disqualification (no Caution,
# no Intellect Penalty, no named REL). The project keeps one set of infraction codes; each code
# maps to the GA IPG infraction judged the same way, with its base penalty from the IPG's
# quick sheet. Codes with no GA counterpart in our reference are left to the head judge.

GA_GAMEPLAY = "Gameplay Error"
GA_TOURNAMENT = "Tournament Error"
GA_CONDUCT = "Unsporting Conduct"
#: GA IPG penalty ladder (no Caution, no Intellect Penalty).
GA_PENALTIES = (WARNING, GAME_LOSS, MATCH_LOSS, DISQUALIFICATION)
GA_RULE = "GA IPG"
GA_UNMAPPED_RULE = "GA: head judge"


@dataclass(frozen=True)
class GaInfraction:
    name: str
    category: str
    subclass: str  # "Minor", "Major" or "" (the IPG gives none)
    penalty: str

    @property
    def heading(self) -> str:
        kind = f"{self.category}, {self.subclass}" if self.subclass else self.category
        return f"{GA_RULE} {self.name} ({kind})"


def _ga(name, category, subclass, penalty):
    return GaInfraction(name, category, subclass, penalty)


GA_IPG: dict[str, GaInfraction] = {
    "game_rules_violation": _ga("Game Rule Violation", GA_GAMEPLAY, "Major", WARNING),
    "failure_to_maintain_game_state": _ga("Failure to Maintain Game State", GA_GAMEPLAY, "Minor", WARNING),
    "missed_trigger_beneficial": _ga("Missed Triggers", GA_GAMEPLAY, "Minor", WARNING),
    "missed_trigger_detrimental": _ga("Missed Triggers", GA_GAMEPLAY, "Minor", WARNING),
    "looking_at_extra_cards": _ga("Seeing Extra Cards", GA_GAMEPLAY, "Major", WARNING),
    "hidden_card_error": _ga("Private Card Error", GA_GAMEPLAY, "Major", WARNING),
    "tardiness_minor": _ga("Tardiness", GA_TOURNAMENT, "Minor", GAME_LOSS),
    "tardiness_major": _ga("Tardiness", GA_TOURNAMENT, "Minor", GAME_LOSS),
    "outside_assistance": _ga("Outside Assistance", GA_TOURNAMENT, "Major", MATCH_LOSS),
    "slow_play": _ga("Slow Play", GA_TOURNAMENT, "Major", WARNING),
    "decklist_error": _ga("Decklist Issue", GA_TOURNAMENT, "Major", GAME_LOSS),
    "card_pool_contents_error": _ga("Deck Issue", GA_TOURNAMENT, "Minor", WARNING),
    "presenting_cards_error": _ga("Deck Issue", GA_TOURNAMENT, "Minor", WARNING),
    "draft_procedure_minor": _ga("Limited Procedure Error", GA_TOURNAMENT, "Major", WARNING),
    "draft_procedure_major": _ga("Limited Procedure Error", GA_TOURNAMENT, "Major", WARNING),
    "marked_cards": _ga("Marked Cards", GA_TOURNAMENT, "Major", WARNING),
    "insufficient_shuffling": _ga("Insufficient Shuffling", GA_TOURNAMENT, "Minor", WARNING),
    "miscommunication": _ga("Communication Policy Violation", GA_TOURNAMENT, "Minor", WARNING),
    "unsporting_conduct_minor": _ga("Minor Conduct Violation", GA_CONDUCT, "Minor", WARNING),
    "unsporting_conduct_major": _ga("Major Conduct Violation", GA_CONDUCT, "Major", MATCH_LOSS),
    "cheating": _ga("Cheating", GA_CONDUCT, "", DISQUALIFICATION),
    "improperly_determining_winner": _ga(
        "Game/Match End Procedures Violation", GA_TOURNAMENT, "Major", MATCH_LOSS
    ),
    "bribery": _ga("Bribery, Wagers, and Collusion", GA_CONDUCT, "", DISQUALIFICATION),
    "wagering": _ga("Bribery, Wagers, and Collusion", GA_CONDUCT, "", DISQUALIFICATION),
    "theft": _ga("Theft", GA_CONDUCT, "", DISQUALIFICATION),
    "stalling": _ga("Stalling", GA_CONDUCT, "", DISQUALIFICATION),
}


def ga_infraction(code: str, version: str = DEFAULT_VERSION) -> Infraction:
    """The entry a Grand Archive event shows and records for ``code``: GA's IPG name, category
    and base penalty (at every enforcement level), no FaB situations, and ``rule`` "GA IPG";
    a code with no GA counterpart keeps its name, ``rule`` "GA: head judge" and a Warning as a
    placeholder the head judge confirms or replaces. ValueError for an unknown code."""
    fab = get_infraction(code, version)
    ga = GA_IPG.get(code)
    if ga is None:
        return Infraction(
            code=fab.code,
            name=fab.name,
            category=fab.category,
            rule=GA_UNMAPPED_RULE,
            casual=WARNING,
            competitive=WARNING,
            professional=WARNING,
            repeat=REPEAT_NONE,
            fix="No GA IPG counterpart in our reference: the head judge decides the fix and the penalty.",
            notes="Flesh and Blood's penalty guide does not apply to a Grand Archive event.",
        )
    category = {GA_GAMEPLAY: GAMEPLAY, GA_TOURNAMENT: TOURNAMENT, GA_CONDUCT: CONDUCT}[ga.category]
    return Infraction(
        code=fab.code,
        name=ga.name,
        category=category,
        rule=GA_RULE,
        casual=ga.penalty,
        competitive=ga.penalty,
        professional=ga.penalty,
        repeat=REPEAT_NONE,
        fix=f"Apply the fix of {ga.heading}; explain the infraction, the fix and the penalty to the players.",
        notes=f"{ga.category}, {ga.subclass or 'no sub-class'}; GA base penalty {PENALTY_LABELS[ga.penalty]}.",
    )


@dataclass(frozen=True)
class GaCatalogueRow:
    """One line of the GA infraction table: a GA IPG infraction and the codes recorded as it."""

    name: str
    category: str  # GA_GAMEPLAY, GA_TOURNAMENT or GA_CONDUCT
    subclass: str
    penalty: str
    codes: tuple[str, ...]

    @property
    def kind(self) -> str:
        return f"{self.category}, {self.subclass}" if self.subclass else self.category


def ga_catalogue(version: str = DEFAULT_VERSION) -> tuple[list[GaCatalogueRow], list[Infraction]]:
    """What a Grand Archive event's infraction page shows: the GA IPG infractions our codes map
    to (one row per GA infraction, grouped Gameplay Error, Tournament Error, Unsporting Conduct,
    each with its quick-sheet base penalty), and the codes with no GA counterpart in our
    reference (``ga_infraction`` entries, left to the head judge)."""
    rows: dict[str, GaCatalogueRow] = {}
    unmapped: list[Infraction] = []
    for item in catalogue(version):
        ga = GA_IPG.get(item.code)
        if ga is None:
            unmapped.append(ga_infraction(item.code, version))
            continue
        row = rows.get(ga.name)
        codes = (*row.codes, item.code) if row else (item.code,)
        rows[ga.name] = GaCatalogueRow(ga.name, ga.category, ga.subclass, ga.penalty, codes)
    order = (GA_GAMEPLAY, GA_TOURNAMENT, GA_CONDUCT)
    ordered = sorted(rows.values(), key=lambda r: order.index(r.category))
    return ordered, unmapped
