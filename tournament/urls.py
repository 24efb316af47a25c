"""Event pages, mounted at /events/."""

from django.urls import path

from . import views

app_name = "tournament"
urlpatterns = [
    path("", views.event_list, name="event_list"),
    path("new/", views.event_create, name="event_create"),
    path("<slug:slug>/", views.event_detail, name="event_detail"),
    path("<slug:slug>/edit/", views.event_edit, name="event_edit"),
    path("<slug:slug>/me/", views.player_page, name="player"),
    path("<slug:slug>/me/register/", views.player_register, name="player_register"),
    path("<slug:slug>/me/report/", views.player_report, name="player_report"),
    path("<slug:slug>/me/confirm/", views.player_confirm, name="player_confirm"),
    path("<slug:slug>/me/drop/", views.player_drop, name="player_drop"),
    path("<slug:slug>/me/team/", views.player_team, name="player_team"),
    path("<slug:slug>/me/team/answer/", views.player_team_answer, name="player_team_answer"),
    path("<slug:slug>/clock/", views.clock_page, name="clock"),
    path("<slug:slug>/clock.json", views.clock_json, name="clock_json"),
    path("<slug:slug>/pdf/<str:kind>/", views.pdf_document, name="pdf"),
    path("<slug:slug>/pdf-jobs/", views.pdf_job_start, name="pdf_job_start"),
    path("<slug:slug>/pdf-jobs/<str:job_id>/", views.pdf_job, name="pdf_job"),
    path("<slug:slug>/pdf-jobs/<str:job_id>/download/", views.pdf_job_file, name="pdf_job_file"),
    path("<slug:slug>/export/<str:what>.<str:fmt>", views.export, name="export"),
    path("<slug:slug>/staff/", views.staff_dashboard, name="staff"),
    path("<slug:slug>/staff/live/", views.staff_live, name="staff_live"),
    path("<slug:slug>/staff/register/", views.staff_register, name="staff_register"),
    path("<slug:slug>/staff/registration/", views.staff_registration, name="staff_registration"),
    path("<slug:slug>/staff/pair/", views.staff_pair, name="staff_pair"),
    path("<slug:slug>/staff/repair/", views.staff_repair, name="staff_repair"),
    path("<slug:slug>/staff/swap/", views.staff_swap, name="staff_swap"),
    path("<slug:slug>/staff/table/", views.staff_table, name="staff_table"),
    path("<slug:slug>/staff/publish/", views.staff_publish, name="staff_publish"),
    path("<slug:slug>/staff/clock/", views.staff_clock, name="staff_clock"),
    path("<slug:slug>/staff/extension/", views.staff_extension, name="staff_extension"),
    path("<slug:slug>/staff/result/", views.staff_quick_result, name="staff_result"),
    path("<slug:slug>/staff/correct/", views.staff_correct, name="staff_correct"),
]
