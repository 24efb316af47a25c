"""Account pages, mounted at /accounts/ beside Django's login, logout and password reset."""

from django.urls import path

from . import views

app_name = "accounts"
urlpatterns = [
    path("", views.account, name="account"),
    path("signup/", views.signup, name="signup"),
    path("token/", views.token, name="token"),
    path("claims/decide/", views.decide, name="decide"),
    path("links/undo/", views.unlink, name="unlink"),
]
