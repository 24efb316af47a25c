"""Request hygiene shared by every page and endpoint.

``RejectNulCharacters``: a NUL character (``%00``) in the path or in a query parameter is
answered 400 before any view runs. Text with a NUL cannot be stored or searched in
PostgreSQL, so every search box and filter would otherwise fail with a server error on it;
form fields and API bodies are already refused by Django's and DRF's character fields.

``ContentSecurityPolicy``: the ``Content-Security-Policy`` header from the
``CONTENT_SECURITY_POLICY`` setting (none when empty). The pages have no inline script or
style attribute handlers, so a strict same-origin policy fits.
"""

from __future__ import annotations

import json

from django.conf import settings
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest

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


class ContentSecurityPolicy:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        policy = getattr(settings, "CONTENT_SECURITY_POLICY", "")
        if policy and "Content-Security-Policy" not in response:
            response["Content-Security-Policy"] = policy
        return response
