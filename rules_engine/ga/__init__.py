"""Game-state reconstruction for Grand Archive games (issue 34).

A pure package like :mod:`rules_engine.game` (no Django): the judge's log of a disputed GA game is
read line by line (:mod:`.phrases`), each line applied to a :class:`.state.GAState` by
:class:`.engine.GAEngine`, which reports findings with GA Comprehensive Rules citations
(:mod:`.rules`). It reuses the FaB engine's findings and scenario contract (``violations``,
``mismatches``, ``checkpoints``, ``state``) so the scenario runner, its JSON and the pages treat
both games alike; a scenario is a GA one when its ``given`` has ``game: ga``.
"""
