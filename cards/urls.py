from django.urls import path

from . import views

app_name = "cards"
urlpatterns = [
    path("", views.card_search, name="search"),
    path("statuses/", views.recorded_statuses, name="statuses"),
    path("<slug:identifier>/", views.card_detail, name="detail"),
]
