"""Judge pages, mounted at /judging/."""

from django.urls import path

from . import floor_views, views
from .reconstruction import views as recon_views

app_name = "judging"

urlpatterns = [
    path("infractions/", views.catalogue_page, name="catalogue"),
    path("me/", views.my_penalties, name="me"),
    path("players/<str:player_id>/", views.player_history, name="player"),
    path("<slug:slug>/", views.event_home, name="home"),
    path("<slug:slug>/calls/open/", views.call_open, name="call_open"),
    path("<slug:slug>/floor/", floor_views.floor_page, name="floor"),
    path("<slug:slug>/floor/live/", floor_views.floor_live, name="floor_live"),
    path("<slug:slug>/floor/zones/", floor_views.floor_zone, name="floor_zone"),
    path("<slug:slug>/calls/<int:pk>/", views.call_detail, name="call"),
    path(
        "<slug:slug>/calls/<int:pk>/reconstructions/new/",
        recon_views.reconstruction_new,
        name="reconstruction_new",
    ),
    path("<slug:slug>/reconstructions/<int:pk>/", recon_views.reconstruction_page, name="reconstruction"),
    path(
        "<slug:slug>/reconstructions/<int:pk>/print/",
        recon_views.reconstruction_print,
        name="reconstruction_print",
    ),
    path(
        "<slug:slug>/reconstructions/<int:pk>/record.pdf",
        recon_views.reconstruction_pdf,
        name="reconstruction_pdf",
    ),
    path("<slug:slug>/my-calls/", views.my_calls, name="my_calls"),
    path("<slug:slug>/penalties/", views.penalty_list, name="penalties"),
    path("<slug:slug>/penalties/new/", views.penalty_new, name="penalty_new"),
    path("<slug:slug>/tardiness/", views.tardiness, name="tardiness"),
    path("<slug:slug>/penalties/<int:pk>/", views.penalty_detail, name="penalty"),
    path("<slug:slug>/deck-checks/", views.deck_checks, name="deck_checks"),
    path("<slug:slug>/deck-checks/<int:pk>/", views.deck_check_detail, name="deck_check"),
    path("<slug:slug>/reports/", views.reports, name="reports"),
    path("<slug:slug>/reports/penalties.csv", views.report_csv, name="report_csv"),
    path("<slug:slug>/reports/penalties.pdf", views.report_pdf, name="report_pdf"),
]
