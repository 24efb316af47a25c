"""An event moves between installations: export, remove everything, import, compare every row."""

from __future__ import annotations

import io
import json
from datetime import date, timedelta
from pathlib import Path

import pytest
from django.apps import apps
from django.conf import settings as django_settings
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command
from django.utils import timezone

from core.audit import record_audit
from core.models import AuditEntry
from decklists.models import Decklist, DecklistPolicy
from judging.models import DeckCheck, FloorZone, JudgeCall, Penalty, Reconstruction
from mirror.models import MirrorImport, SourceMatch, SourcePlayer, SourceStanding
from tests.factories import (
    EventDayFactory,
    MatchExtensionFactory,
    MatchReportFactory,
    UserFactory,
)
from tests.factories.cards import CardDataReleaseFactory
from tests.judging.conftest import make_world
from tournament.models import Event, FeatureTable, KeepApart, PlayerProfile, Pod, PodSeat, TeamInvitation
from transfer import services

pytestmark = pytest.mark.django_db

#: Every model of the project is either carried in an event file (found by following keys from
#: the event), matched on import, or is not event data: a new model must be classified here.
NOT_EVENT_DATA = {
    "cards.cardrecord": "card data, imported from its sources on each installation",
    "cards.recordedstatus": "card statuses recorded for the whole site",
    "cards.formatrulechange": "format rule changes recorded for the whole site",
    "reference.rulesdocument": "rules documents, imported on each installation",
    "reference.rule": "rules documents",
    "reference.glossaryterm": "rules documents",
    "core.generatedfile": "caches",
    "core.accountpreferences": "an account's own settings (its language), kept by its installation",
    "accounts.playeridclaim": "a player's account request, kept by the installation where it was made",
    "tournament.staffinvitation": "an invitation link is a secret of the site that made it",
    "notifications.subscription": "a phone's push subscription is bound to the site's push key",
    "notifications.notice": "the clock watcher's once-only notices, of the site that sent them",
}


def project_apps() -> set[str]:
    """The apps of this repository (any app added later included), not Django's or a library's."""
    return {
        config.label
        for config in apps.get_app_configs()
        if Path(config.path).resolve().is_relative_to(Path(django_settings.BASE_DIR).resolve())
        and "site-packages" not in Path(config.path).parts  # a virtualenv inside the checkout
    }


def build_event():
    """A small event with a row in every model an event file carries, most fields set."""
    w = make_world()
    now = timezone.now().replace(microsecond=123456)
    w.event.card_release = CardDataReleaseFactory(version="rt-1")
    w.event.venue = "Back room ✓"
    w.event.save()
    EventDayFactory(event=w.event, number=1, date=date(2026, 3, 7), rel="competitive", swiss_rounds=5)
    w.match.reported_by = w.alice
    w.match.result = "a_wins"
    w.match.games_a = 2
    w.match.reported_at = now
    w.match.save()
    MatchReportFactory(match=w.match, registration=w.alice, result="a_wins", games_a=2)
    MatchExtensionFactory(match=w.match, seconds=180, issued_by=w.fj, reason="call at table 1")
    low, high = sorted((w.alice, w.bob), key=lambda r: r.pk)
    KeepApart.objects.create(event=w.event, first=low, second=high, reason="siblings ✓", created_by=w.to)
    FeatureTable.objects.create(event=w.event, table_number=1, name="Feature table ✓")
    zone = FloorZone.objects.create(event=w.event, name="Zone A ✓", tables=[[1, 4], [9, 9]], feature=True)
    zone.judges.set([w.fj, w.hj])
    w.alice.coverage_opt_out = True
    w.alice.save(update_fields=["coverage_opt_out"])
    pod = Pod.objects.create(
        round=w.round, number=7, report_status="reported", reported_by=w.alice, reported_at=now
    )
    PodSeat.objects.create(pod=pod, registration=w.alice, seat=1, place=1, confirmed=True)
    TeamInvitation.objects.create(
        event=w.event, team_name="Rhinos", position="a", player_id="99887766", invited_by=w.to
    )
    Decklist.objects.create(
        registration=w.alice,
        raw_text="Hero: somebody\n3x something",
        hero="somebody",
        cards=[{"name": "something", "count": 3}],
        findings=[{"rule": "1.1", "message": "fine"}],
        is_legal=True,
        accepted_by=w.hj,
        accepted_at=now,
        registered_by=w.to,
    )
    DecklistPolicy.objects.create(event=w.event, deadline=now + timedelta(hours=1), published_by=w.hj)
    call = JudgeCall.objects.create(
        event=w.event, match=w.match, table_number=1, question="Can I block?", opened_at=now, opened_by=w.fj
    )
    check = DeckCheck.objects.create(
        event=w.event, round=w.round, match=w.match, registration=w.bob, judge=w.fj, counts={"deck": 60}
    )
    Penalty.objects.create(
        event=w.event,
        registration=w.bob,
        match=w.match,
        call=call,
        deck_check=check,
        infraction="gpe_game_rule",
        category="GPE",
        rule="3.1",
        rel="competitive",
        recommended="warning",
        penalty="warning",
        issued_at=now,
        issued_by=w.fj,
    )
    Reconstruction.objects.create(call=call, title="turn 3", lines=["attack", "block"], created_by=w.fj)
    # A mirrored event (GEM / Omnidex) carries what its source said.
    w.event.mirror_source = "gem"
    w.event.mirror_source_id = "GEM-123"
    w.event.save()
    MirrorImport.objects.create(
        event=w.event, source="gem", files=["pairings.csv"], changes=["round 1"], notes=[], imported_by=w.to
    )
    SourcePlayer.objects.create(registration=w.alice, source_id="12345678", name="Ålice", hero="Dorinthea")
    SourceMatch.objects.create(match=w.match, result="1WIN")
    SourceStanding.objects.create(
        event=w.event,
        round_number=1,
        registration=w.alice,
        rank=1,
        wins=1,
        points=3,
        omw=0.5,
        gw=1.0,
        ogw=0.4,
    )
    record_audit(
        w.match,
        actor=w.sk,
        action="match.result",
        before={"result": "pending"},
        after={"r": 1},
        event_id=w.event.pk,
    )
    record_audit(
        w.event, actor=w.to, action="event.changed", after={"venue": "Back room"}, event_id=w.event.pk
    )
    return w


