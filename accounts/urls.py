"""Account pages, mounted at /accounts/ beside Django's login, logout and password reset."""

from django.urls import path

from . import views

app_name = "accounts"
urlpatterns = [
    path("", views.account, name="account"),
    path("signup/", views.signup, name="signup"),
    # Before Django's own view at the same address (config/urls.py): the throttled one.
    path("password_reset/", views.PasswordResetView.as_view(), name="password_reset"),
    path("token/", views.token, name="token"),
    path("language/", views.language, name="language"),
    path("claims/decide/", views.decide, name="decide"),
    path("links/undo/", views.unlink, name="unlink"),
]
