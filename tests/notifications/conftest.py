"""A push service on the loopback and browser-like subscription keys, for the Web Push tests.

The endpoint answers like a push service (201 Created, or 410 Gone for a path under ``/gone/``)
and keeps what it received, so a test decrypts the message with the subscription's private key
the way the browser does (RFC 8291, ``http_ece``)."""

from __future__ import annotations

import base64
import json
import os
import threading
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import http_ece
import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from py_vapid import Vapid02

from notifications import keys


def b64url(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


@dataclass
class Received:
    path: str
    headers: dict
    body: bytes


@dataclass
class PushService:
    url: str
    received: list[Received] = field(default_factory=list)

    def for_path(self, path: str) -> list[Received]:
        return [r for r in self.received if r.path == path]


@dataclass
class BrowserKeys:
    """What a browser makes when it subscribes: a P-256 key pair and a 16-byte auth secret."""

    private: ec.EllipticCurvePrivateKey
    auth: bytes

    @classmethod
    def new(cls) -> BrowserKeys:
        return cls(ec.generate_private_key(ec.SECP256R1()), os.urandom(16))

    def subscription(self, endpoint: str) -> dict:
        point = self.private.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        return {"endpoint": endpoint, "keys": {"p256dh": b64url(point), "auth": b64url(self.auth)}}

    def decrypt(self, received: Received) -> dict:
        assert received.headers.get("content-encoding") == "aes128gcm"
        plain = http_ece.decrypt(
            received.body, private_key=self.private, auth_secret=self.auth, version="aes128gcm"
        )
        return json.loads(plain)


@pytest.fixture
def push_service():
    service = PushService(url="")

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self):  # noqa: N802 (http.server's name)
            length = int(self.headers.get("Content-Length") or 0)
            body = self.rfile.read(length)
            service.received.append(
                Received(self.path, {k.lower(): v for k, v in self.headers.items()}, body)
            )
            self.send_response(410 if self.path.startswith("/gone/") else 201)
            self.send_header("Content-Length", "0")
            self.end_headers()

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    service.url = f"http://127.0.0.1:{server.server_address[1]}"
    yield service
    server.shutdown()
    server.server_close()


@pytest.fixture
def vapid_key(settings):
    """A fresh server key pair in the settings (as PUSH_VAPID_PRIVATE_KEY), http endpoints allowed."""
    pair = Vapid02()
    pair.generate_keys()
    settings.PUSH_VAPID_PRIVATE_KEY = pair.private_pem().decode()
    settings.PUSH_ALLOW_HTTP_ENDPOINTS = True
    yield pair
    keys._vapid.cache_clear()
