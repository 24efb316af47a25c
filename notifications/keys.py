"""The server's VAPID key pair (RFC 8292): push services accept a message only when it is signed
with the private key whose public half the browser subscribed with.

Where the key comes from, first found wins: ``PUSH_VAPID_PRIVATE_KEY`` (the PEM text, for a
platform that keeps secrets in the environment), the file ``PUSH_VAPID_KEY_FILE`` (default
``var/push/vapid_private.pem``, written once by ``manage.py push_keys``, which ``make run``,
``make store`` and ``make serve`` call). Changing the key orphans every subscription: browsers
must subscribe again.
"""

from __future__ import annotations

import functools
import os
from pathlib import Path

from cryptography.hazmat.primitives import serialization
from django.conf import settings
from py_vapid import Vapid02, b64urlencode


def key_file() -> Path:
    return Path(settings.PUSH_VAPID_KEY_FILE)


@functools.cache
def _vapid(pem: str, path: str) -> Vapid02:
    return Vapid02.from_pem(pem.encode()) if pem else Vapid02.from_file(path)


def vapid() -> Vapid02 | None:
    """The key pair, or None when push is not set up (no key in the settings or the file). A
    key is read once per process; a file that appears later (a worker started before the web
    process created it) is found on the next call."""
    pem, path = settings.PUSH_VAPID_PRIVATE_KEY, str(key_file())
    if not pem and not Path(path).exists():
        return None
    return _vapid(pem, path)


def public_key() -> str:
    """The application server key the browser subscribes with: the raw public point, base64url."""
    pair = vapid()
    if pair is None:
        return ""
    raw = pair.public_key.public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
    )
    return b64urlencode(raw)


def ensure_key_file() -> tuple[Path, bool]:
    """Write a new key pair to ``key_file()`` when there is none (and no key in the settings);
    (the file, whether it was created). The file is readable by its owner only."""
    path = key_file()
    if settings.PUSH_VAPID_PRIVATE_KEY or path.exists():
        return path, False
    path.parent.mkdir(parents=True, exist_ok=True)
    pair = Vapid02()
    pair.generate_keys()
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(descriptor, "wb") as out:
        out.write(pair.private_pem())
    _vapid.cache_clear()
    return path, True
