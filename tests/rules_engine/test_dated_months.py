"""Silver Age and Classic Constructed lists for every month from 2025-10 to 2026-11, written from
the real the-fab-cube data of ../shared/data/fabcube-2026 (cards through OMN, AZS, MPW and DDD,
ban lists to 2026-09-18) and judged as of the 15th of the month.

Each month's list is built from the data: a hero the dated lists allow that day, and deck cards
of the hero's class or generic, printed at a Silver Age rarity (for Silver Age), released by that
day and not banned then; the newest card released by that day that fits is always included, so
the per-card pool is exercised. Each legal list is then mutated (a copy too many, an off-class
card, too few cards, a card not yet released, a benched hero): each mutation is illegal with its
own finding. Skips only when the real data is absent."""

from __future__ import annotations

from datetime import date
from functools import cache

import pytest

from rules_engine.cards import Card, CardDatabase
from rules_engine.formats import SILVER_AGE_RARITIES
from rules_engine.importers.fabcube_csv import parse_fabcube_csv
from rules_engine.legality import CardPool, check_pool
from tests.conftest import shared_path

MONTHS = [date(2025 + (m > 12), (m - 1) % 12 + 1, 15) for m in range(10, 24)]  # 2025-10 .. 2026-11


@cache
def pool_db() -> CardDatabase:
    folder = shared_path("data", "fabcube-2026")
    result = parse_fabcube_csv(folder, newer=[("upstream 9cb9723", folder / "upstream-9cb9723")])
    return CardDatabase(result.cards, release=result.release)


def errors(findings) -> list[str]:
    return sorted({f.code for f in findings if f.is_error})


def _plain(card: Card) -> bool:
    """A card with no rule of its own that would need the hero's help (no specialization,
    legendary, unlimited, mentor, ephemeral or hero-only text), so the test list stays plain."""
    return (
        card.is_deck_card
        and not card.specializations
        and not card.legendary
        and not card.keywords & {"Unlimited", "Ephemeral", "Specialization", "Legendary"}
        and "Mentor" not in card.types
        and not card.hybrid_class_sets
        and not card.metatypes
        and card.pitch in (1, 2, 3)
        and "Pit-Fighter" not in card.subtypes
    )


def _fits(card: Card, hero: Card, fmt: str, day: date) -> bool:
    if not (_plain(card) and card.released is not None and card.released <= day):
        return False
    if not card.classes <= hero.classes or not card.talents <= hero.talents:
        return False
    if card.statuses_on(fmt, day):
        return False
    return fmt != "sage" or bool(card.rarities & SILVER_AGE_RARITIES)


def hero_for(fmt: str, day: date) -> Card:
    """The first hero (by name) of a one-class hero line the dated lists allow on ``day``."""
    db = pool_db()
    young = fmt == "sage"
    for card in sorted(db.heroes(), key=lambda c: c.name):
        if card.young != young or len(card.classes) != 1 or card.talents or card.metatypes:
            continue
        if not card.released_on(day) or card.statuses_on(fmt, day) or card.functional_text.count("\n") > 2:
            continue
        if fmt == "cc" and (card.statuses_on("cc", day) or "living_legend" in card.statuses_on("cc", day)):
            continue
        if len([c for c in db if _fits(c, card, fmt, day)]) >= 40:
            return card
    raise AssertionError(f"no hero for {fmt} on {day}")


def legal_list(fmt: str, day: date) -> CardPool:
    db = pool_db()
    hero = hero_for(fmt, day)
    fitting = sorted((c for c in db if _fits(c, hero, fmt, day)), key=lambda c: (c.released, c.name, c.pitch))
    newest = fitting[-1]
    chosen = [newest] + [c for c in fitting[:-1] if c.key != newest.key][: (19 if fmt == "sage" else 19)]
    copies = 2 if fmt == "sage" else 3
    return CardPool(hero=hero, entries=[(c, copies, "deck") for c in chosen])


@pytest.mark.parametrize("day", MONTHS, ids=[d.strftime("%Y-%m") for d in MONTHS])
@pytest.mark.parametrize("fmt", ["sage", "cc"])
def test_list_written_from_the_data_is_legal_that_month_and_mutations_are_not(fmt, day):
    db = pool_db()
    pool = legal_list(fmt, day)
    assert errors(check_pool(pool, fmt, as_of=day, db=db)) == []
    hero, entries = pool.hero, pool.entries
    copies = entries[0][1]
    # one copy too many of one card (TR&P 7.1 / the Silver Age copy limit)
    too_many = CardPool(hero=hero, entries=[(entries[0][0], copies + 1, "deck"), *entries[1:]])
    assert "COPY_LIMIT" in errors(check_pool(too_many, fmt, as_of=day, db=db))
    # an off-class card (CR 1.1.3)
    other = next(
        c
        for c in db
        if _plain(c) and c.classes and not c.classes & hero.classes and c.released_on(day) and not c.talents
    )
    off_class = CardPool(hero=hero, entries=[*entries[:-1], (other, copies, "deck")])
    assert "SUPERTYPE" in errors(check_pool(off_class, fmt, as_of=day, db=db))
    # too few cards
    short = CardPool(hero=hero, entries=entries[:5])
    assert "DECK_SIZE" in errors(check_pool(short, fmt, as_of=day, db=db))


# The newest set of the data is DDD (2026-08-07): later months have no card still to come.
BEFORE_LAST_SET = [d for d in MONTHS if d < date(2026, 8, 7)]


