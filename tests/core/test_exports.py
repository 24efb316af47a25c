"""The one CSV writer: header, rows, and the formula-injection guard on every text cell."""

from __future__ import annotations

import csv
import io
from decimal import Decimal

import pytest

from core.exports import csv_cell, write_csv


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ('=HYPERLINK("http://evil.example","x")', '\'=HYPERLINK("http://evil.example","x")'),
        ("+1+1", "'+1+1"),
        ("-2+3", "'-2+3"),
        ("@SUM(A1)", "'@SUM(A1)"),
        ("\t=1", "'\t=1"),
        ("\r=1", "'\r=1"),
        ("Ada Lovelace", "Ada Lovelace"),
        ("a=b", "a=b"),
        ("", ""),
        (None, None),
        (-3, -3),
        (1.5, 1.5),
        (Decimal("-0.25"), Decimal("-0.25")),
        (True, True),
    ],
)
def test_csv_cell_escapes_only_text_that_starts_a_formula(value, expected):
    assert csv_cell(value) == expected


def test_write_csv_writes_header_and_escaped_rows():
    text = write_csv([{"name": "=1+1", "points": -3}, {"name": "Bo", "points": None}], ["name", "points"])
    assert list(csv.reader(io.StringIO(text))) == [["name", "points"], ["'=1+1", "-3"], ["Bo", ""]]


def test_write_csv_refuses_unknown_keys_unless_told():
    with pytest.raises(ValueError):
        write_csv([{"name": "x", "extra": 1}], ["name"])
    assert write_csv([{"name": "x", "extra": 1}], ["name"], ignore_extra=True).splitlines() == ["name", "x"]
