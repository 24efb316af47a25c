"""Game-state reconstruction at a Grand Archive event (issue 34, "At the table"): the judge call's
reconstruction is replayed by ``rules_engine.ga`` with the GA card data, its findings cite the GA
CR, the backup report speaks of hand, memory, the field and the material deck, a fix cites the GA
IPG, a third player is refused, and a player sees the final state without the opponent's hand,
memory and material deck. The Flesh and Blood path is covered by test_reconstructions.py."""

from __future__ import annotations

import pytest
from django.test import Client
from rest_framework.test import APIClient

from core.errors import DomainError
from core.models import AuditEntry
from decklists.models import Decklist
from judging.reconstruction import engine as recon_engine
from judging.reconstruction import ga as recon_ga
from judging.reconstruction import services as recon_services
from judging.reconstruction.views import start_from_form
from judging.services import calls as call_services
from tests.factories import UserFactory
from tests.judging.conftest import make_world
from tournament.enums import EventType, FormatCode, Game

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.skipif(
        not recon_ga.ga_cards()[0].names(), reason="the GA card data (<shared>/data/ga) is not there"
    ),
]

#: Lorraine (Fire lineage, a Drawn Blade) against Silvie (3 damage, a Meadowbloom Dryad): real
#: cards, printed stats from the GA card export.
START = {
    "turn": "P1",
    "phase": "main",
    "turn_number": 3,
    "P1": {
        "lineage": ["Spirit of Fire", "Lorraine, Wandering Warrior"],
        "field": ["Drawn Blade"],
        "hand": ["Strapping Conscript", "Backstab", "Hypothermia", "Meadowbloom Dryad"],
        "memory": 1,
    },
    "P2": {
        "lineage": ["Lost Spirit", "Silvie, Wilds Whisperer"],
        "damage": 3,
        "hand": ["Gentle Respite", "Backstab"],
        "memory": ["Hypothermia"],
        "material_deck": ["Silvie, With the Pack"],
        "field": ["Meadowbloom Dryad"],
    },
}
ILLEGAL = "P1 plays Meadowbloom Dryad reserving Backstab and Hypothermia"  # Tera not enabled
LEGAL = "P1 plays Strapping Conscript reserving Backstab and Hypothermia; all pass"


def _ga_world():
    return make_world(game=Game.GA, format=FormatCode.GA_STANDARD, event_type=EventType.GA_STORE_CHAMPIONSHIP)


def _recon(w, start=START):
    call = call_services.open_call(w.event, actor=w.fj, match=w.match, question="was the Dryad legal?")
    return recon_services.create_reconstruction(call, actor=w.fj, game_number=1, start=start)


def _api(user):
    client = APIClient()
    client.force_authenticate(user)
    return client


def _client(user) -> Client:
    c = Client()
    c.force_login(user)
    return c


# --------------------------------------------------------------------------- services


def test_a_ga_call_starts_from_the_players_ga_decklists():
    w = _ga_world()
    Decklist.objects.create(
        registration=w.alice,
        status="accepted",
        cards=[
            {"name": "Spirit of Fire", "qty": 1, "section": "material"},
            {"name": "Lorraine, Wandering Warrior", "qty": 1, "section": "material"},
            {"name": "Drawn Blade", "qty": 1, "section": "material"},
            {"name": "Strapping Conscript", "qty": 4, "section": "main"},
        ],
    )
    call = call_services.open_call(w.event, actor=w.fj, match=w.match, question="?")
    recon = recon_services.create_reconstruction(call, actor=w.fj)
    assert recon.rules_version == "ga" and recon.start["game"] == "ga"
    assert recon.start["P1"]["champion"] == "Spirit of Fire"
    assert recon.start["P1"]["material_deck"] == ["Lorraine, Wandering Warrior", "Drawn Blade"]
    assert "champion" not in recon.start["P2"]  # Bob has no accepted list: the judge names it
    outcome = recon_engine.run(recon)
    assert outcome.game == "ga" and not outcome.start_error
    final = outcome.final_view()
    assert final is not None and final["P1"]["life"] == 15 and final["P1"]["hand_count"] == 4
    assert outcome.initial_summary()["P1"]["materials"] == 2


