"""The hardening tests reuse the tournament fixtures (an event with one user per role, players)."""

from tests.tournament.conftest import add_players, staffed_event  # noqa: F401 - pytest fixtures
