from django.db import connection
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.templatetags.static import static


def home(request):
    return render(request, "core/home.html")


def health(request):
    """Liveness and database check for load balancers and make run."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
    return JsonResponse({"status": "ok", "database": connection.vendor})


def favicon(request: HttpRequest) -> HttpResponse:
    """Browsers ask for /favicon.ico whatever the page names; the icon is an SVG static file
    (its address is looked up per request: in production it carries a content hash)."""
    return redirect(static("favicon.svg"))