def test_steps_are_replayed_by_the_ga_engine_and_cite_the_ga_cr():
    w = _ga_world()
    recon = _recon(w)
    recon = recon_services.append_steps(recon, actor=w.fj, lines=[ILLEGAL, LEGAL], expected_version=1)
    outcome = recon_engine.run(recon)
    first, second = outcome.steps
    assert first["reversed"] and [f["kind"] for f in first["findings"]] == ["violation"]
    assert "GA 2.3.a.3" in first["findings"][0]["citations"]
    assert first["state"]["P1"]["hand"] == 4 and first["state"]["P1"]["memory"] == 1  # reverted whole
    assert not second["findings"] and second["state"]["P1"]["memory"] == 3
    assert outcome.citations()[0] == "GA 2.3.a.3" and not any(c.startswith("CR") for c in outcome.citations())
    final = outcome.final_view()
    assert [o["name"] for o in final["P1"]["field"]][-1] == "Strapping Conscript"
    assert sorted(final["P1"]["hand"]) == ["Meadowbloom Dryad"]


def test_an_unreadable_line_is_kept_in_place_with_readings_to_copy():
    w = _ga_world()
    recon = _recon(w)
    recon = recon_services.append_steps(
        recon, actor=w.fj, lines="P1 frobnicates the widget\nP2 swang it hard", expected_version=1
    )
    assert recon.lines == ["P1 frobnicates the widget", "P2 swang it hard"]
    steps = recon_engine.run(recon).steps
    assert all(s["unreadable"] for s in steps)
    assert "P1 plays <card> reserving <card>, <card>" in steps[0]["findings"][0]["suggestions"]
    assert steps[1]["findings"][0]["suggestions"][0] == "P2 plays <card> reserving <card>, <card>"
    html = _client(w.fj).get(f"/judging/{w.event.slug}/reconstructions/{recon.pk}/").content.decode()
    assert "Did you mean:" in html and "P2 plays &lt;card&gt; reserving" in html


def test_rewind_and_backup_report_speak_of_memory_and_the_field():
    w = _ga_world()
    recon = _recon(w)
    recon = recon_services.append_steps(
        recon, actor=w.fj, lines=[LEGAL, "P1 ends the turn"], expected_version=1
    )
    report = recon_engine.run(recon).backup_report(0)
    p1 = report["players"]["P1"]
    assert sorted(p1["cards_back_to_hand"]) == ["Backstab", "Hypothermia", "Strapping Conscript"]
    assert p1["cards_out_of_memory"] == ["Backstab", "Hypothermia"]
    assert p1["objects_leaving_the_field"] == ["Strapping Conscript"]
    assert report["clean"] and [u["line"] for u in report["undoes"]] == [1, 2]
    with pytest.raises(DomainError):
        recon_engine.run(recon).backup_report(7)

    recon = recon_services.rewind(recon, actor=w.fj, to=1, expected_version=recon.version)
    assert recon.lines[-1] == "rewind 1"
    entry = AuditEntry.objects.filter(action="reconstruction.rewind").get()
    assert entry.after["backup"]["undoes"] == [{"line": 2, "text": "P1 ends the turn"}]
    outcome = recon_engine.run(recon)
    assert outcome.path_numbers() == [1, 3] and outcome.final_view()["turn"] == "P1"


def test_a_memory_cost_paid_at_random_makes_the_backup_not_clean():
    w = _ga_world()
    start = {
        "turn": "P1",
        "phase": "materialize",
        "turn_number": 3,
        "P1": {
            "champion": "Spirit of Fire",
            "material_deck": ["Lorraine, Wandering Warrior"],
            "memory": ["Backstab", "Hypothermia", "Gentle Respite"],
        },
        "P2": {"champion": "Lost Spirit"},
    }
    recon = _recon(w, start)
    recon = recon_services.append_steps(
        recon, actor=w.fj, lines="P1 materializes Lorraine, Wandering Warrior; all pass", expected_version=1
    )
    report = recon_engine.run(recon).backup_report(0)
    assert report["random_memory_lines"] == [1] and not report["clean"]
    assert "GA 2.3.c.2a" in report["rules"]
    assert report["players"]["P1"]["back_to_material_deck"] == ["Lorraine, Wandering Warrior"]
    assert report["players"]["P1"]["champion"] == {
        "now": "Lorraine, Wandering Warrior",
        "after_backup": "Spirit of Fire",
        "damage_now": 0,
        "damage_after_backup": 0,
    }
    html = _client(w.fj).get(f"/judging/{w.event.slug}/reconstructions/{recon.pk}/?backup=0").content.decode()
    assert "Memory cards were banished at random (step 1)" in html
    assert "Back to the material deck: Lorraine, Wandering Warrior" in html


