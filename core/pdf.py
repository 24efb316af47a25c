"""Render a template to PDF with WeasyPrint.

Autoescape stays on (player names and decklists are user input) and the URL
fetcher only reads our own static files and data: URIs (QR codes): nothing is
fetched from the network or from arbitrary paths.
"""

from __future__ import annotations

import mimetypes
from pathlib import Path
from typing import Any

from django.conf import settings
from django.contrib.staticfiles import finders
from django.template.loader import render_to_string
from weasyprint import HTML
from weasyprint.urls import URLFetcher, URLFetcherResponse

_BASE_URL = "file:///"


class PdfFetchRefused(ValueError):
    pass


class StaticOnlyFetcher(URLFetcher):
    """Serve ``/static/...`` from our static files and ``data:`` URIs; refuse the rest."""

    def fetch(self, url, headers=None):
        if url.startswith("data:"):
            return super().fetch(url, headers)
        prefix = "file://" + settings.STATIC_URL
        if not url.startswith(prefix):
            raise PdfFetchRefused(f"PDF rendering only reads our static files, not {url!r}")
        relative = url[len(prefix) :].split("?")[0]
        path = finders.find(relative)
        if not path:
            raise PdfFetchRefused(f"no static file {relative!r}")
        mime = mimetypes.guess_type(relative)[0] or "application/octet-stream"
        return URLFetcherResponse(url, Path(path).read_bytes(), {"Content-Type": mime})


def render_pdf(template_name: str, context: dict[str, Any]) -> bytes:
    """Render ``template_name`` (a Django template extending pdf/base.html) to PDF bytes."""
    html = render_to_string(template_name, context)
    return HTML(string=html, base_url=_BASE_URL, url_fetcher=StaticOnlyFetcher()).write_pdf()


def qr_svg_data_uri(text: str, *, scale: int = 4) -> str:
    """A QR code for ``text`` as an SVG data URI, usable in pages and PDFs."""
    import segno  # noqa: PLC0415 (a third-party library only this code path needs)

    return segno.make(text, error="m").svg_data_uri(scale=scale)
