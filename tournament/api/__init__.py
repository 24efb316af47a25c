"""DRF API for running an event: serializers and API views (token or session auth).

One module per domain (``events``, ``days``, ``players``, ``checkin``, ``officials``, ``rounds``,
``clock``, ``results``, ``standings``, ``pods``, ``teams_drafts``; the lookups and serializers they
share in ``_common``); ``tournament/api_urls.py`` reaches every API view through this package.
Every write calls one service in ``tournament.services`` (which checks the actor's role and
audits); ``core.api.exception_handler`` maps DomainError/NotAllowed/ConflictError to
400/403/409. Published pairings, standings, the bracket and the round clock are public
(AllowAny); everything else needs a login and the right role.
"""

from .checkin import CheckInDeskView, ClaimView, ReplaceIdView, UndoDropView, WalkInView
from .clock import ClockView, ExtensionView
from .days import EventDaysView
from .events import EventAuditView, EventDetailView, EventListView, FinishEventView, ReopenEventView
from .officials import StaffDetailView, StaffListView
from .players import CheckInView, DisqualifyView, DropView, FixedTableView, PlayerListView, ReenterView
from .pods import PodConfirmView, PodListView, PodReportView, PodStandingsView
from .results import (
    ConfirmView,
    MatchDetailView,
    NoShowView,
    PenaltyResultView,
    PreviewCorrectionView,
    ReconciliationView,
    ReportView,
    ResultView,
    TableResultView,
)
from .rounds import (
    MatchTableView,
    PublishRoundView,
    RepairRoundView,
    RoundDetailView,
    RoundListView,
    RoundMatchesView,
    SwapPlayersView,
)
from .standings import BracketView, MyStandingView, StandingsView
from .teams_drafts import (
    CloseTeamMatchView,
    MyTeamInvitationsView,
    PlayoffSeatsView,
    PodsView,
    TeamInvitationAcceptView,
    TeamInvitationDeclineView,
    TeamListView,
)

__all__ = [
    "CheckInDeskView",
    "ClaimView",
    "ReplaceIdView",
    "UndoDropView",
    "WalkInView",
    "ClockView",
    "ExtensionView",
    "EventDaysView",
    "EventAuditView",
    "EventDetailView",
    "EventListView",
    "FinishEventView",
    "ReopenEventView",
    "StaffDetailView",
    "StaffListView",
    "CheckInView",
    "DisqualifyView",
    "DropView",
    "FixedTableView",
    "PlayerListView",
    "ReenterView",
    "PodConfirmView",
    "PodListView",
    "PodReportView",
    "PodStandingsView",
    "ConfirmView",
    "MatchDetailView",
    "NoShowView",
    "PenaltyResultView",
    "PreviewCorrectionView",
    "ReconciliationView",
    "ReportView",
    "ResultView",
    "TableResultView",
    "MatchTableView",
    "PublishRoundView",
    "RepairRoundView",
    "RoundDetailView",
    "RoundListView",
    "RoundMatchesView",
    "SwapPlayersView",
    "BracketView",
    "MyStandingView",
    "StandingsView",
    "CloseTeamMatchView",
    "MyTeamInvitationsView",
    "PlayoffSeatsView",
    "PodsView",
    "TeamInvitationAcceptView",
    "TeamInvitationDeclineView",
    "TeamListView",
]
