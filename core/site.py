"""The address phones and paper use to reach this site.

On a store laptop the owner's own browser talks to 127.0.0.1, but a QR code or a printed slip
carrying 127.0.0.1 leads a player's phone nowhere. ``ARBITER_SITE_URL`` (set by ``make store``
to the laptop's address on the local network, or by an operator to the public address) is then
the base of every link that leaves the screen it was made on; without it, the address the
request came in on is used.
"""

from __future__ import annotations

from urllib.parse import urljoin

from django.conf import settings
from django.http import HttpRequest


def site_url(request: HttpRequest | None, path: str = "/") -> str:
    """The absolute address of ``path`` as a phone or a sheet of paper should carry it."""
    base = (getattr(settings, "ARBITER_SITE_URL", "") or "").strip()
    if base:
        return urljoin(base.rstrip("/") + "/", path.lstrip("/"))
    if request is None:
        return path
    return request.build_absolute_uri(path)
