from django.urls import path

from . import api

urlpatterns = [
    path("auth/token/", api.AuthTokenView.as_view(), name="api-auth-token"),
    path("player-id-claims/", api.ClaimListView.as_view(), name="api-player-id-claims"),
    path(
        "player-id-claims/<int:pk>/decide/", api.ClaimDecideView.as_view(), name="api-player-id-claim-decide"
    ),
    path("player-links/unlink/", api.UnlinkView.as_view(), name="api-player-link-unlink"),
]
