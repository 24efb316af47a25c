from django.urls import path

from . import api

app_name = "cards-api"
urlpatterns = [
    path("cards/", api.CardSearchAPI.as_view(), name="search"),
    path("cards/autocomplete/", api.CardAutocompleteAPI.as_view(), name="autocomplete"),
    path("cards/releases/", api.CardReleaseListAPI.as_view(), name="releases"),
    path("cards/<slug:identifier>/", api.CardDetailAPI.as_view(), name="detail"),
]
