"""Card data archives: hostile members and compression bombs are refused before anything is
written outside the temporary folder, through ``import_cards`` and ``local_copy`` alike."""

from __future__ import annotations

import io
import tarfile
import tempfile
import zipfile
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from cards import services
from cards.archives import ArchiveLimits, unpack_archive
from cards.models import CardDataRelease
from core.models import GeneratedFile, GeneratedFileStatus
from rules_engine.importers import CardImportError


def _tar(path: Path, members: list[tarfile.TarInfo], data: dict[str, bytes] | None = None) -> Path:
    data = data or {}
    with tarfile.open(path, "w:gz") as tf:
        for info in members:
            content = data.get(info.name)
            if content is not None:
                info.size = len(content)
                tf.addfile(info, io.BytesIO(content))
            else:
                tf.addfile(info)
    return path


def _file(name: str) -> tarfile.TarInfo:
    info = tarfile.TarInfo(name)
    info.type = tarfile.REGTYPE
    return info


def _link(name: str, target: str, kind: bytes = tarfile.SYMTYPE) -> tarfile.TarInfo:
    info = tarfile.TarInfo(name)
    info.type = kind
    info.linkname = target
    return info


def _import(archive: Path) -> str:
    with pytest.raises(CommandError) as err:
        call_command("import_cards", "fabcube", str(archive), stdout=io.StringIO())
    return str(err.value)


@pytest.mark.django_db
def test_import_cards_refuses_a_tar_member_with_dotdot_and_writes_nothing_outside(tmp_path):
    # local_copy unpacks into TMPDIR/tmpXXXX/unpacked: ../../ is the system's temporary folder
    name = f"escaped-{tmp_path.name}.txt"
    archive = _tar(
        tmp_path / "cards.tar.gz",
        [_file("fab/card.json"), _file(f"../../{name}")],
        {"fab/card.json": b"[]", f"../../{name}": b"owned"},
    )
    message = _import(archive)
    assert f"'../../{name}' points outside the archive (..): refused" in message
    assert not (Path(tempfile.gettempdir()) / name).exists()
    assert CardDataRelease.objects.count() == 0


@pytest.mark.django_db
def test_import_cards_refuses_a_tar_member_with_an_absolute_path(tmp_path):
    target = tmp_path / "absolute.txt"
    archive = _tar(tmp_path / "cards.tar", [_file(str(target))], {str(target): b"owned"})
    message = _import(archive)
    assert "has an absolute path: refused" in message
    assert not target.exists()


@pytest.mark.parametrize(
    "member",
    [
        _link("fab/card.json", "/etc/passwd"),
        _link("fab/inside.json", "card.json"),  # even a link inside the folder
        _link("fab/hard.json", "/etc/passwd", tarfile.LNKTYPE),
        _link("fab/dev", "", tarfile.CHRTYPE),
    ],
    ids=["symlink-out", "symlink-in", "hardlink", "device"],
)
def test_unpack_refuses_tar_links_and_devices(tmp_path, member):
    archive = _tar(tmp_path / "cards.tar.gz", [member])
    with pytest.raises(CardImportError, match="is a link or device, not a regular file: refused"):
        unpack_archive(archive, tmp_path / "out")
    assert not (tmp_path / "out").exists()


def _zip(path: Path, entries: dict[str, bytes], *, symlink: str | None = None) -> Path:
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        for name, content in entries.items():
            zf.writestr(name, content)
        if symlink is not None:
            info = zipfile.ZipInfo(symlink)
            info.external_attr = (0o120777 << 16) | 0
            zf.writestr(info, "/etc/passwd")
    return path


@pytest.mark.django_db
def test_import_cards_refuses_a_zip_bomb_by_its_compression_ratio(tmp_path):
    archive = _zip(tmp_path / "bomb.zip", {"fab/card.json": b"\0" * 30_000_000})
    assert archive.stat().st_size < 100_000
    message = _import(archive)
    assert "unpacks to more than 100 times its size" in message and "compression bomb" in message
    assert CardDataRelease.objects.count() == 0
    job = GeneratedFile.objects.get(app_label="cards", kind="import")  # the import's job row says why
    assert job.status == GeneratedFileStatus.FAILED and "compression bomb" in job.error


def test_unpack_refuses_an_archive_above_the_total_size_or_member_limits(tmp_path):
    import os

    noise = os.urandom(400_000)  # incompressible: the ratio limit stays quiet
    archive = _zip(tmp_path / "big.zip", {"a.json": noise, "b.json": noise})
    with pytest.raises(CardImportError, match="unpacks to more than 500,000 bytes"):
        unpack_archive(archive, tmp_path / "out", limits=ArchiveLimits(max_bytes=500_000))
    with pytest.raises(CardImportError, match="more than 1 members"):
        unpack_archive(archive, tmp_path / "out", limits=ArchiveLimits(max_members=1))
    unpack_archive(archive, tmp_path / "ok")
    assert (tmp_path / "ok" / "b.json").read_bytes() == noise


@pytest.mark.parametrize(
    "name,expected",
    [
        ("../evil.json", "points outside"),
        ("/tmp/evil.json", "absolute path"),
        ("C:/evil.json", "absolute path"),
    ],
)
def test_unpack_refuses_zip_members_leaving_the_folder(tmp_path, name, expected):
    archive = _zip(tmp_path / "evil.zip", {name: b"{}"})
    with pytest.raises(CardImportError, match=expected):
        unpack_archive(archive, tmp_path / "out")
    assert not (tmp_path / "evil.json").exists()


def test_unpack_refuses_a_zip_symlink(tmp_path):
    archive = _zip(tmp_path / "link.zip", {"card.json": b"[]"}, symlink="fab/link.json")
    with pytest.raises(CardImportError, match="not a regular file or folder"):
        unpack_archive(archive, tmp_path / "out")


def test_local_copy_still_unpacks_an_honest_archive_with_one_top_folder(tmp_path):
    archive = _tar(
        tmp_path / "fab.tar.gz", [_file("top/json/english/card.json")], {"top/json/english/card.json": b"[]"}
    )
    with services.local_copy(archive) as folder:
        assert (Path(folder) / "json" / "english" / "card.json").read_bytes() == b"[]"


def test_a_corrupt_archive_is_a_named_error(tmp_path):
    archive = tmp_path / "broken.tar.gz"
    archive.write_bytes(b"\x1f\x8b\x08\x00 not really gzip")
    with pytest.raises(CardImportError, match="broken.tar.gz: cannot unpack archive"):
        unpack_archive(archive, tmp_path / "out")
