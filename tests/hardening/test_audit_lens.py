"""Issue 35, item 3: the audit trail is read through the same lens as the objects it copies.

One event holds an entry of every kind the event's trail records (the event, its staff, a
round, a match, a registration, a judge call, a penalty, a planned and finished deck check, a
reconstruction with hidden cards, a decklist and the decklist policy). Every role reads the
event audit API; every entry it is shown must be about an object the role reads through that
object's own endpoint, and every text in the entry's before/after must be in that endpoint's
answer. The entries a role reads no object of must be missing, not merely empty.
"""

from __future__ import annotations

import re
from datetime import timedelta
from pathlib import Path

import pytest
from django.contrib.contenttypes.models import ContentType
from django.utils import timezone
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from core.audit import audit_policies
from core.models import AuditEntry
from decklists import services as decklist_services
from judging.reconstruction import services as recon_services
from judging.services import calls as call_services
from judging.services import deck_checks as deck_check_services
from judging.services import penalties as penalty_services
from rules_engine.cards import CardDatabase
from tests.factories import PlayerProfileFactory, UserFactory
from tournament import services
from tournament.enums import StaffRole

pytestmark = pytest.mark.django_db

ROLES = [
    "organizer",
    "head_judge",
    "appeals_judge",
    "floor_judge",
    "scorekeeper",
    "player",
    "outsider",
    "anonymous",
]

SECRET_HAND = "Secret Hand Card"
SECRET_RULING = "the ruling only judges read"
START = {
    "turn": "P1",
    "phase": "action",
    "P1": {"life": 20, "hand": [{"name": "Open Card", "type": "action", "pitch": 1}], "hand_size": 4},
    "P2": {"life": 20, "hand": [{"name": SECRET_HAND, "type": "action", "pitch": 2}], "hand_size": 4},
}

#: The models the event's trail holds entries about (every model ``record_audit`` is called for
#: with an event, except the team, draft and mirror ones, which only the event's officials read
#: like the event itself).
MODELS = {
    "tournament.event",
    "tournament.staffassignment",
    "tournament.round",
    "tournament.match",
    "tournament.registration",
    "judging.judgecall",
    "judging.penalty",
    "judging.deckcheck",
    "judging.reconstruction",
    "decklists.decklist",
}

_TIMESTAMP = re.compile(r"^\d{4}-\d\d-\d\dT")


@pytest.fixture
def world(staffed_event, add_players, settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    event = staffed_event["event"]
    appeals = UserFactory(username=f"appeals-{event.pk}")
    services.assign_staff(event, user=appeals, role=StaffRole.APPEALS_JUDGE, actor=staffed_event["organizer"])
    regs = add_players(event, 3)
    late = services.register_player(event, player=PlayerProfileFactory(), actor=staffed_event["organizer"])
    services.check_in(late, actor=staffed_event["organizer"])
    rnd = services.publish_round(services.pair_next_round(event, actor=None), actor=None)
    match = rnd.matches.exclude(player_b=None).order_by("table_number").first()
    hj, fj = staffed_event["head_judge"], staffed_event["floor_judge"]

    decklist = decklist_services.save_decklist(
        match.player_a,
        actor=match.player_a.player.user,
        text="Hero: Someone\n3 Some Card",
        db=CardDatabase([], release="none"),
    )
    decklist_services.set_decklist_deadline(event, actor=hj, deadline=timezone.now() + timedelta(days=1))

    call = call_services.open_call(event, actor=fj, match=match, question="who blocked?")
    call_services.claim_call(call, judge=fj)
    call_services.record_ruling(call, judge=fj, ruling=SECRET_RULING)
    recon = recon_services.create_reconstruction(call, actor=fj, start=START)
    recon_services.append_steps(recon, actor=fj, lines=["p1 play Open Card"], expected_version=recon.version)
    call_services.close_call(call, judge=fj, duration_seconds=120)

    penalty = penalty_services.issue_penalty(
        match.player_b, infraction="game_rules_violation", judge=fj, match=match, description="private note"
    )
    checks = deck_check_services.plan_deck_checks(rnd, actor=hj, seed=1, rate=1.0)
    check = checks[0]
    deck_check_services.start_deck_check(check, judge=fj)
    deck_check_services.finish_deck_check(check, judge=fj, presented={}, findings="found nothing")

    users = {
        "organizer": staffed_event["organizer"],
        "head_judge": hj,
        "appeals_judge": appeals,
        "floor_judge": fj,
        "scorekeeper": staffed_event["scorekeeper"],
        "player": match.player_a.player.user,
        "outsider": staffed_event["outsider"],
        "anonymous": None,
    }
    return {
        "event": event,
        "users": users,
        "round": rnd,
        "match": match,
        "regs": regs,
        "call": call,
        "recon": recon,
        "penalty": penalty,
        "check": check,
        "decklist": decklist,
    }


def _client(user):
    client = APIClient()
    if user is not None:
        client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.get_or_create(user=user)[0].key}")
    return client


