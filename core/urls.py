from django.urls import path

from . import views

app_name = "core"
urlpatterns = [
    path("", views.home, name="home"),
    path("health/", views.health, name="health"),
    # Browsers ask for /favicon.ico whatever the page says; the icon is an SVG.
    # The language switcher (Django's set_language; core.views.set_language says why it is
    # exempt from CSRF for anonymous visitors).
    path("i18n/setlang/", views.set_language, name="set_language"),
    path("favicon.ico", views.favicon, name="favicon"),
]