@pytest.mark.parametrize("day", BEFORE_LAST_SET, ids=[d.strftime("%Y-%m") for d in BEFORE_LAST_SET])
def test_card_released_after_the_month_is_not_yet_released(day):
    db = pool_db()
    pool = legal_list("sage", day)
    later = min(
        (
            c
            for c in db
            if _plain(c) and c.released is not None and c.released > day and not c.legality_history
        ),
        key=lambda c: c.released,
    )
    mutated = CardPool(hero=pool.hero, entries=[*pool.entries[:-1], (later, 2, "deck")])
    findings = check_pool(mutated, "sage", as_of=day, db=db)
    assert "NOT_YET_RELEASED" in errors(findings)
    (f,) = [f for f in findings if f.code == "NOT_YET_RELEASED"]
    assert f"is not released until {later.released.isoformat()} ({later.released_in})" in f.message


# Chane in Silver Age: banned 2026-02-06, back 2026-05-29, benched again 2026-09-18 (ban list rows
# of upstream 9cb9723); Kayo benched 2026-05-29 to 2026-09-18.
BENCHED = {
    "Chane": lambda d: date(2026, 2, 6) <= d < date(2026, 5, 29) or d >= date(2026, 9, 18),
    "Kayo": lambda d: date(2026, 5, 29) <= d < date(2026, 9, 18),
}


@pytest.mark.parametrize("day", MONTHS, ids=[d.strftime("%Y-%m") for d in MONTHS])
@pytest.mark.parametrize("name", sorted(BENCHED))
def test_benched_hero_makes_the_whole_list_illegal_naming_hero_and_date(name, day):
    db = pool_db()
    hero = db.get(name)
    assert hero is not None and hero.young
    fitting = [c for c in db if _fits(c, hero, "sage", day)][:20]
    findings = check_pool(
        CardPool(hero=hero, entries=[(c, 2, "deck") for c in fitting]), "sage", as_of=day, db=db
    )
    benched = [f for f in findings if f.code == "HERO_BANNED"]
    if BENCHED[name](day):
        (f,) = benched
        start = next(ev.start for ev in f.statuses)
        assert f.message.startswith(
            f"{name} is benched (banned) in Silver Age on {day.isoformat()} (since {start}"
        )
        assert "scheduled-banned-and-restricted-announcement" in f.statuses[0].source
    else:
        assert benched == []
    assert errors(findings) == (["HERO_BANNED"] if BENCHED[name](day) else [])


@pytest.mark.parametrize(
    ("name", "pitch", "day", "banned"),
    [
        ("Remembrance", 2, date(2026, 7, 5), False),
        ("Remembrance", 2, date(2026, 7, 6), True),  # banned in CC from 2026-07-06
        ("Brand with Cinderclaw", 1, date(2026, 9, 17), True),
        ("Brand with Cinderclaw", 1, date(2026, 9, 18), False),  # unbanned 2026-09-18
        ("Entwine Lightning", 1, date(2026, 9, 18), True),
    ],
)
def test_classic_constructed_bans_and_unbans_of_2026(name, pitch, day, banned):
    card = pool_db().get(name, pitch)
    assert card is not None
    assert ("banned" in card.statuses_on("cc", day)) is banned


# --- the examples, as pasted decklist text -----------------------------------------------


def pasted(hero: str, named: list[tuple[int, str]], day: date, fmt: str = "sage") -> str:
    """A list as a player pastes it: the hero, the named cards, then plain cards of the hero's
    class or generic (from the data) up to 40 cards."""
    from rules_engine.decklist_text import parse_decklist, resolve

    db = pool_db()
    h = db.get(hero)
    lines = [hero, *[f"{q} {n}" for q, n in named]]
    have = sum(q for q, _n in named)
    taken = {n.split(" (")[0] for _q, n in named}
    for card in sorted((c for c in db if _fits(c, h, fmt, day)), key=lambda c: (c.name, c.pitch)):
        if have >= 40:
            break
        if card.name in taken:
            continue
        lines.append(f"2 {card.display_name}")
        have += 2
    text = "\n".join(lines)
    entries, problems = resolve(parse_decklist(text), db)
    assert problems == [], problems  # every name is known: none is "no card named"
    return text


def judged(text: str, fmt: str, day: date) -> list[str]:
    from rules_engine.decklist_text import parse_decklist, resolve

    entries, _ = resolve(parse_decklist(text), pool_db())
    return errors(check_pool(CardPool(hero=None, entries=entries), fmt, as_of=day, db=pool_db()))


def test_december_2025_chane_silver_age_list_with_a_super_slam_card():
    day = date(2025, 12, 13)
    text = pasted("Chane", [(2, "Right Behind You (red)"), (2, "Right Behind You (blue)")], day)
    assert judged(text, "sage", day) == []
    assert judged(text, "sage", date(2025, 9, 20)) == ["NOT_YET_RELEASED"]  # Super Slam: 2025-09-26
    assert judged(text, "sage", date(2026, 3, 1)) == ["HERO_BANNED"]  # benched from 2026-02-06


def test_2026_silver_age_brute_list_with_super_slam_cards():
    day = date(2026, 4, 11)
    named = [(2, "Chest Puff (red)"), (2, "Look Tuff (red)"), (2, "Buckwild (red)"), (2, "Buckwild (blue)")]
    text = pasted("Rhinar", named, day)
    assert judged(text, "sage", day) == []
