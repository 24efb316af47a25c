from django.templatetags.static import static
from django.urls import path
from django.views.generic import RedirectView

from . import views

app_name = "core"
urlpatterns = [
    path("", views.home, name="home"),
    path("health/", views.health, name="health"),
    # Browsers ask for /favicon.ico whatever the page says; the icon is an SVG.
    path("favicon.ico", RedirectView.as_view(url=static("favicon.svg"), permanent=True)),
]
