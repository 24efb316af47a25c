"""The hero sentences ``heroes_more`` models (issue 30, branch heroesB30), as patterns over a hero's
line (one ability a line, the card text made plain). ``effects`` adds them to the modelled hero lines
(``MODELLED``) and to the activated abilities whose effect a hero module resolves (``RESOLVED``); the
engine code that applies each is named beside it."""

from __future__ import annotations

import re

#: Arakni, Huntsman's and young Arakni's "Whenever you play a card with contract, you may look at the top
#: card of target opponent's deck. You may put it on the bottom." (``heroes_more.play_abilities`` makes the
#: trigger; the log's look line says what was seen and whether it went to the bottom,
#: ``heroes_more.look_opponent_top``).
CONTRACT_LOOK_BOTTOM = re.compile(
    r"^whenever you play a card with ([a-z]+), you may look at the top card of target opponent's deck\. "
    r"you may put it on the bottom\.?$",
    re.I,
)
#: Vynnset's "At the start of your turn, banish a card from your hand. If you do, create a Runechant token."
#: (``heroes_more.start_of_turn``: the card the log banishes from hand, ``heroes_more.banished_from_hand``).
START_BANISH_HAND_TOKEN = re.compile(
    r"^at the start of your turn, banish a card from your hand\. if you do, create an? ([a-z' ]+?) token\.?$",
    re.I,
)
#: Vynnset's "Whenever you play a Shadow non-attack action card, you may pay {h}. If you do, the next
#: Runechant effect that would deal damage this turn can't be prevented." (``heroes_more.play_abilities``,
#: the life the log pays, ``heroes_more.pay_life``; ``damage`` reads the effect).
PLAY_PAY_LIFE_UNPREVENTABLE = re.compile(
    r"^whenever you play an? ([a-z]+) non-attack action card, you may pay ((?:\{h\})+)\. if you do, the next "
    r"([a-z' ]+?) effect that would deal damage this turn can't be prevented\.?$",
    re.I,
)
#: Kassai of the Golden Sand's "Once per Turn Action - Banish 2 red and 2 yellow cards from your graveyard:
#: The next time a weapon you control hits a hero this turn, create a Gold token. Go again" (the cost:
#: ``heroes_more.pay_graveyard_banish``; the delayed trigger: ``heroes_more.weapon_hit``).
GRAVEYARD_BANISH_COST = re.compile(
    r"^banish (\d+) (red|yellow|blue) and (\d+) (red|yellow|blue) cards from your graveyard$", re.I
)
NEXT_WEAPON_HIT_TOKEN = re.compile(
    r"the next time a weapon you control hits a hero this turn, create an? ([a-z' ]+?) token\.?", re.I
)
KASSAI_LINE = re.compile(
    r"^once per turn action\s*[-–]\s*banish \d+ (?:red|yellow|blue) and \d+ (?:red|yellow|blue) cards from your "
    r"graveyard:\s*" + NEXT_WEAPON_HIT_TOKEN.pattern + r"\s*(?:go again\.?)?$",
    re.I,
)

#: Riptide's "Whenever you play a card from hand, you may put a card from hand face down into your arsenal"
#: (``heroes_more.play_abilities``: a reload-like option the log's arsenal line takes, ``end_phase.reload``)
PLAY_FROM_HAND_ARSENAL = re.compile(
    r"^whenever you play a card from hand, you may put a card from hand face down into your arsenal\.?$", re.I
)
#: Riptide's "Whenever a trap you control triggers, deal 1 damage to the attacking hero"
#: (``defending.self_triggers``: a triggered layer above the trap's own)
TRAP_TRIGGER_DAMAGE = re.compile(
    r"^whenever a trap you control triggers, deal (\d+) damage to the attacking hero\.?$", re.I
)

MODELLED = (
    CONTRACT_LOOK_BOTTOM,
    START_BANISH_HAND_TOKEN,
    PLAY_PAY_LIFE_UNPREVENTABLE,
    KASSAI_LINE,
    PLAY_FROM_HAND_ARSENAL,
    TRAP_TRIGGER_DAMAGE,
)
RESOLVED = (KASSAI_LINE,)