def snapshot(model, pk) -> dict:
    obj = model._base_manager.get(pk=pk)
    return {
        (f.attname if f.is_relation else f.name): f.value_from_object(obj)
        for f in model._meta.concrete_fields
        if not f.primary_key
    }


def test_every_project_model_is_carried_matched_or_not_event_data():
    carried = {m._meta.label_lower for m in services.event_models()}
    ours = project_apps()
    assert {"core", "cards", "tournament", "decklists", "judging", "reference", "transfer"} <= ours
    for model in apps.get_models():
        label = model._meta.label_lower
        if model._meta.app_label not in ours:
            continue
        assert label in carried or label in services.MATCHED or label in NOT_EVENT_DATA, (
            f"{label} is not classified: does it belong to an event? (transfer.services)"
        )
    for label in (
        "tournament.registration",
        "tournament.match",
        "decklists.decklist",
        "judging.judgecall",
        "judging.penalty",
        "judging.deckcheck",
        "judging.reconstruction",
        "core.auditentry",
    ):
        assert label in carried


def test_round_trip_keeps_every_field_of_every_row():
    w = build_event()
    rows = services.collect_rows(w.event)
    empty = [m._meta.label for m, pks in rows.items() if not pks]
    assert not empty, f"the test event has no row of {empty}: add one to build_event()"
    before = {m: {pk: snapshot(m, pk) for pk in pks} for m, pks in rows.items()}
    text = services.dumps(services.export_event(w.event))

    # The other installation: none of the event's rows; Bob and the floor judge are unknown
    # there, Alice's profile and the other staff accounts exist (matched by player ID / name).
    alice_player_id = w.alice.player.player_id
    bob_player_id = w.bob.player.player_id
    services.delete_event_rows(w.event)
    PlayerProfile.objects.filter(player_id=bob_player_id).delete()
    get_user_model().objects.filter(pk=w.fj.pk).delete()
    assert not Event.objects.filter(slug=w.event.slug).exists()

    summary = services.import_event(services.loads(text))
    pk_map = summary.pk_map
    assert summary.profiles_matched == 1 and summary.profiles_created == 1
    assert (
        PlayerProfile.objects.get(player_id=alice_player_id).pk
        == pk_map[("tournament.playerprofile", w.alice.player.pk)]
    )
    new_bob = PlayerProfile.objects.get(player_id=bob_player_id)
    assert new_bob.display_name == "Bob"
    new_fj = get_user_model().objects.get(pk=pk_map[("auth.user", w.fj.pk)])
    assert new_fj.username == w.fj.username and new_fj.has_usable_password()  # the reset reaches them

    for model, old_rows in before.items():
        label = model._meta.label_lower
        relations = {f.attname: f for f in model._meta.concrete_fields if f.is_relation}
        for old_pk, old in old_rows.items():
            new_pk = pk_map[(label, old_pk)]
            expected = dict(old)
            for attname, f in relations.items():
                if expected[attname] is not None:
                    expected[attname] = pk_map[(f.related_model._meta.label_lower, expected[attname])]
            if model is AuditEntry:
                expected["event_id"] = pk_map[("tournament.event", old["event_id"])]
                ct_model = apps.get_model(*model._base_manager.get(pk=new_pk).content_type.natural_key())
                expected["object_id"] = str(pk_map[(ct_model._meta.label_lower, int(old["object_id"]))])
            assert snapshot(model, new_pk) == expected, f"{label} {old_pk} changed on the way"
    after = services.collect_rows(Event.objects.get(slug=w.event.slug))
    for model, pks in rows.items():
        extra = 1 if model is AuditEntry else 0  # the import's own entry
        assert len(after[model]) == len(pks) + extra, model._meta.label


