"""Decklist pages, mounted at /decklists/."""

from django.urls import path

from . import views

app_name = "decklists"
urlpatterns = [
    path("", views.my_decklists, name="mine"),
    path("<int:pk>/", views.detail, name="detail"),
    path("<int:pk>/pdf/", views.decklist_pdf, name="pdf"),
    path("<int:pk>/<str:name>/", views.action, name="action"),
    path("jobs/<int:pk>/", views.job_status, name="job"),
    path("jobs/<int:pk>/download/", views.job_file, name="job_file"),
    path("e/<slug:slug>/", views.submit, name="submit"),
    path("e/<slug:slug>/manage/", views.event_decklists, name="event"),
    path("e/<slug:slug>/manage/<str:name>/", views.event_action, name="event_action"),
    path("e/<slug:slug>/published/", views.published, name="published"),
]
