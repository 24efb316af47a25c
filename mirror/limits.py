"""How much one mirror import may hold, checked before anything is read or written.

A real event is at most a few thousand players over some fifteen rounds; the limits leave
room for that and refuse what is not an event (an upload of 160,000 players would tie up a
worker for minutes and make the event's pages unusable). Each limit is a setting
(``MIRROR_MAX_*``); refusals are ``DomainError`` naming the limit, the file or what is counted.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.conf import settings
from django.utils.translation import gettext as _

from core.errors import DomainError

from .parsers import ParsedEvent


@dataclass(frozen=True)
class MirrorLimits:
    max_files: int = 40
    max_file_bytes: int = 5_000_000
    max_total_bytes: int = 10_000_000
    max_lines: int = 100_000  # lines of all files and the pasted text together
    max_players: int = 5_000
    max_matches: int = 50_000
    max_standings: int = 100_000
    max_rounds: int = 40  # the highest round number (Swiss and top cut)
    max_decklists: int = 5_000

    @classmethod
    def from_settings(cls) -> MirrorLimits:
        names = cls.__dataclass_fields__
        return cls(
            **{name: getattr(settings, f"MIRROR_{name.upper()}", getattr(cls, name)) for name in names}
        )


def _too_many(what: str, limit: int, field: str = "files") -> DomainError:
    return DomainError(
        _("more %(what)s than a real event has (at most %(limit)s): nothing was imported")
        % {"what": what, "limit": format(limit, ",")},
        code="too_large",
        field=field,
    )


def check_submission(
    files: Sequence[tuple[str, bytes | str]], text: str = "", *, limits: MirrorLimits | None = None
) -> None:
    """Refuse, before reading them, files too many, too large or with too many lines."""
    limits = limits or MirrorLimits.from_settings()
    if len(files) > limits.max_files:
        raise DomainError(
            _("at most %(max_files)s files at once") % {"max_files": limits.max_files},
            code="too_large",
            field="files",
        )
    total = len(text.encode("utf-8", "surrogatepass")) if text else 0
    lines = text.count("\n") + 1 if text else 0
    for name, content in files:
        size = len(content.encode("utf-8", "surrogatepass") if isinstance(content, str) else content)
        if size > limits.max_file_bytes:
            raise DomainError(
                _("%(name)s is larger than %(value)s MB")
                % {"name": name, "value": format(limits.max_file_bytes / 1_000_000, "g")},
                code="too_large",
                field="files",
            )
        total += size
        lines += (content.count("\n") if isinstance(content, str) else content.count(b"\n")) + 1
    if total > limits.max_total_bytes:
        raise DomainError(
            _("the files are larger than %(value)s MB together")
            % {"value": format(limits.max_total_bytes / 1_000_000, "g")},
            code="too_large",
            field="files",
        )
    if lines > limits.max_lines:
        raise _too_many("lines", limits.max_lines)


def check_parsed(parsed: ParsedEvent, *, limits: MirrorLimits | None = None) -> None:
    """Refuse what was read when it holds more players, matches, standings rows, rounds or
    decklists than a real event."""
    limits = limits or MirrorLimits.from_settings()
    if len(parsed.players) > limits.max_players:
        raise _too_many("players", limits.max_players)
    if len(parsed.matches) > limits.max_matches:
        raise _too_many("matches", limits.max_matches)
    if len(parsed.standings) > limits.max_standings:
        raise _too_many("standings rows", limits.max_standings)
    if len(parsed.decklists) > limits.max_decklists:
        raise _too_many("decklists", limits.max_decklists)
    rounds = [m.round for m in parsed.matches] + [s.round for s in parsed.standings if s.round is not None]
    if rounds and (max(rounds) > limits.max_rounds or min(rounds) < 1):
        raise DomainError(
            _("a round number outside 1 to %(max_rounds)s: nothing was imported")
            % {"max_rounds": limits.max_rounds},
            code="too_large",
            field="files",
        )
