from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

urlpatterns = [
    path("", include("core.urls")),
    path("", include("notifications.urls")),
    path("admin/", admin.site.urls),
    path("accounts/", include("accounts.urls")),
    path("accounts/", include("django.contrib.auth.urls")),
    path("cards/", include("cards.urls")),
    path("events/", include("tournament.urls")),
    path("decklists/", include("decklists.urls")),
    path("judging/", include("judging.urls")),
    path("rules/", include("reference.urls")),
    path("mirror/", include("mirror.urls")),
    path("coverage/", include("mirror.coverage_urls")),
    path("transfer/", include("transfer.urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("api/docs/", SpectacularSwaggerSplitView.as_view(url_name="api-schema"), name="api-docs"),
    path("api/", include("cards.api_urls")),
    path("api/", include("tournament.api_urls")),
    path("api/", include("decklists.api_urls")),
    path("api/", include("judging.api_urls")),
    path("api/", include("reference.api_urls")),
    path("api/", include("accounts.api_urls")),
]
