"""One source of card facts for the phone page and the command line (issue 27): the event's
card-data release in the database; ``manage.py reconstruct --release`` reads the same facts and
defaults to the newest imported release."""

from __future__ import annotations

import dataclasses
import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from judging.models import Reconstruction
from judging.reconstruction import engine as recon_engine
from judging.reconstruction import services as recon_services
from judging.services import calls as call_services
from tests.decklists.conftest import card_db, fab_release, legal_cc_text  # noqa: F401 (fixtures)
from tests.judging.conftest import make_world

LINES = [
    "P1 plays Snatch targeting P2's hero",
    "all pass to the Defend Step; P2 declares no defending cards",
    "all pass through the Reaction and Damage Steps",
]


def _pinned_release(card_db):  # noqa: F811
    """A second release (imported later, not active) where Snatch has 7 power instead of 4."""
    from cards.services import import_release
    from rules_engine.importers import ImportResult

    snatch = [dataclasses.replace(c, power="7") for c in card_db if c.name == "Snatch"]
    release, _ = import_release(
        ImportResult(game="fab", source="fabrary-cards", version="pinned-test", cards=tuple(snatch)),
        activate=False,
    )
    return release


def _cli(args, capsys):
    call_command("reconstruct", *args)
    return capsys.readouterr()


@pytest.mark.django_db
def test_cli_and_site_read_the_same_card_facts(fab_release, card_db, tmp_path, capsys):  # noqa: F811
    w = make_world()
    pinned = _pinned_release(card_db)
    w.event.card_release = pinned
    w.event.save(update_fields=["card_release"])
    call = call_services.open_call(w.event, actor=w.fj, match=w.match)
    recon = recon_services.create_reconstruction(call, actor=w.fj)
    start = {**recon.start, "P1": {**recon.start["P1"], "hand": ["Snatch"]}}
    recon = recon_services.update_start(recon, actor=w.fj, start=start, expected_version=1)
    recon = recon_services.append_steps(recon, actor=w.fj, lines=LINES, expected_version=2)
    site = recon_engine.run(recon)
    # the site reads the event's pinned release: Snatch hits for 7
    assert recon_engine.event_lookup(w.event).get("Snatch").power == 7
    assert site.final_view()["P2"]["life"] == recon.start["P2"]["life"] - 7

    log = tmp_path / "dispute.yaml"
    log.write_text(json.dumps({"given": recon.start, "log": LINES}), encoding="utf-8")
    # the newest imported release is the default: the pinned one here, as on the event
    out = _cli(["replay", str(log), "--json"], capsys)
    assert f"card data: {pinned.label}" in out.err
    cli = json.loads(out.out)
    assert cli["steps"][-1]["state"]["P2"]["life"] == site.final_view()["P2"]["life"]
    # the active release by its label: Snatch's printed 4 power, as the site reads for an event
    # that pins nothing
    out = _cli(["--release", fab_release.label, "replay", str(log), "--json"], capsys)
    assert json.loads(out.out)["steps"][-1]["state"]["P2"]["life"] == recon.start["P2"]["life"] - 4
    w.event.card_release = None
    w.event.save(update_fields=["card_release"])
    recon = Reconstruction.objects.get(pk=recon.pk)
    assert recon_engine.run(recon).final_view()["P2"]["life"] == recon.start["P2"]["life"] - 4
    # by id too; the facts are the same objects' values on both sides
    out = _cli(["--release", str(pinned.pk), "replay", str(log), "--json"], capsys)
    assert json.loads(out.out)["steps"][-1]["state"]["P2"]["life"] == recon.start["P2"]["life"] - 7
    assert recon_engine.card_lookup(pinned).get("Snatch") == recon_engine.event_lookup(
        type("E", (), {"card_release_id": pinned.pk})()
    ).get("Snatch")


@pytest.mark.django_db
def test_cli_names_a_release_it_cannot_find():
    with pytest.raises(CommandError, match="no card data imported"):
        call_command("reconstruct", "replay", "x.txt")
    with pytest.raises(CommandError, match="no FaB card-data release 'nope@1'"):
        call_command("reconstruct", "--release", "nope@1", "replay", "x.txt")
