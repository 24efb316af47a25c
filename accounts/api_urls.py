from django.urls import path

from . import api

urlpatterns = [
    path("auth/token/", api.AuthTokenView.as_view(), name="api-auth-token"),
]