def test_fix_and_ruling_cite_the_ga_cr_never_the_ppg():
    w = _ga_world()
    recon = _recon(w)
    recon = recon_services.append_steps(recon, actor=w.fj, lines=[ILLEGAL, LEGAL], expected_version=1)
    recon = recon_services.record_fix(recon, actor=w.fj, fix="backup", step=1, expected_version=recon.version)
    assert recon.fix_report["backup"]["players"]["P1"]["objects_leaving_the_field"] == ["Strapping Conscript"]
    assert recon_services.fix_citations(recon) == []
    call = recon_services.cite_in_ruling(recon, judge=w.fj)
    assert "GA 2.3.a.3" in call.citations and "Backed up to the state after step 1." in call.ruling
    assert not [c for c in call.citations if "PPG" in c or c.startswith("CR")]
    assert "Meadowbloom Dryad is Tera" in call.ruling


def test_a_third_player_is_refused_with_a_clear_message():
    w = _ga_world()
    three = {**START, "P3": {"champion": "Lost Spirit"}}
    with pytest.raises(DomainError) as exc:
        _recon(w, three)
    assert "two-player games only (GA 1.2.4)" in exc.value.message
    recon = _recon(w)
    resp = _api(w.fj).post(
        f"/api/judging/reconstructions/{recon.pk}/start/", {"start": three, "version": 1}, format="json"
    )
    assert resp.status_code == 400 and "GA 1.2.4" in resp.json()["detail"]
    recon.refresh_from_db()
    assert "P3" not in recon.start and recon.version == 1


def test_an_unknown_champion_is_refused_by_name():
    w = _ga_world()
    with pytest.raises(DomainError) as exc:
        _recon(w, {"P1": {"champion": "Dorinthea Ironsong"}, "P2": {}})
    assert "'Dorinthea Ironsong' is not a known card" in exc.value.message


def test_the_start_form_takes_ga_zones():
    w = _ga_world()
    recon = _recon(w, {"turn": "P1", "phase": "main", "P1": {}, "P2": {}})
    resp = _client(w.fj).post(
        f"/judging/{w.event.slug}/reconstructions/{recon.pk}/",
        {
            "action": "start",
            "version": "1",
            "turn": "P2",
            "phase": "materialize",
            "turn_number": "4",
            "P1-flags_shown": "1",
            "P1-champion": "Lorraine, Wandering Warrior",
            "P1-beneath": "Spirit of Fire",
            "P1-damage": "5",
            "P1-hand_count": "5",
            "P1-hand": "Backstab, Hypothermia",
            "P1-memory_count": "2",
            "P1-field": "Drawn Blade [1 durability], Strapping Conscript [rested, 1 buff]",
            "P1-material_deck": "Lorraine, Blademaster",
            "P2-flags_shown": "1",
            "P2-champion": "Silvie, Wilds Whisperer",
            "P2-rested": "1",
        },
    )
    assert resp.status_code == 302
    recon.refresh_from_db()
    p1, p2 = recon.start["P1"], recon.start["P2"]
    assert (recon.start["turn"], recon.start["phase"], recon.start["turn_number"]) == ("P2", "materialize", 4)
    assert p1["lineage"] == ["Spirit of Fire", "Lorraine, Wandering Warrior"] and p1["damage"] == 5
    assert p1["hand"] == ["Backstab", "Hypothermia", "?", "?", "?"] and p1["memory"] == 2
    assert p1["field"] == [
        {"name": "Drawn Blade", "counters": {"durability": 1}},
        {"name": "Strapping Conscript", "rested": True, "counters": {"buff": 1}},
    ]
    assert p1["material_deck"] == ["Lorraine, Blademaster"] and p2["rested"] is True
    final = recon_engine.run(recon).final_view()
    assert final["P1"]["life_left"] == 15 and final["P1"]["level"] == 1
    # the form shows it back as typed
    fields = recon_ga.start_fields(recon.start)
    assert fields["P1"]["beneath"] == "Spirit of Fire" and fields["P1"]["hand_count"] == 5
    assert fields["P1"]["field"] == "Drawn Blade [1 durability], Strapping Conscript [rested, 1 buff]"
    # a bracket the form cannot read is a clear error, nothing saved
    page = _client(w.fj).post(
        f"/judging/{w.event.slug}/reconstructions/{recon.pk}/",
        {"action": "start", "version": str(recon.version), "P1-field": "Drawn Blade [2]"},
        follow=True,
    )
    assert "cannot read &#x27;2&#x27; in the brackets of &#x27;Drawn Blade&#x27;" in page.content.decode()