def test_import_refuses_an_existing_event_unless_replaced_or_renamed(tmp_path):
    w = build_event()
    path = tmp_path / "event.json"
    call_command("export_event", w.event.slug, "-o", str(path), stdout=io.StringIO())
    assert json.loads(path.read_text())["format"] == "arbiter-event"
    with pytest.raises(CommandError, match="--replace"):
        call_command("import_event", str(path), stdout=io.StringIO())
    out = io.StringIO()
    call_command("import_event", str(path), "--slug", "copy", stdout=out)
    assert "player profiles: 2 matched by player ID, 0 new" in out.getvalue()
    copy = Event.objects.get(slug="copy")
    assert copy.registrations.count() == 2 and copy.penalties.count() == 1
    # the original stays the one that GEM re-imports update; the copy says so and is unlinked
    assert "already mirrored here by" in out.getvalue()
    assert (copy.mirror_source, copy.mirror_source_id) == ("gem", "")
    call_command("import_event", str(path), "--slug", "copy2", stdout=io.StringIO())
    assert Event.objects.get(slug="copy2").mirror_source_id == ""
    old_pk = w.event.pk
    call_command("import_event", str(path), "--replace", stdout=io.StringIO())
    replaced = Event.objects.get(slug=w.event.slug)
    assert replaced.pk != old_pk
    assert replaced.rounds.get().matches.get().reports.count() == 1
    assert Event.objects.count() == 3


def test_unreadable_and_newer_files_are_refused():
    with pytest.raises(services.TransferError, match="not an event file"):
        services.loads("{}")
    with pytest.raises(services.TransferError, match="newer"):
        services.loads(json.dumps({"format": "arbiter-event", "version": services.FORMAT_VERSION + 1}))


def test_missing_card_release_is_reported_not_invented():
    w = build_event()
    document = json.loads(services.dumps(services.export_event(w.event)))
    document["card_releases"][0]["version"] = "not-here"
    summary = services.import_event(document, slug="elsewhere")
    assert summary.event.card_release is None
    assert any("not-here" in line for line in summary.describe())


def test_a_player_known_by_another_username_is_matched_by_player_id():
    w = build_event()
    laptop_user = UserFactory(username="alice-laptop")
    w.alice.player.user = laptop_user
    w.alice.player.save()
    Decklist.objects.filter(registration=w.alice).update(registered_by=laptop_user)
    document = json.loads(services.dumps(services.export_event(w.event)))
    player_id = w.alice.player.player_id
    services.delete_event_rows(w.event)
    laptop_user.delete()
    server_user = UserFactory(username="alice-on-the-server")
    PlayerProfile.objects.create(player_id=player_id, display_name="Alice", user=server_user)
    summary = services.import_event(document)
    reg = summary.event.registrations.get(player__player_id=player_id)
    assert reg.player.user == server_user
    assert Decklist.objects.get(registration=reg).registered_by == server_user
    assert not get_user_model().objects.filter(username="alice-laptop").exists()


def test_staff_page_links_the_event_file_for_the_organizer_only(client):
    w = build_event()
    client.force_login(w.to)
    staff = client.get(f"/events/{w.event.slug}/staff/")
    assert f"/transfer/{w.event.slug}/event-file/" in staff.content.decode()
    answer = client.get(f"/transfer/{w.event.slug}/event-file/")
    assert answer.status_code == 200
    assert "attachment" in answer["Content-Disposition"]
    document = services.loads(answer.content)
    assert len(document["rows"]["judging.penalty"]) == 1
    client.force_login(w.sk)
    assert client.get(f"/transfer/{w.event.slug}/event-file/").status_code == 403
    client.logout()
    assert client.get(f"/transfer/{w.event.slug}/event-file/").status_code == 302
