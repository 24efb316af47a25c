"""Property tests: whatever a record holds, a parser returns cards or raises CardImportError
naming the file and the record; it never fails with another exception."""

from __future__ import annotations

import functools
import json
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest
from django.conf import settings
from hypothesis import HealthCheck, given
from hypothesis import settings as hsettings
from hypothesis import strategies as st

from rules_engine.importers import CardImportError, parse_fabcube, parse_fabrary, parse_grand_archive
from tests.conftest import shared_or_stand_in

FABCUBE = Path(settings.SHARED_DIR) / "data" / "fabcube"
DUMP = Path(settings.BASE_DIR) / "tools" / "fabrary" / "dump.mjs"
PACKAGE = Path(settings.BASE_DIR) / "tools" / "fabrary" / "node_modules" / "@flesh-and-blood" / "cards"
GA = Path(settings.SHARED_DIR) / "data" / "ga" / "ga_cards_from_GrandArchiveOnline_2024-03.json"

JUNK = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-5, 50),
    st.text(max_size=6),
    st.just([]),
    st.just({}),
    st.lists(st.integers(0, 3), max_size=2),
    st.lists(st.text(max_size=4), max_size=2),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=1),
)


@functools.cache
def fabcube_sample() -> list:
    # The real data when present, else the invented stand-in (same layout).
    return json.loads((shared_or_stand_in("data", "fabcube") / "card.json").read_text())[:12]


@functools.cache
def fabrary_sample() -> list:
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "dump.json"
        subprocess.run(["node", str(DUMP), str(out)], check=True, capture_output=True, timeout=120)
        return json.loads(out.read_text())["cards"][:12]


@functools.cache
def ga_sample() -> list:
    path = GA if GA.is_file() else shared_or_stand_in("data", "ga") / "ga_cards_fixture.json"
    return json.loads(path.read_text())[:12]


def _mutations(sample_fn):
    @st.composite
    def build(draw):
        records = json.loads(json.dumps(sample_fn()))
        index = draw(st.integers(0, len(records) - 1))
        key = draw(st.sampled_from(sorted(records[index])))
        if draw(st.booleans()):
            records[index].pop(key)
        else:
            records[index][key] = draw(JUNK)
        return index, records

    return build()


def _assert_clean(err: CardImportError, file: Path, index: int) -> None:
    assert err.file == str(file)
    # Usually the mutated record; a clash (duplicate name) may name the other record.
    assert err.record.startswith(f"record {index}") or err.record.startswith("record ") or err.record == ""
    assert str(err).startswith(str(file))


@hsettings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_mutations(fabcube_sample))
def test_fabcube_parser_only_raises_card_import_error(case):
    index, records = case
    with tempfile.TemporaryDirectory() as tmp:
        d = Path(tmp)
        (d / "card.json").write_text(json.dumps(records))
        try:
            res = parse_fabcube(d)
        except CardImportError as err:
            _assert_clean(err, d / "card.json", index)
        else:
            assert len(res.cards) == len(records)


@hsettings(max_examples=60, deadline=None)
@given(_mutations(ga_sample))
def test_ga_parser_only_raises_card_import_error(case):
    index, records = case
    with tempfile.TemporaryDirectory() as tmp:
        f = Path(tmp) / "cards.json"
        f.write_text(json.dumps(records))
        try:
            res = parse_grand_archive(f)
        except CardImportError as err:
            _assert_clean(err, f, index)
        else:
            assert len(res.cards) == len(records)


@pytest.mark.skipif(
    not PACKAGE.is_dir() or shutil.which("node") is None,
    reason="npm package @flesh-and-blood/cards not installed (make card-package)",
)
@hsettings(max_examples=60, deadline=None)
@given(_mutations(fabrary_sample))
def test_fabrary_parser_only_raises_card_import_error(case):
    index, records = case
    with tempfile.TemporaryDirectory() as tmp:
        f = Path(tmp) / "dump.json"
        f.write_text(json.dumps({"version": "x", "cards": records}))
        try:
            res = parse_fabrary(f)
        except CardImportError as err:
            _assert_clean(err, f, index)
        else:
            assert len(res.cards) == len(records)
