"""factory_boy factories for every model, ``<Model>Factory``. Import from here in any app's tests."""

from .cards import CardDataReleaseFactory
from .tournament import (
    EventDayFactory,
    EventFactory,
    MatchExtensionFactory,
    MatchFactory,
    MatchReportFactory,
    PlayerProfileFactory,
    RegistrationFactory,
    RoundFactory,
    StaffAssignmentFactory,
    UserFactory,
)

__all__ = [
    "CardDataReleaseFactory",
    "EventDayFactory",
    "EventFactory",
    "MatchExtensionFactory",
    "MatchFactory",
    "MatchReportFactory",
    "PlayerProfileFactory",
    "RegistrationFactory",
    "RoundFactory",
    "StaffAssignmentFactory",
    "UserFactory",
]
