"""Coverage routes (mounted at /coverage/): overlays per feature table and JSON feeds."""

from django.urls import path

from . import coverage_views

app_name = "coverage"
urlpatterns = [
    path("<slug:slug>/overlay/<int:table>/", coverage_views.overlay, name="overlay"),
    path("<slug:slug>/overlay/<int:table>/data.json", coverage_views.overlay_json, name="overlay_json"),
    path("<slug:slug>/results.json", coverage_views.results_json, name="results"),
    path("<slug:slug>/heroes.json", coverage_views.heroes_json, name="heroes"),
]
