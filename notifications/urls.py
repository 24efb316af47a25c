"""Mounted at the site's root: the service worker must be served from there to look after the
player's pages."""

from django.urls import path

from . import views

app_name = "notifications"
urlpatterns = [
    path("sw.js", views.service_worker, name="service_worker"),
    path("manifest.webmanifest", views.manifest, name="manifest"),
    path("push/<slug:slug>/subscribe/", views.subscribe, name="subscribe"),
    path("push/<slug:slug>/unsubscribe/", views.unsubscribe, name="unsubscribe"),
]
