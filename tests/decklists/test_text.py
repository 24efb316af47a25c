"""Input checks before parsing: every bad input gets a clear DomainError."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.errors import DomainError
from decklists.text import MAX_LINES, check_text, decode_upload, text_for_parser


@pytest.mark.parametrize(
    "text, code, words",
    [
        ("", "empty", "empty"),
        ("   \n\t\n  ", "empty", "empty"),
        ("3 Snatch (red)\n" * 10_000, "too_many_lines", "10,000 lines"),
        ("x" * 100_001, "too_long", "100,001 characters"),
        ("3 Snatch (red)\n\x00\x01\x02junk", "binary", "line 2"),
        ("\x89PNG\r\n\x1a\n\x00\x00", "binary", "control character"),
    ],
)
def test_check_text_refuses_bad_input_with_a_clear_error(text, code, words):
    with pytest.raises(DomainError) as info:
        check_text(text)
    assert info.value.code == code
    assert words in info.value.message


@pytest.mark.parametrize(
    "text", ["3 Snatch (red)", "3\tSnatch (red)\r\n", "Warrior\u2019s Valor (red)", "\n\n3x SNATCH (R)\n\n"]
)
def test_check_text_accepts_ordinary_lists(text):
    assert check_text(text) == text


def test_check_text_allows_exactly_max_lines():
    text = "\n".join(["1 Snatch (red)"] * MAX_LINES)
    assert check_text(text) == text


@pytest.mark.parametrize(
    "data, expected",
    [
        (b"3 Snatch (red)\n", "3 Snatch (red)\n"),
        ("\ufeff3 Snatch (red)".encode("utf-8"), "3 Snatch (red)"),
        ("3 Warrior\u2019s Valor (red)".encode("utf-16"), "3 Warrior\u2019s Valor (red)"),
        ("3 Warrior\u2019s Valor (red)".encode("cp1252"), "3 Warrior\u2019s Valor (red)"),
    ],
)
def test_decode_upload_reads_common_encodings(data, expected):
    assert decode_upload(data, filename="deck.txt") == expected


@pytest.mark.parametrize(
    "data, code",
    [
        (b"", "empty"),
        (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "binary"),
        (bytes(range(256)) * 3, "binary"),
        (b"x" * 200_001, "too_long"),
    ],
)
def test_decode_upload_refuses_binary_and_oversize_files(data, code):
    with pytest.raises(DomainError) as info:
        decode_upload(data, filename="deck.png")
    assert info.value.code == code
    assert "deck.png" in info.value.message


def test_text_for_parser_keeps_line_numbers():
    text = "a\tb\r\nc\u00a0d\re"
    assert text_for_parser(text) == "a b\nc d\ne"


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=400))
def test_decode_upload_never_raises_anything_but_domain_error(data):
    try:
        out = decode_upload(data)
    except DomainError as exc:
        assert exc.message
    else:
        assert isinstance(out, str) and "\x00" not in out


@pytest.mark.parametrize(
    "line, expected",
    [
        ("* 3 Snatch (red)", "3 Snatch (red)"),
        ("- 3 Snatch (red)", "3 Snatch (red)"),
        ("\u2022 Snatch (red) x3", "Snatch (red) x3"),
        ("-- comment", "-- comment"),
        ("3 Snatch (red)", "3 Snatch (red)"),
    ],
)
def test_text_for_parser_drops_markdown_bullets(line, expected):
    assert text_for_parser(line) == expected
