"""Benchmark: card-pool legality checking (rules_engine.legality.check_pool).

Run: .venv/bin/python bench/legality.py

Measures, on the-fab-cube card data in ../shared:
* one 80-card Classic Constructed pool (hero + 20 arena... + 60 deck-cards), median of many runs;
* an event's 1,000 different pools (CC and Blitz, different heroes), checked one after another;
* parsing and resolving the decklist text of one 80-card pool;
* with ../shared/data/fabcube-2026 present: the same 80-card pool checked as of 2026-10-01
  against the dated card pool (``rules_engine.pool``: every card dated by its first release,
  the 2026 ban lists, the format timeline).
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from datetime import date
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rules_engine.decklist_text import parse_decklist, resolve  # noqa: E402
from rules_engine.legality import CardPool, check_pool, is_legal  # noqa: E402
from rules_engine.oracle import load_reference_database  # noqa: E402

SHARED = Path(os.environ.get("ARBITER_SHARED_DIR", Path(__file__).resolve().parents[2] / "shared"))
AS_OF = date(2025, 7, 1)


def build_pools(db, n: int) -> list[tuple[CardPool, str]]:
    """``n`` pools: for each hero in turn, 60 (CC) or 40 (Blitz) deck-cards it may play plus arena-cards."""
    heroes = [h for h in db.heroes() if not h.legality_history and h.supertypes]
    generic = [
        c
        for c in db
        if c.is_generic
        and c.is_deck_card
        and not c.legality_history
        and not c.legendary
        and "Ephemeral" not in c.keywords
        and "//" not in c.name
    ]
    arena = [
        c
        for c in db
        if c.is_generic
        and c.is_arena_card
        and not c.legality_history
        and not c.legendary
        and "Demi-Hero" not in c.types
    ]
    pools = []
    for i in range(n):
        hero = heroes[i % len(heroes)]
        fmt = "blitz" if hero.young else "cc"
        copies, deck_n, arena_n = (2, 40, 12) if hero.young else (3, 60, 20)
        own = [
            c
            for c in db
            if c.is_deck_card
            and c.supertypes
            and c.supertypes <= hero.supertypes
            and not c.specializations
            and not c.legality_history
            and not c.legendary
            and not c.hybrid_class_sets
        ][: deck_n // (2 * copies)]
        entries = [(c, copies, "deck") for c in own]
        start = (i * 7) % max(1, len(generic) - 40)
        for c in generic[start:]:
            if sum(q for _c, q, _s in entries) >= deck_n:
                break
            entries.append((c, copies, "deck"))
        entries += [(c, 1, "arena") for c in arena[(i % 5) : (i % 5) + arena_n]]
        pools.append((CardPool(hero=hero, entries=entries), fmt))
    return pools


def pool_text(pool: CardPool) -> str:
    lines = [pool.hero.name]
    for c, q, _s in pool.entries:
        colour = {1: "red", 2: "yellow", 3: "blue"}.get(c.pitch)
        lines.append(f"{q}x {c.name} ({colour})" if colour else f"{q}x {c.name}")
    return "\n".join(lines)


def main() -> None:
    t0 = time.perf_counter()
    db = load_reference_database(str(SHARED))
    print(f"card data {db.release}: {len(db)} cards loaded in {time.perf_counter() - t0:.2f} s")

    pools = build_pools(db, 1000)
    cc = next(p for p, f in pools if f == "cc")
    n_cards = sum(q for _c, q, _s in cc.entries)
    findings = check_pool(cc, "cc", as_of=AS_OF, db=db)
    print(
        f"80-card pool: hero {cc.hero.name}, {n_cards} cards, legal={is_legal(findings)}, "
        f"{len(findings)} findings"
    )

    check_pool(cc, "cc", as_of=AS_OF, db=db)  # warm-up
    samples = []
    for _ in range(2000):
        t = time.perf_counter()
        check_pool(cc, "cc", as_of=AS_OF, db=db)
        samples.append(time.perf_counter() - t)
    print(
        f"one 80-card pool: median {statistics.median(samples) * 1e6:.0f} us, "
        f"p95 {sorted(samples)[int(len(samples) * 0.95)] * 1e6:.0f} us over {len(samples)} runs"
    )

    runs = []
    for _ in range(5):
        t = time.perf_counter()
        legal = sum(is_legal(check_pool(p, f, as_of=AS_OF, db=db)) for p, f in pools)
        runs.append(time.perf_counter() - t)
    print(
        f"1,000 pools: best {min(runs) * 1000:.0f} ms, median {statistics.median(runs) * 1000:.0f} ms "
        f"over {len(runs)} runs ({legal} legal)"
    )

    each = []
    for p, f in pools:
        t = time.perf_counter()
        check_pool(p, f, as_of=AS_OF, db=db)
        each.append(time.perf_counter() - t)
    print(
        f"the same 1,000 pools timed one by one: median {statistics.median(each) * 1e6:.0f} us, "
        f"sum {sum(each) * 1000:.0f} ms"
    )

    text = pool_text(cc)
    t_samples = []
    for _ in range(200):
        t = time.perf_counter()
        entries, problems = resolve(parse_decklist(text), db)
        t_samples.append(time.perf_counter() - t)
    assert not problems, problems
    print(
        f"parse + resolve the text of one 80-card pool ({len(text.splitlines())} lines): "
        f"median {statistics.median(t_samples) * 1e6:.0f} us"
    )
    dated_pool_figures(db, cc)


def dated_pool_figures(old_db, cc: CardPool) -> None:
    from rules_engine.cards import CardDatabase
    from rules_engine.importers.fabcube_csv import parse_fabcube_csv
    from rules_engine.pool import build_pool
    from rules_engine.release_dates import set_dates_from_csv

    folder = SHARED / "data" / "fabcube-2026"
    if not (folder / "csvs" / "english" / "card.csv").is_file():
        print(f"dated pool: skipped ({folder} not found)")
        return
    t0 = time.perf_counter()
    csv = parse_fabcube_csv(folder, newer=[("upstream", p) for p in sorted(folder.glob("upstream-*"))])
    cards = build_pool(
        csv.cards,
        (),
        [list(old_db)],
        published=csv.published,
        release=csv.release,
        set_dates=set_dates_from_csv(folder / "csvs" / "english"),
    )
    db = CardDatabase(cards, release=f"pool of {csv.release}+{old_db.release}")
    print(f"dated pool {db.release}: {len(db)} cards built in {time.perf_counter() - t0:.2f} s")
    day = date(2026, 10, 1)
    pool = CardPool(
        hero=db.get(cc.hero.name, cc.hero.pitch) or cc.hero,
        entries=[(db.get(c.name, c.pitch) or c, q, s) for c, q, s in cc.entries],
    )
    findings = check_pool(pool, "cc", as_of=day, db=db)
    check_pool(pool, "cc", as_of=day, db=db)  # warm-up
    samples = []
    for _ in range(2000):
        t = time.perf_counter()
        check_pool(pool, "cc", as_of=day, db=db)
        samples.append(time.perf_counter() - t)
    print(
        f"one 80-card pool on the dated pool as of {day}: legal={is_legal(findings)}, median "
        f"{statistics.median(samples) * 1e6:.0f} us, p95 {sorted(samples)[int(len(samples) * 0.95)] * 1e6:.0f} us"
    )


if __name__ == "__main__":
    main()
