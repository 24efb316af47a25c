"""API routes, mounted under /api/ (so "judging/..." is /api/judging/...)."""

from django.urls import path

from . import api
from .reconstruction import api as recon_api

urlpatterns = [
    path("judging/infractions/", api.InfractionCatalogueView.as_view(), name="judging-api-infractions"),
    path("judging/events/<slug:slug>/calls/", api.EventCallsView.as_view(), name="judging-api-calls"),
    path(
        "judging/events/<slug:slug>/call-stats/",
        api.CallStatisticsView.as_view(),
        name="judging-api-call-stats",
    ),
    path("judging/calls/<int:pk>/", api.CallDetailView.as_view(), name="judging-api-call"),
    path("judging/events/<slug:slug>/my-calls/", api.MyCallsView.as_view(), name="judging-api-my-calls"),
    path("judging/calls/<int:pk>/claim/", api._call_action("claim"), name="judging-api-call-claim"),
    path(
        "judging/calls/<int:pk>/rule/",
        api._call_action("rule", api.RulingSerializer),
        name="judging-api-call-rule",
    ),
    path(
        "judging/calls/<int:pk>/appeal/",
        api._call_action("appeal", api.AppealSerializer),
        name="judging-api-call-appeal",
    ),
    path(
        "judging/calls/<int:pk>/final-ruling/",
        api._call_action("final-ruling", api.RulingSerializer),
        name="judging-api-call-final",
    ),
    path(
        "judging/calls/<int:pk>/close/",
        api._call_action("close", api.CloseSerializer),
        name="judging-api-call-close",
    ),
    path(
        "judging/events/<slug:slug>/penalties/",
        api.EventPenaltiesView.as_view(),
        name="judging-api-penalties",
    ),
    path(
        "judging/events/<slug:slug>/recommendation/",
        api.RecommendationView.as_view(),
        name="judging-api-recommendation",
    ),
    path("judging/events/<slug:slug>/tardiness/", api.TardinessView.as_view(), name="judging-api-tardiness"),
    path("judging/penalties/<int:pk>/", api.PenaltyDetailView.as_view(), name="judging-api-penalty"),
    path(
        "judging/penalties/<int:pk>/confirm/",
        api.PenaltyConfirmView.as_view(),
        name="judging-api-penalty-confirm",
    ),
    path(
        "judging/penalties/<int:pk>/reject/",
        api.PenaltyRejectView.as_view(),
        name="judging-api-penalty-reject",
    ),
    path(
        "judging/players/<str:player_id>/penalties/",
        api.PlayerPenaltiesView.as_view(),
        name="judging-api-player-penalties",
    ),
    path(
        "judging/events/<slug:slug>/deck-checks/",
        api.EventDeckChecksView.as_view(),
        name="judging-api-deck-checks",
    ),
    path(
        "judging/events/<slug:slug>/deck-checks/plan/",
        api.DeckCheckPlanView.as_view(),
        name="judging-api-deck-check-plan",
    ),
    path("judging/deck-checks/<int:pk>/", api.DeckCheckDetailView.as_view(), name="judging-api-deck-check"),
    path(
        "judging/deck-checks/<int:pk>/start/",
        api.DeckCheckStartView.as_view(),
        name="judging-api-deck-check-start",
    ),
    path(
        "judging/deck-checks/<int:pk>/finish/",
        api.DeckCheckFinishView.as_view(),
        name="judging-api-deck-check-finish",
    ),
    path(
        "judging/calls/<int:pk>/reconstructions/",
        recon_api.CallReconstructionsView.as_view(),
        name="judging-api-call-reconstructions",
    ),
    path(
        "judging/reconstructions/<int:pk>/",
        recon_api.ReconstructionDetailView.as_view(),
        name="judging-api-reconstruction",
    ),
    path(
        "judging/reconstructions/<int:pk>/steps/",
        recon_api.ReconstructionStepsView.as_view(),
        name="judging-api-reconstruction-steps",
    ),
    path(
        "judging/reconstructions/<int:pk>/rewind/",
        recon_api.ReconstructionRewindView.as_view(),
        name="judging-api-reconstruction-rewind",
    ),
    path(
        "judging/reconstructions/<int:pk>/start/",
        recon_api.ReconstructionStartView.as_view(),
        name="judging-api-reconstruction-start",
    ),
    path(
        "judging/reconstructions/<int:pk>/fix/",
        recon_api.ReconstructionFixView.as_view(),
        name="judging-api-reconstruction-fix",
    ),
    path(
        "judging/reconstructions/<int:pk>/cite/",
        recon_api.ReconstructionCiteView.as_view(),
        name="judging-api-reconstruction-cite",
    ),
    path(
        "judging/reconstructions/<int:pk>/backup/",
        recon_api.ReconstructionBackupView.as_view(),
        name="judging-api-reconstruction-backup",
    ),
    path(
        "judging/reconstructions/<int:pk>/cards/",
        recon_api.ReconstructionCardsView.as_view(),
        name="judging-api-reconstruction-cards",
    ),
]
