from django.db import connection
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.templatetags.static import static
from django.views import i18n as i18n_views
from django.views.decorators.csrf import csrf_exempt, csrf_protect

from . import i18n


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


@csrf_exempt
def set_language(request: HttpRequest) -> HttpResponse:
    """The language switcher of every page (issue 31): Django's ``set_language`` (the language
    cookie, back to ``next``), and for a logged-in account its saved choice too (which wins over
    the cookie: core.middleware.AccountLocale).

    An anonymous page carries no CSRF token for it: a token would set a cookie on every page and
    keep public pages out of the shared microcache (tournament.live.public_microcache), and the
    worst a forged post can do is change a visitor's display language. A logged-in account's
    post changes a stored setting, so it is checked for CSRF like every other form."""
    if request.user.is_authenticated:
        return _set_account_language(request)
    return i18n_views.set_language(request)


@csrf_protect
def _set_account_language(request: HttpRequest) -> HttpResponse:
    response = i18n_views.set_language(request)
    language = request.POST.get("language", "") if request.method == "POST" else ""
    if language in i18n.language_codes():
        i18n.set_account_language(request.user, language=language)
        request.session[i18n.SESSION_KEY] = [request.user.pk, language]
    return response
