"""Decklist API routes, under /api/."""

from django.urls import path

from . import api

app_name = "decklists-api"
urlpatterns = [
    path("decklists/", api.DecklistListAPI.as_view(), name="list"),
    path("decklists/<int:pk>/", api.DecklistDetailAPI.as_view(), name="detail"),
    path("decklists/<int:pk>/<str:action>/", api.DecklistActionAPI.as_view(), name="action"),
    path("decklists/events/<slug:slug>/<str:kind>/", api.EventDecklistJobAPI.as_view(), name="event_job"),
    path("decklists/jobs/<int:pk>/", api.DecklistJobAPI.as_view(), name="job"),
]
