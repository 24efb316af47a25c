"""A card index on disk for the command line: the-fab-cube ``card.json`` read once, then looked up
by name from an SQLite file without reading the whole card file again (issue 27).

The index file is named by the SHA-256 of the card file and of the code that turns a card record
into facts and names into the log parser's name index (``cards.py``, ``phrases.py``), so new card data or a new reading of it builds a new index, and an
index is never used for data it was not built from. Hashing 18 MB on every run would cost tens of
milliseconds; the hash is remembered next to the index under the card file's path, size and
modification time, and computed again only when one of them changes.

Only the cards a log names are read (one indexed row each); the full name list is read only for
"did you mean" suggestions. ``load_indexed`` is what ``python -m rules_engine.game ... --cards``
uses for a the-fab-cube file; the database release (``manage.py reconstruct --release``) is the
other source, for a machine with the project's database.
"""

from __future__ import annotations

import difflib
import hashlib
import json
import os
import pickle
import sqlite3
from pathlib import Path

from . import cards as _cards_module
from . import phrases as _phrases_module
from .cards import CardFacts, FabCubeCards, norm_name, split_colour
from .phrases import NameIndex

SCHEMA = 2


def cache_dir() -> Path:
    """``$ARBITER_CARDS_CACHE``, else ``$XDG_CACHE_HOME/arbiter/cards`` (``~/.cache/...``)."""
    env = os.environ.get("ARBITER_CARDS_CACHE")
    if env:
        return Path(env)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "arbiter" / "cards"


def _sha256(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def _code_hash() -> str:
    """The code an index holds the output of: card facts (cards.py) and the name index (phrases.py)."""
    h = hashlib.sha256()
    for module in (_cards_module, _phrases_module):
        h.update(Path(str(module.__file__)).read_bytes())
    return h.hexdigest()[:16]


def file_hash(path: Path, folder: Path) -> str:
    """The SHA-256 of ``path``, remembered under its path, size and mtime (stamps.json)."""
    st = path.stat()
    stamp_key = f"{path.resolve()}|{st.st_size}|{st.st_mtime_ns}"
    stamps_file = folder / "stamps.json"
    try:
        stamps = json.loads(stamps_file.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        stamps = {}
    found = stamps.get(stamp_key)
    if isinstance(found, str):
        return found
    digest = _sha256(path)
    stamps[stamp_key] = digest
    tmp = stamps_file.with_suffix(f".{os.getpid()}.tmp")
    tmp.write_text(json.dumps(stamps), encoding="utf-8")
    tmp.replace(stamps_file)
    return digest


class IndexedCards:
    """A ``CardLookup`` over an index file: the same answers as :class:`FabCubeCards` (the red
    variant unless a colour is given), each name read from disk once per process."""

    def __init__(self, db_path: Path) -> None:
        self.path = db_path
        self._conn = sqlite3.connect(f"file:{db_path}?mode=ro", uri=True, check_same_thread=False)
        self._cache: dict[str, list[CardFacts]] = {}
        self._names: list[str] | None = None
        self._names_built: NameIndex | None = None

    def _variants(self, key: str) -> list[CardFacts]:
        found = self._cache.get(key)
        if found is None:
            row = self._conn.execute("SELECT facts FROM cards WHERE key = ?", (key,)).fetchone()
            found = pickle.loads(row[0]) if row else []
            self._cache[key] = found
        return found

    def variants(self, name: str) -> list[CardFacts]:
        base, _ = split_colour(name)
        return list(self._variants(norm_name(name)) or self._variants(norm_name(base)))

    def get(self, name: str) -> CardFacts | None:
        exact = self._variants(norm_name(name))
        if exact:
            return exact[0]
        base, pitch = split_colour(name)
        found = self._variants(norm_name(base))
        if not found:
            return None
        if pitch is None:
            return found[0]
        return next((f for f in found if f.pitch == pitch), None)

    def names(self) -> list[str]:
        if self._names is None:
            self._names = [r[0] for r in self._conn.execute("SELECT name FROM cards ORDER BY rowid")]
        return self._names

    @property
    def _name_index(self) -> NameIndex:
        """The log parser's index of every card name (``phrases.index_for`` reads it), stored
        built in the index file: a run does not index 3,000 names again."""
        if self._names_built is None:
            row = self._conn.execute("SELECT value FROM meta WHERE key = 'name_index'").fetchone()
            self._names_built = pickle.loads(row[0]) if row else NameIndex(self.names())
        return self._names_built

    def suggest(self, name: str) -> list[str]:
        by_key = {norm_name(n): n for n in self.names()}
        close = difflib.get_close_matches(norm_name(name), list(by_key), n=5, cutoff=0.7)
        return [by_key[k] for k in close]


def build_index(source: Path, target: Path) -> None:
    """Write the index of ``source`` (a the-fab-cube card.json) to ``target`` atomically."""
    cube = FabCubeCards.load(source)
    tmp = target.with_suffix(f".{os.getpid()}.tmp")
    tmp.unlink(missing_ok=True)
    conn = sqlite3.connect(tmp)
    try:
        conn.execute("CREATE TABLE cards (key TEXT PRIMARY KEY, name TEXT NOT NULL, facts BLOB NOT NULL)")
        conn.executemany(
            "INSERT INTO cards VALUES (?, ?, ?)",
            (
                (key, v[0].name, pickle.dumps(v, protocol=pickle.HIGHEST_PROTOCOL))
                for key, v in cube.by_name.items()
            ),
        )
        conn.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value BLOB NOT NULL)")
        names = NameIndex(v[0].name for v in cube.by_name.values())
        conn.execute(
            "INSERT INTO meta VALUES ('name_index', ?)",
            (pickle.dumps(names, protocol=pickle.HIGHEST_PROTOCOL),),
        )
        conn.commit()
    finally:
        conn.close()
    tmp.replace(target)


def load_indexed(path: str | Path, folder: Path | None = None) -> IndexedCards | FabCubeCards:
    """The lookup of a the-fab-cube file through its index (built on first use). Where no cache
    folder can be written the file is read in full, as before."""
    source = Path(path)
    if source.is_dir():
        source = source / "card.json"
    folder = folder or cache_dir()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        digest = file_hash(source, folder)
        target = folder / f"fabcube-{digest[:24]}-{_code_hash()}-s{SCHEMA}.sqlite"
        if not target.exists():
            build_index(source, target)
        return IndexedCards(target)
    except (OSError, sqlite3.Error):
        return FabCubeCards.load(source)
