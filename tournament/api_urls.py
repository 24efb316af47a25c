"""API routes (mounted under /api/): events, players, staff, rounds, matches, standings."""

from django.urls import path

from core.middleware import remember_version

from . import api, live

urlpatterns = [
    path("events/", api.EventListView.as_view(), name="api-events"),
    path("events/<slug:slug>/", api.EventDetailView.as_view(), name="api-event"),
    path("events/<slug:slug>/players/", api.PlayerListView.as_view(), name="api-event-players"),
    path(
        "events/<slug:slug>/players/<int:reg_id>/check-in/",
        api.CheckInView.as_view(),
        name="api-player-check-in",
    ),
    path("events/<slug:slug>/players/<int:reg_id>/drop/", api.DropView.as_view(), name="api-player-drop"),
    path(
        "events/<slug:slug>/players/<int:reg_id>/undo-drop/",
        api.UndoDropView.as_view(),
        name="api-player-undo-drop",
    ),
    path(
        "events/<slug:slug>/players/<int:reg_id>/replace-id/",
        api.ReplaceIdView.as_view(),
        name="api-player-replace-id",
    ),
    path("events/<slug:slug>/check-in/", api.CheckInDeskView.as_view(), name="api-event-check-in"),
    path("events/<slug:slug>/walk-ins/", api.WalkInView.as_view(), name="api-event-walk-ins"),
    path("claim/", api.ClaimView.as_view(), name="api-claim"),
    path(
        "events/<slug:slug>/players/<int:reg_id>/reenter/",
        api.ReenterView.as_view(),
        name="api-player-reenter",
    ),
    path(
        "events/<slug:slug>/players/<int:reg_id>/disqualify/",
        api.DisqualifyView.as_view(),
        name="api-player-disqualify",
    ),
    path("events/<slug:slug>/staff/", api.StaffListView.as_view(), name="api-event-staff"),
    path(
        "events/<slug:slug>/staff/<int:staff_id>/",
        api.StaffDetailView.as_view(),
        name="api-event-staff-detail",
    ),
    path("events/<slug:slug>/rounds/", api.RoundListView.as_view(), name="api-event-rounds"),
    path("events/<slug:slug>/rounds/<int:number>/", api.RoundDetailView.as_view(), name="api-round"),
    path(
        "events/<slug:slug>/rounds/<int:number>/matches/",
        api.RoundMatchesView.as_view(),
        name="api-round-matches",
    ),
    path(
        "events/<slug:slug>/rounds/<int:number>/publish/",
        api.PublishRoundView.as_view(),
        name="api-round-publish",
    ),
    path(
        "events/<slug:slug>/rounds/<int:number>/repair/",
        api.RepairRoundView.as_view(),
        name="api-round-repair",
    ),
    path(
        "events/<slug:slug>/rounds/<int:number>/swap/", api.SwapPlayersView.as_view(), name="api-round-swap"
    ),
    path(
        "events/<slug:slug>/rounds/<int:number>/clock/",
        remember_version(api.ClockView.as_view()),
        name="api-round-clock",
    ),
    path(
        "events/<slug:slug>/standings/",
        live.public_microcache(api.StandingsView.as_view()),
        name="api-event-standings",
    ),
    path("events/<slug:slug>/bracket/", api.BracketView.as_view(), name="api-event-bracket"),
    path(
        "events/<slug:slug>/reconciliation/",
        api.ReconciliationView.as_view(),
        name="api-event-reconciliation",
    ),
    path("matches/<int:match_id>/", api.MatchDetailView.as_view(), name="api-match"),
    path("matches/<int:match_id>/report/", api.ReportView.as_view(), name="api-match-report"),
    path("events/<slug:slug>/rounds/<int:number>/pods/", api.PodListView.as_view(), name="api-round-pods"),
    path("events/<slug:slug>/pod-standings/", api.PodStandingsView.as_view(), name="api-pod-standings"),
    path("pods/<int:pod_id>/report/", api.PodReportView.as_view(), name="api-pod-report"),
    path("pods/<int:pod_id>/confirm/", api.PodConfirmView.as_view(), name="api-pod-confirm"),
    path("matches/<int:match_id>/confirm/", api.ConfirmView.as_view(), name="api-match-confirm"),
    path("matches/<int:match_id>/result/", api.ResultView.as_view(), name="api-match-result"),
    path("matches/<int:match_id>/preview/", api.PreviewCorrectionView.as_view(), name="api-match-preview"),
    path("matches/<int:match_id>/extension/", api.ExtensionView.as_view(), name="api-match-extension"),
    path("matches/<int:match_id>/no-show/", api.NoShowView.as_view(), name="api-match-no-show"),
    path("events/<slug:slug>/teams/", api.TeamListView.as_view(), name="api-event-teams"),
    path("team-invitations/", api.MyTeamInvitationsView.as_view(), name="api-team-invitations"),
    path(
        "team-invitations/<int:invitation_id>/accept/",
        api.TeamInvitationAcceptView.as_view(),
        name="api-team-invitation-accept",
    ),
    path(
        "team-invitations/<int:invitation_id>/decline/",
        api.TeamInvitationDeclineView.as_view(),
        name="api-team-invitation-decline",
    ),
    path("events/<slug:slug>/days/", api.EventDaysView.as_view(), name="api-event-days"),
    path("events/<slug:slug>/finish/", api.FinishEventView.as_view(), name="api-event-finish"),
    path("events/<slug:slug>/reopen/", api.ReopenEventView.as_view(), name="api-event-reopen"),
    path("events/<slug:slug>/audit/", api.EventAuditView.as_view(), name="api-event-audit"),
    path(
        "events/<slug:slug>/players/<int:reg_id>/fixed-table/",
        api.FixedTableView.as_view(),
        name="api-player-fixed-table",
    ),
    path(
        "events/<slug:slug>/players/<int:reg_id>/standing/",
        api.MyStandingView.as_view(),
        name="api-player-standing",
    ),
    path(
        "events/<slug:slug>/rounds/<int:number>/tables/<int:table>/result/",
        api.TableResultView.as_view(),
        name="api-table-result",
    ),
    path("matches/<int:match_id>/table/", api.MatchTableView.as_view(), name="api-match-table"),
    path("matches/<int:match_id>/penalty/", api.PenaltyResultView.as_view(), name="api-match-penalty"),
    path(
        "matches/<int:match_id>/close-team-match/",
        api.CloseTeamMatchView.as_view(),
        name="api-match-close-team-match",
    ),
    path("events/<slug:slug>/pods/", api.PodsView.as_view(), name="api-event-pods"),
    path(
        "events/<slug:slug>/playoff-seats/",
        api.PlayoffSeatsView.as_view(),
        name="api-event-playoff-seats",
    ),
]
