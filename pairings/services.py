"""Moved: the ORM glue now lives in ``tournament.pairing`` (imports point tournament -> pairings).

Temporary alias so ``tournament/views.py`` keeps working until it imports
``tournament.pairing`` directly; delete this file then. Nothing else may import it.
"""

from tournament.pairing import *  # noqa: F403
from tournament.pairing import points_before_rounds  # noqa: F401
