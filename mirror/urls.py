from django.urls import path

from . import views

app_name = "mirror"

urlpatterns = [
    path("", views.home, name="home"),
    path("jobs/<str:key>/", views.job_page, name="job"),
    path("<slug:slug>/", views.event_page, name="event"),
    path("<slug:slug>/standings/", views.standings, name="standings"),
    path("<slug:slug>/results/<int:number>/", views.results, name="results"),
    path("<slug:slug>/results/<int:number>.csv", views.results_csv, name="results_csv"),
    path("<slug:slug>/gem/<str:kind>.csv", views.gem_layout_csv, name="gem_layout_csv"),
    path("<slug:slug>/results/<int:number>.pdf", views.results_pdf, name="results_pdf"),
    path("<slug:slug>/penalties/", views.penalties, name="penalties"),
    path("<slug:slug>/penalties.csv", views.penalties_csv, name="penalties_csv"),
    path("<slug:slug>/penalties.pdf", views.penalties_pdf, name="penalties_pdf"),
]
