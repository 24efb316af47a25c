"""Event file pages, mounted at /transfer/."""

from django.urls import path

from . import views

app_name = "transfer"

urlpatterns = [
    path("<slug:slug>/event-file/", views.export, name="export"),
]
