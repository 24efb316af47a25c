"""``make store``: a store laptop serving the phones of the players in the room.

What it does, in order:

1. finds the laptop's address on the local network (``STORE_ADDRESS`` overrides it);
2. keeps a secret key of its own in ``var/store-secret-key`` (made once, readable by the owner
   only), so logins survive a restart;
3. runs the production configuration (``config.serve``: DEBUG off, so players and judges see
   plain error pages, never Django's technical ones) on every interface, allowing exactly the
   laptop's names and that address (``ALLOWED_HOSTS``), over plain http (a shop's network has
   no certificate, so the HTTPS-only cookies and redirects are off);
4. makes that address the base of every QR code and printed link (``ARBITER_SITE_URL``), so a
   code shown on the owner's screen opened at 127.0.0.1 still leads a phone to the laptop;
5. prints the address, a QR code for phones and what to do when phones cannot reach it.

One web process with threads (SQLite in WAL mode, the in-memory cache shared by every request);
background tasks run in it, as on any laptop.
"""

from __future__ import annotations

import ipaddress
import os
import secrets
import socket
import sys
from io import StringIO
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

HELP_UNREACHABLE = """\
If a phone cannot open it:
  - the phone must be on the same Wi-Fi as this laptop (not on mobile data);
  - guest Wi-Fi networks often keep devices apart ("client isolation"): use the store's own
    network, or turn on a phone's hotspot and join the laptop and the players to it, or a
    travel router;
  - the laptop's firewall must let other devices in on port {port}: on macOS allow Python when
    it asks (System Settings > Network > Firewall), on Windows allow Python on private
    networks, on Linux for example `sudo ufw allow {port}/tcp`;
  - the address changes when the laptop joins another network: run `make store` again there.
"""


def _usable(address: str) -> bool:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return ip.version == 4 and not (ip.is_loopback or ip.is_link_local or ip.is_unspecified)


def lan_address() -> str | None:
    """This machine's IPv4 address on the local network, or None when it has none.

    Asks the system which address it would use to reach an outside one (a UDP "connect" sends
    nothing), then falls back on the addresses of the machine's name."""
    override = os.environ.get("STORE_ADDRESS", "").strip()
    if override:
        return override
    for probe in ("192.0.2.1", "10.255.255.255"):
        try:
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
                sock.connect((probe, 9))
                address = sock.getsockname()[0]
        except OSError:
            continue
        if _usable(address):
            return address
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        infos = []
    for info in infos:
        address = str(info[4][0])
        if _usable(address):
            return address
    return None


def secret_key(var_dir: Path) -> str:
    """The store's own secret key, made once and kept in ``var/store-secret-key``."""
    path = var_dir / "store-secret-key"
    if path.is_file() and path.read_text().strip():
        return path.read_text().strip()
    var_dir.mkdir(parents=True, exist_ok=True)
    key = secrets.token_urlsafe(50)
    path.write_text(key + "\n")
    path.chmod(0o600)
    return key


def store_environment(address: str | None, port: str, var_dir: Path) -> dict[str, str]:
    """The environment ``config.serve`` runs with on a store laptop."""
    hosts = ["127.0.0.1", "localhost", "[::1]"]
    if address:
        hosts.insert(0, address)
    site = f"http://{address or '127.0.0.1'}:{port}"
    return {
        "DJANGO_DEBUG": "0",
        "SECRET_KEY": os.environ.get("SECRET_KEY") or secret_key(var_dir),
        "ALLOWED_HOSTS": ",".join(hosts),
        "ARBITER_SITE_URL": site,
        "HOST": "0.0.0.0",
        "PORT": port,
        "SECURE_SSL_REDIRECT": "0",
        "SECURE_HSTS_SECONDS": "0",
        "SESSION_COOKIE_SECURE": "0",
        "CSRF_COOKIE_SECURE": "0",
        "WEB_WORKERS": os.environ.get("WEB_WORKERS", "1"),
        "WEB_THREADS": os.environ.get("WEB_THREADS", "8"),
    }


def banner(site: str, address: str | None, port: str) -> str:
    """What the owner reads in the terminal: the address, a QR code, the fixes."""
    import segno  # noqa: PLC0415 (a third-party library only this code path needs)

    lines = []
    if address:
        lines.append(f"Players' phones on this Wi-Fi open:  {site}/")
        qr = segno.make(site + "/", error="m")

        out = StringIO()
        qr.terminal(out=out, compact=True)
        lines.append(out.getvalue())
        lines.append(HELP_UNREACHABLE.format(port=port))
    else:
        lines.append(
            "This laptop has no local network address (no Wi-Fi or cable?): only this laptop can "
            f"open {site}/. Join the store's network and run `make store` again."
        )
    lines.append(f"On this laptop: http://127.0.0.1:{port}/  (Ctrl-C stops the site)")
    return "\n".join(lines)


def main() -> int:
    port = os.environ.get("PORT", "8000")
    address = lan_address()
    env = store_environment(address, port, Path(os.environ.get("ARBITER_VAR_DIR") or ROOT / "var"))
    os.environ.update(env)
    print(banner(env["ARBITER_SITE_URL"], address, port), flush=True)
    from config import serve  # noqa: PLC0415 (runs before Django's settings are configured)

    return serve.main()


if __name__ == "__main__":
    sys.exit(main())
