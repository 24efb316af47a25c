"""Unpacking a card data archive (.zip, .tar, .tar.gz) without trusting it.

An archive given to ``import_cards`` may come from a download. ``unpack_archive`` checks every
member before anything is written, and writes each one itself:

- only regular files and folders: a symbolic or hard link, a device or a FIFO is refused;
- a name must stay inside the folder: an absolute name, a drive letter or a ``..`` part is
  refused;
- at most ``max_members`` members, ``max_bytes`` bytes once unpacked (in all), and an
  unpacked size at most ``max_ratio`` times the archive's own size (a zip bomb).

Sizes are those the archive declares, and the copy stops at the declared size, so a member
that lies about its size cannot write more. Tar members are also extracted with Python's
``data`` filter as a second guard. Every refusal is a ``CardImportError`` naming the archive
and the member; nothing of a refused archive is left behind (the caller's temporary folder).
"""

from __future__ import annotations

import shutil
import tarfile
import zipfile
import zlib
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from django.conf import settings

from rules_engine.importers import CardImportError

ARCHIVE_SUFFIXES = (".zip", ".tar", ".tar.gz", ".tgz")


@dataclass(frozen=True)
class ArchiveLimits:
    max_members: int = 20_000
    max_bytes: int = 512 * 1024 * 1024
    max_ratio: int = 100

    @classmethod
    def from_settings(cls) -> ArchiveLimits:
        return cls(
            max_members=getattr(settings, "CARD_ARCHIVE_MAX_MEMBERS", cls.max_members),
            max_bytes=getattr(settings, "CARD_ARCHIVE_MAX_BYTES", cls.max_bytes),
            max_ratio=getattr(settings, "CARD_ARCHIVE_MAX_RATIO", cls.max_ratio),
        )


def _safe_name(name: str, archive: str) -> PurePosixPath:
    """The member's relative path, or a refusal when it could leave the target folder."""
    text = name.replace("\\", "/")
    path = PurePosixPath(text)
    if not text or path.is_absolute() or text.startswith("/") or (len(text) > 1 and text[1] == ":"):
        raise CardImportError(f"archive member {name!r} has an absolute path: refused", file=archive)
    if ".." in path.parts:
        raise CardImportError(
            f"archive member {name!r} points outside the archive (..): refused", file=archive
        )
    if "\x00" in text:
        raise CardImportError(f"archive member {name!r} has a NUL in its name: refused", file=archive)
    return path


class _Budget:
    def __init__(self, archive: Path, limits: ArchiveLimits) -> None:
        self.archive = str(archive)
        self.limits = limits
        self.packed = max(archive.stat().st_size, 1)
        self.members = 0
        self.total = 0

    def add(self, name: str, size: int) -> None:
        self.members += 1
        self.total += max(size, 0)
        if self.members > self.limits.max_members:
            raise CardImportError(
                f"archive has more than {self.limits.max_members:,} members: refused", file=self.archive
            )
        if self.total > self.limits.max_bytes:
            raise CardImportError(
                f"archive unpacks to more than {self.limits.max_bytes:,} bytes (at {name!r}): refused",
                file=self.archive,
            )
        # Small archives are let through: a ratio means little below a megabyte.
        if self.total > 1_000_000 and self.total > self.packed * self.limits.max_ratio:
            raise CardImportError(
                f"archive unpacks to more than {self.limits.max_ratio} times its size (at {name!r}): "
                "refused as a compression bomb",
                file=self.archive,
            )


def _copy(source, target: Path, size: int) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    with target.open("wb") as out:
        left = size
        while left > 0:
            chunk = source.read(min(left, 1 << 20))
            if not chunk:
                break
            out.write(chunk)
            left -= len(chunk)


def _unpack_zip(archive: Path, folder: Path, limits: ArchiveLimits) -> None:
    budget = _Budget(archive, limits)
    with zipfile.ZipFile(archive) as zf:
        infos = zf.infolist()
        plan = []
        for info in infos:
            path = _safe_name(info.filename, str(archive))
            mode = (info.external_attr >> 16) & 0o170000
            if mode not in (0, 0o100000, 0o040000):  # 0o120000 is a symbolic link
                raise CardImportError(
                    f"archive member {info.filename!r} is not a regular file or folder: refused",
                    file=str(archive),
                )
            budget.add(info.filename, 0 if info.is_dir() else info.file_size)
            plan.append((info, path))
        for info, path in plan:
            target = folder.joinpath(*path.parts)
            if info.is_dir():
                target.mkdir(parents=True, exist_ok=True)
                continue
            with zf.open(info) as source:
                _copy(source, target, info.file_size)


def _unpack_tar(archive: Path, folder: Path, limits: ArchiveLimits) -> None:
    budget = _Budget(archive, limits)
    with tarfile.open(archive) as tf:
        members = []
        for member in tf:  # streamed: a bomb is refused before it is all decompressed
            _safe_name(member.name, str(archive))
            if not (member.isfile() or member.isdir()):
                raise CardImportError(
                    f"archive member {member.name!r} is a link or device, not a regular file: refused",
                    file=str(archive),
                )
            budget.add(member.name, member.size if member.isfile() else 0)
            members.append(member)
        tf.extractall(folder, members=members, filter="data")


def unpack_archive(archive: Path, folder: Path, *, limits: ArchiveLimits | None = None) -> None:
    """Unpack ``archive`` into ``folder`` (created), refusing what the module doc lists.

    Raises ``CardImportError`` naming the archive (and the member) for an unsafe or
    unreadable archive; whatever was written to ``folder`` is removed then."""
    limits = limits or ArchiveLimits.from_settings()
    folder.mkdir(parents=True, exist_ok=True)
    try:
        if archive.name.endswith(".zip"):
            _unpack_zip(archive, folder, limits)
        elif archive.name.endswith(ARCHIVE_SUFFIXES):
            _unpack_tar(archive, folder, limits)
        else:
            raise CardImportError("not a .zip, .tar, .tar.gz or .tgz archive", file=str(archive))
    except CardImportError:
        shutil.rmtree(folder, ignore_errors=True)
        raise
    except (OSError, EOFError, ValueError, zlib.error, zipfile.BadZipFile, tarfile.TarError) as exc:
        shutil.rmtree(folder, ignore_errors=True)
        raise CardImportError(f"cannot unpack archive ({exc})", file=str(archive)) from None
