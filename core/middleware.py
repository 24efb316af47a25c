"""Request hygiene shared by every page and endpoint.

``RejectNulCharacters``: a NUL character (``%00``) in the path or in a query parameter is
answered 400 before any view runs. Text with a NUL cannot be stored or searched in
PostgreSQL, so every search box and filter would otherwise fail with a server error on it;
form fields and API bodies are already refused by Django's and DRF's character fields.

``ClientErrorsAreNotServerErrors``: a ``DomainError`` (a service refusing the input) or a value
the database cannot store (``DataError``: a text longer than its column, a number out of range)
that escapes a page view is answered as the client error it is (400, or the error's 403/409,
with its message), not 500. The API maps the same errors in ``core.api.exception_handler``;
pages catch ``DomainError`` to show it beside their form, and this is the net under the ones
that do not.

``ContentSecurityPolicy``: the ``Content-Security-Policy`` header from the
``CONTENT_SECURITY_POLICY`` setting (none when empty). The pages have no inline script or
style attribute handlers, so a strict same-origin policy fits.
"""

from __future__ import annotations

import json

from django.conf import settings
from django.db import DataError
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest

from .errors import DomainError

NUL_MESSAGE = "The request contains a NUL character (%00), which no field accepts."


def _has_nul(request: HttpRequest) -> bool:
    if "\x00" in request.path:
        return True
    return any("\x00" in key or any("\x00" in v for v in values) for key, values in request.GET.lists())


class RejectNulCharacters:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if _has_nul(request):
            if request.path.startswith("/api/"):
                body = json.dumps({"detail": NUL_MESSAGE, "code": "invalid"})
                return HttpResponse(body, status=400, content_type="application/json")
            return HttpResponseBadRequest(NUL_MESSAGE, content_type="text/plain; charset=utf-8")
        return self.get_response(request)


OUT_OF_RANGE_MESSAGE = "A value in the request is too long or out of range."


class ClientErrorsAreNotServerErrors:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if isinstance(exception, DomainError):
            status, message = exception.status_code, exception.message
        elif isinstance(exception, (DataError, OverflowError)):
            status, message = 400, OUT_OF_RANGE_MESSAGE
        else:
            return None
        if request.path.startswith("/api/"):
            body = json.dumps({"detail": message, "code": "invalid"})
            return HttpResponse(body, status=status, content_type="application/json")
        from django.shortcuts import render  # templates only when a page is answered

        return render(request, "request_refused.html", {"message": message, "status": status}, status=status)


class ContentSecurityPolicy:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        policy = getattr(settings, "CONTENT_SECURITY_POLICY", "")
        if policy and "Content-Security-Policy" not in response:
            response["Content-Security-Policy"] = policy
        return response