def test_the_fab_start_form_is_not_the_ga_one():
    """The FaB form's reader is unchanged: a GA event's page posts the GA fields."""
    assert start_from_form({}, {"P1-life": "15"})["P1"] == {"life": 15}


# --------------------------------------------------------------------------- who sees what


def test_judge_page_shows_ga_zones_and_no_fab_document():
    w = _ga_world()
    recon = _recon(w)
    recon_services.append_steps(recon, actor=w.fj, lines=[ILLEGAL, LEGAL], expected_version=1)
    html = _client(w.fj).get(f"/judging/{w.event.slug}/reconstructions/{recon.pk}/").content.decode()
    assert 'data-game="ga"' in html and "P1-champion" in html and "P1-intellect" not in html
    assert (
        "mem 3" in html and 'href="/rules/ga/2.3.a.3/">GA 2.3.a.3</a>' in html and "Materialize Phase" in html
    )
    assert "Gentle Respite" in html  # the judge sees both hands
    for leak in ("PPG", "TR&amp;P", "AP 1", "Intellect"):
        assert leak not in html, leak
    printed = _client(w.fj).get(f"/judging/{w.event.slug}/reconstructions/{recon.pk}/print/").content.decode()
    assert "Lorraine, Wandering Warrior (Spirit of Fire)" in printed and "P1 ♥20 hand 1 mem 3" in printed
    assert "PPG" not in printed and "AP0" not in printed.replace(" ", "")
    pdf = _client(w.fj).get(f"/judging/{w.event.slug}/reconstructions/{recon.pk}/record.pdf")
    assert pdf.status_code == 200 and pdf["Content-Type"] == "application/pdf"


def test_a_player_sees_the_final_state_without_the_opponents_hand_memory_and_materials():
    w = _ga_world()
    recon = _recon(w)
    recon_services.append_steps(recon, actor=w.fj, lines=[LEGAL], expected_version=1)
    alice, bob = w.alice.player.user, w.bob.player.user
    url = f"/judging/{w.event.slug}/reconstructions/{recon.pk}/"
    assert _client(alice).get(url).status_code == 403  # not before the call is closed
    call_services.record_ruling(recon.call, judge=w.fj, ruling="The Conscript stays.")
    call_services.close_call(recon.call, judge=w.fj, duration_seconds=30)

    as_alice = _api(alice).get(f"/api/judging/reconstructions/{recon.pk}/").json()
    assert as_alice["viewer"] == "P1" and "steps" not in as_alice and "start" not in as_alice
    p2 = as_alice["final_state"]["P2"]
    assert p2["hand"] == [] and p2["hand_unknown"] == 2
    assert p2["memory_cards"] == [] and p2["memory"] == 1
    assert p2["material_deck"] == [] and p2["material_count"] == 1
    assert p2["damage"] == 3 and [o["name"] for o in p2["field"]][-1] == "Meadowbloom Dryad"  # public
    assert as_alice["final_state"]["P1"]["memory_cards"] == ["?", "Backstab", "Hypothermia"]

    as_bob = _api(bob).get(f"/api/judging/reconstructions/{recon.pk}/").json()
    assert as_bob["final_state"]["P2"]["hand"] == ["Gentle Respite", "Backstab"]
    assert as_bob["final_state"]["P1"]["hand"] == [] and as_bob["final_state"]["P1"]["memory_cards"] == []

    html = _client(alice).get(url).content.decode()
    assert (
        "The Conscript stays." in html
        and "Gentle Respite" not in html
        and "Silvie, With the Pack" not in html
    )
    assert "Material deck: 1 card (not shown)" in html and LEGAL not in html
    assert "PPG" not in html and "TR&amp;P" not in html
    html_bob = _client(bob).get(url).content.decode()
    assert "Gentle Respite" in html_bob and "Silvie, With the Pack" in html_bob
    assert "Strapping Conscript" in html_bob  # on the field, public
    assert (
        _client(alice).post(url, {"action": "steps", "lines": "all pass", "version": "2"}).status_code == 403
    )


