from django.urls import path

from . import views

app_name = "reference"

urlpatterns = [
    path("", views.index, name="index"),
    path("search/", views.search, name="search"),
    path("<slug:doc>/", views.toc, name="toc"),
    path("<slug:doc>/glossary/", views.glossary, name="glossary"),
    path("<slug:doc>/compare/", views.compare, name="compare"),
    path("<slug:doc>/v/<str:version>/", views.toc, name="version_toc"),
    path("<slug:doc>/v/<str:version>/<str:number>/", views.rule_detail, name="version_rule"),
    path("<slug:doc>/<str:number>/", views.rule_detail, name="rule"),
]
