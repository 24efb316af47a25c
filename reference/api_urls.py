from django.urls import path

from .api import RuleDetailAPI, RuleSearchAPI

urlpatterns = [
    path("rules/search/", RuleSearchAPI.as_view(), name="rules-search-api"),
    path("rules/<slug:doc>/<str:number>/", RuleDetailAPI.as_view(), name="rules-rule-api"),
]