def test_only_the_events_judges_work_on_a_ga_reconstruction():
    w = _ga_world()
    recon = _recon(w)
    outsider = UserFactory()
    assert _api(outsider).get(f"/api/judging/reconstructions/{recon.pk}/").status_code == 403
    assert (
        _api(w.sk)
        .post(
            f"/api/judging/reconstructions/{recon.pk}/steps/", {"lines": LEGAL, "version": 1}, format="json"
        )
        .status_code
        == 403
    )
    assert _api(w.to).get(f"/api/judging/reconstructions/{recon.pk}/").json()["viewer"] == "judge"
    other = _ga_world()
    assert _client(other.hj).get(f"/judging/{w.event.slug}/reconstructions/{recon.pk}/").status_code == 403


def test_the_api_runs_a_ga_dispute_from_start_to_fix():
    w = _ga_world()
    call = call_services.open_call(w.event, actor=w.fj, match=w.match, question="?")
    api = _api(w.fj)
    made = api.post(f"/api/judging/calls/{call.pk}/reconstructions/", {"start": START}, format="json")
    assert made.status_code == 201, made.json()
    body = made.json()
    rid, version = body["id"], body["version"]
    assert body["rules_version"] == "ga" and body["final_state"]["game"] == "ga"
    steps = api.post(
        f"/api/judging/reconstructions/{rid}/steps/",
        {"lines": f"{ILLEGAL}\n{LEGAL}", "version": version},
        format="json",
    ).json()
    assert steps["steps"][0]["findings"][0]["citations"][0] == "GA 2.3.a.3"
    assert steps["steps"][1]["state"]["P1"]["memory"] == 3
    stale = api.post(
        f"/api/judging/reconstructions/{rid}/rewind/", {"to": 1, "version": version}, format="json"
    )
    assert stale.status_code == 409 and stale.json()["code"] == "stale_version"
    report = api.get(f"/api/judging/reconstructions/{rid}/backup/?to=1").json()
    assert report["players"]["P1"]["cards_out_of_memory"] == ["Backstab", "Hypothermia"]
    rewound = api.post(
        f"/api/judging/reconstructions/{rid}/rewind/", {"to": 1, "version": steps["version"]}, format="json"
    ).json()
    assert [s["active"] for s in rewound["steps"]] == [True, False, True]
    fixed = api.post(
        f"/api/judging/reconstructions/{rid}/fix/",
        {"fix": "leave", "note": "the Dryad goes back to hand", "version": rewound["version"]},
        format="json",
    ).json()
    assert fixed["fix"] == "leave"
    cited = api.post(f"/api/judging/reconstructions/{rid}/cite/").json()
    assert cited["citations"] == ["GA 2.3.a.3", "GA 1.6.d.2"]  # each linked to the GA CR


def test_card_names_come_from_the_ga_card_data():
    w = _ga_world()
    recon = _recon(w)
    results = _api(w.fj).get(f"/api/judging/reconstructions/{recon.pk}/cards/?q=lorraine").json()["results"]
    assert {"name": "Lorraine, Wandering Warrior", "source": "card database"} in results
