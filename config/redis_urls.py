"""Redis addresses that name another database of the same server (no Django import: the settings
read it before Django is set up)."""

from __future__ import annotations

from urllib.parse import urlsplit, urlunsplit


def with_database(url: str, database: int) -> str:
    """``url`` (redis://host:port/N) pointing at ``database`` of the same server instead."""
    return urlunsplit(urlsplit(url)._replace(path=f"/{database}"))