def _object_endpoint(world, entry: AuditEntry) -> str:
    """The address where the entry's object is read on its own."""
    slug = world["event"].slug
    namespace = entry.action.split(".", 1)[0]
    if namespace == "deck_check" and entry.content_type.model == "round":
        return f"/api/judging/events/{slug}/deck-checks/"  # the planned checks
    if namespace == "decklist" and entry.content_type.model == "decklistpolicy":
        return f"/api/decklists/?event={slug}"
    return {
        "event": f"/api/events/{slug}/",
        "staffassignment": f"/api/events/{slug}/staff/",
        "round": f"/api/events/{slug}/rounds/{world['round'].number}/",
        "match": f"/api/matches/{world['match'].pk}/",
        "registration": f"/api/events/{slug}/players/",
        "judgecall": f"/api/judging/calls/{entry.object_id}/",
        "penalty": f"/api/judging/penalties/{entry.object_id}/",
        "deckcheck": f"/api/judging/deck-checks/{entry.object_id}/",
        "reconstruction": f"/api/judging/reconstructions/{entry.object_id}/",
        "decklist": f"/api/decklists/{entry.object_id}/",
    }[entry.content_type.model]


def _texts(value) -> set[str]:
    """Every text leaf of a JSON value. Left out: timestamps (two encoders write them apart) and
    statuses (an entry records a state its object has since left; every answer about the
    object names the states it goes through)."""
    out: set[str] = set()
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack.extend(v for k, v in item.items() if k != "status")
        elif isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, str) and item and not _TIMESTAMP.match(item):
            out.add(item)
    return out


def _key(row) -> tuple:
    return (row["action"], row["object_repr"], row["reason"])


def test_the_world_has_an_entry_about_every_model(world):
    labels = {
        f"{ct.app_label}.{ct.model}"
        for ct in ContentType.objects.filter(
            pk__in=AuditEntry.objects.filter(event_id=world["event"].pk).values("content_type")
        )
    }
    assert MODELS <= labels


def test_every_action_the_add_ons_audit_has_a_policy():
    """The judging and decklists add-ons own the objects not every official reads: every action
    their services write (``"judge_call.rule"``) is read through a registered policy."""
    root = Path(__file__).resolve().parents[2]
    namespaces = set()
    for app in ("judging", "decklists"):
        for source in (root / app).rglob("*.py"):
            text = source.read_text(encoding="utf-8")
            if "record_audit(" in text:
                namespaces |= set(re.findall(r'"([a-z_]+)\.[a-z_]+"', text))
    assert namespaces >= {"judge_call", "penalty", "deck_check", "reconstruction", "decklist"}
    assert namespaces <= set(audit_policies())


@pytest.mark.parametrize("role", ROLES)
def test_the_audit_trail_shows_no_more_than_the_objects(world, role):
    client = _client(world["users"][role])
    response = client.get(f"/api/events/{world['event'].slug}/audit/")
    entries = AuditEntry.objects.filter(event_id=world["event"].pk).select_related("content_type")
    if role in ("player", "outsider", "anonymous"):
        # The trail is the officials': no entry at all, whatever the role reads of the objects.
        assert response.status_code in (401, 403, 404)
        return
    assert response.status_code == 200
    shown = {}
    for row in response.json():
        shown.setdefault(_key(row), []).append(row)
    readable = {}
    for entry in entries:
        url = _object_endpoint(world, entry)
        if url not in readable:
            answer = client.get(url)
            readable[url] = answer.json() if answer.status_code == 200 else None
        object_body = readable[url]
        rows = shown.get((entry.action, entry.object_repr, entry.reason), [])
        if object_body is None:
            assert rows == [], f"{role} reads {entry.action} in the trail but not {url}"
            continue
        for row in rows:
            leaked = (_texts(row["before"]) | _texts(row["after"])) - _texts(object_body)
            assert not leaked, f"{role} reads {sorted(leaked)} in {entry.action}, not in {url}"


def test_the_scorekeeper_reads_no_hidden_card_ruling_or_deck_check(world):
    rows = _client(world["users"]["scorekeeper"]).get(f"/api/events/{world['event'].slug}/audit/").json()
    actions = {row["action"] for row in rows}
    assert not {a for a in actions if a.startswith(("reconstruction.", "deck_check."))}
    assert "judge_call.rule" in actions
    text = str(rows)
    assert SECRET_HAND not in text and SECRET_RULING not in text
    rule = next(row for row in rows if row["action"] == "judge_call.rule")
    assert set(rule["after"]) == {"status", "table", "match", "extension_seconds"}


def test_the_judges_read_the_whole_trail(world):
    rows = _client(world["users"]["floor_judge"]).get(f"/api/events/{world['event'].slug}/audit/").json()
    assert SECRET_HAND in str(rows) and SECRET_RULING in str(rows)
    assert len(rows) == AuditEntry.objects.filter(event_id=world["event"].pk).count()


def test_the_organizer_reads_no_deck_check_entries(world):
    """Deck checks are the judges' (``access_deck_check``): the organizer reads neither the
    checks nor their entries."""
    organizer = _client(world["users"]["organizer"])
    assert organizer.get(f"/api/judging/deck-checks/{world['check'].pk}/").status_code == 403
    rows = organizer.get(f"/api/events/{world['event'].slug}/audit/").json()
    assert not [row for row in rows if row["action"].startswith("deck_check.")]
    assert any(row["action"].startswith("reconstruction.") for row in rows)
