from django.urls import path

from . import views

app_name = "core"
urlpatterns = [
    path("", views.home, name="home"),
    path("health/", views.health, name="health"),
    # Browsers ask for /favicon.ico whatever the page says; the icon is an SVG.
    path("favicon.ico", views.favicon, name="favicon"),
]
