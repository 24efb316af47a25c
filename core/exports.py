"""The one CSV writer of the project: every CSV export goes through ``write_csv``.

Player names, penalty descriptions and decklist text are user input. A spreadsheet that
opens a CSV runs a cell starting with ``=``, ``+``, ``-`` or ``@`` (and, in some programs,
a tab or carriage return) as a formula, so such text cells get a leading apostrophe:
the spreadsheet then shows the text as typed instead of running it (OWASP "CSV injection").
Numbers are written as they are, so a negative tiebreaker stays a number.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Mapping, Sequence
from decimal import Decimal
from typing import Any

FORMULA_PREFIXES = ("=", "+", "-", "@", "\t", "\r")


def csv_cell(value: Any) -> Any:
    """``value`` made safe for a spreadsheet: text that would start a formula gets a leading ``'``.

    ``None`` stays empty, numbers and booleans are left alone, anything else is written as text.
    """
    if value is None or isinstance(value, (bool, int, float, Decimal)):
        return value
    text = str(value)
    return "'" + text if text.startswith(FORMULA_PREFIXES) else text


def write_csv(
    rows: Iterable[Mapping[str, Any]],
    columns: Sequence[str],
    *,
    ignore_extra: bool = False,
) -> str:
    """CSV text: a header row of ``columns``, then one line per row, every cell through ``csv_cell``.

    Keys of a row outside ``columns`` raise ``ValueError`` unless ``ignore_extra`` is set.
    """
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=list(columns), extrasaction="ignore" if ignore_extra else "raise")
    writer.writeheader()
    for row in rows:
        writer.writerow({key: csv_cell(value) for key, value in row.items()})
    return out.getvalue()
