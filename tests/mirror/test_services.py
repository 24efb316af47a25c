"""Importing and re-importing mirrored events, and pairing refused on them."""

from __future__ import annotations

import pytest

from core.errors import ConflictError, NotAllowed
from core.models import AuditEntry
from mirror import services
from mirror.models import MirrorImport, SourceMatch, SourcePlayer, SourceStanding
from mirror.parsers import ImportFileError
from tests.factories import UserFactory
from tests.mirror.conftest import GEM_ID, ROUND_2_FILES, fixture, import_gem
from tournament import services as tournament_services
from tournament.enums import MatchResult, RegistrationStatus, RoundStatus
from tournament.models import Event, Match, PlayerProfile, Registration, Round


def test_gem_import_creates_a_mirrored_event_with_players_rounds_and_results(organizer):
    outcome = import_gem(organizer, *ROUND_2_FILES)

    event = outcome.event
    assert (event.mirror_source, event.mirror_source_id, event.is_mirrored, event.game) == (
        "gem",
        GEM_ID,
        True,
        "fab",
    )
    assert outcome.created
    assert Registration.objects.filter(event=event).count() == 9
    assert PlayerProfile.objects.get(player_id="10000004").display_name == "Łukasz Wójcik"
    assert list(Round.objects.filter(event=event).values_list("number", "status")) == [
        (1, RoundStatus.COMPLETE),
        (2, RoundStatus.COMPLETE),
    ]
    r2 = {
        (
            m.table_number,
            m.player_a.player.player_id,
            m.player_b.player.player_id if m.player_b else None,
        ): m.result
        for m in Match.objects.filter(round__event=event, round__number=2).select_related(
            "player_a__player", "player_b__player"
        )
    }
    assert r2 == {
        (1, "10000001", "10000004"): MatchResult.A_WINS,
        (2, "10000009", "10000007"): MatchResult.B_WINS,
        (3, "10000002", "10000005"): MatchResult.A_WINS,
        (4, "10000006", "10000003"): MatchResult.DOUBLE_LOSS,
        (None, "10000008", None): MatchResult.BYE,
    }
    dropped = Registration.objects.get(event=event, player__player_id="10000006")
    assert (dropped.status, dropped.dropped_in_round) == (RegistrationStatus.DROPPED, 2)
    assert (
        SourcePlayer.objects.get(registration__player__player_id="10000001").hero == "Kano, Dracai of Aether"
    )
    assert SourceStanding.objects.filter(event=event, round_number=2).count() == 9
    assert event.staff.get().user == organizer
    assert "9 players added" in outcome.changes[0]


def test_reimporting_the_same_files_changes_nothing(organizer, gem_event):
    versions = dict(Match.objects.filter(round__event=gem_event).values_list("id", "version"))
    audits = AuditEntry.objects.count()

    again = import_gem(organizer, *ROUND_2_FILES, event=gem_event)

    assert again.changes == []
    assert not again.created
    assert dict(Match.objects.filter(round__event=gem_event).values_list("id", "version")) == versions
    assert Registration.objects.filter(event=gem_event).count() == 9
    assert SourceMatch.objects.filter(match__round__event=gem_event).count() == 10
    # one audit entry says an import ran; nothing else was written
    assert AuditEntry.objects.count() == audits + 1
    assert MirrorImport.objects.filter(event=gem_event).count() == 2


def test_importing_by_source_id_finds_the_same_event(organizer, gem_event):
    again = import_gem(organizer, "gem_pairings_r2.csv")

    assert again.event == gem_event
    assert Event.objects.filter(mirror_source="gem").count() == 1


def test_reimport_after_a_new_round_adds_it_and_says_what_changed(organizer, gem_event):
    outcome = import_gem(organizer, "gem_pairings_r3.csv", event=gem_event)

    assert outcome.changes == ["round 3: new, 4 tables", "round 3: every result in, complete"]
    assert Match.objects.filter(round__event=gem_event, round__number=3).count() == 4
    assert Match.objects.filter(round__event=gem_event).count() == 14


def test_reimport_reports_a_corrected_result_and_audits_it(organizer, gem_event):
    text = (ROUND_2_FILES[0], fixture("gem_pairings_r2.csv")[1].replace(b"DRAW", b"1WIN"))
    parsed = services.read_submission(files=[text])

    outcome = services.import_event(parsed, actor=organizer, event=gem_event)

    assert outcome.changes == ["round 1 table 3: result DRAW -> 1WIN"]
    match = Match.objects.get(round__event=gem_event, round__number=1, table_number=3)
    assert (match.result, match.version) == (MatchResult.A_WINS, 1)
    entry = AuditEntry.objects.filter(action="mirror.match").get()
    assert (entry.before["result"], entry.after["result"]) == ("draw", "a")


def test_a_result_entered_here_survives_a_reimport_without_one(organizer, gem_event):
    import_gem(organizer, "pairings_r1_unplayed.csv", event=gem_event)  # round 1 table 1 now unplayed there
    match = Match.objects.get(round__event=gem_event, round__number=1, table_number=1)

    assert match.result == MatchResult.A_WINS
    assert match.source_match.result == ""


def test_pairing_is_refused_on_a_mirrored_event(organizer, gem_event):
    with pytest.raises(ConflictError) as error:
        tournament_services.pair_next_round(gem_event, actor=organizer)

    assert error.value.code == "mirrored"
    assert "mirrored from GEM" in error.value.message
    assert "Pair the round there, then re-import" in error.value.message
    assert Round.objects.filter(event=gem_event).count() == 2


def test_repairing_and_swapping_are_refused_on_a_mirrored_event(organizer, gem_event):
    rnd = Round.objects.get(event=gem_event, number=2)
    regs = list(Registration.objects.filter(event=gem_event)[:2])
    with pytest.raises(ConflictError, match="does not re-pair rounds"):
        tournament_services.repair_round(rnd, actor=organizer, reason="x")
    with pytest.raises(ConflictError, match="does not edit pairings"):
        tournament_services.swap_players(rnd, first=regs[0], second=regs[1], actor=organizer, reason="x")


def test_pairing_still_works_for_an_ordinary_event(organizer):
    event = tournament_services.create_event(actor=organizer, name="Ordinary")
    for i in range(4):
        p = tournament_services.create_player_profile(actor=None, player_id=f"9{i}", display_name=f"P{i}")
        tournament_services.register_player(event, player=p, actor=organizer)

    rnd = tournament_services.pair_next_round(event, actor=organizer)

    assert rnd.matches.count() == 2


def test_a_bad_file_leaves_nothing_half_imported(organizer):
    # The pairings are read and written, then the standings file (no round, none complete) fails.
    parsed = services.read_submission(
        files=[fixture("pairings_r1_unplayed.csv"), fixture("standings_no_round.csv")], source_id="GEM-1"
    )
    with pytest.raises(Exception) as error:
        services.import_event(parsed, actor=organizer, name="Half")

    assert "no round is complete" in str(error.value)
    assert not Event.objects.filter(name="Half").exists()
    assert not PlayerProfile.objects.filter(player_id="10000001").exists()
    assert not MirrorImport.objects.exists()


def test_a_bad_file_among_good_ones_is_refused_before_anything_is_written(organizer):
    with pytest.raises(ImportFileError) as error:
        services.read_submission(
            files=[fixture("gem_pairings_r2.csv"), fixture("bad_round.csv")], source_id="X"
        )

    assert "bad_round.csv, line 4" in str(error.value)
    assert not Event.objects.exists()


def test_only_those_who_run_rounds_may_reimport(gem_event):
    stranger = UserFactory(username="stranger")
    with pytest.raises(NotAllowed):
        import_gem(stranger, "gem_pairings_r3.csv", event=gem_event)


@pytest.fixture
def ga_release(db):
    """A small active Grand Archive card-data release with the cards of the fixture's decklist."""
    from cards.services import import_release
    from rules_engine.cards import Card, slugify_identifier
    from rules_engine.importers import ImportResult

    def card(name, types, level=None):
        return Card(
            identifier=slugify_identifier(name),
            name=name,
            types=frozenset(types),
            game="ga",
            level=level,
            element="Fire",
        )

    cards = (
        card("Spirit of Fire", {"Champion"}, "0"),
        card("Lorraine, Wandering Warrior", {"Champion"}, "1"),
        card("Firebolt", {"Action"}),
        card("Ignite", {"Action"}),
        card("Ghostly Touch", {"Action"}),
    )
    release, _ = import_release(
        ImportResult(game="ga", source="ga-test", version="1", cards=cards), activate=True
    )
    return release


def test_omnidex_import_uses_grand_archive_standings_and_imports_public_decklists(organizer, ga_release):
    parsed = services.read_submission(files=[fixture("omnidex_event_4242.json")])

    outcome = services.import_event(parsed, actor=organizer)

    event = outcome.event
    assert (event.mirror_source, event.mirror_source_id, event.game, event.standings_policy) == (
        "omnidex",
        "4242",
        "ga",
        "points_3_1_0",
    )
    assert (event.swiss_rounds, event.top_cut, event.games_per_match) == (3, 4, 2)  # bo3
    assert PlayerProfile.objects.filter(player_id="omni-502", display_name="Ælfric").exists()
    decklist = Registration.objects.get(event=event, player__player_id="omni-501").decklists.get()
    assert decklist.raw_text.startswith("Material deck\n1 Spirit of Fire")
    assert not Registration.objects.get(event=event, player__player_id="omni-502").decklists.exists()
    from mirror import selectors

    sheet = selectors.result_sheet(event, 1)
    assert [(r["table"], r["player_1_id"], r["player_2_id"], r["result"]) for r in sheet] == [
        (1, "501", "502", "1WIN"),
        (2, "503", "504", "DRAW"),
        ("", "505", "", "BYE"),
    ]
    again = services.import_event(
        services.read_submission(files=[fixture("omnidex_event_4242.json")]), actor=organizer
    )
    assert again.changes == []


def test_omnidex_import_from_an_address_uses_the_fetcher(organizer):
    import json

    from tests.mirror.conftest import FIXTURES

    answers = json.loads((FIXTURES / "omnidex_api_answers.json").read_text())

    def get(url):
        if url not in answers:
            raise ImportFileError("404")
        return answers[url]

    parsed = services.read_submission(omnidex="https://omni.gatcg.com/events/4242", get_json=get)
    outcome = services.import_event(parsed, actor=organizer)

    assert Match.objects.filter(round__event=outcome.event).count() == 6


def test_a_round_repaired_in_the_source_replaces_players_and_their_result(organizer, gem_event):
    data = (
        fixture("gem_pairings_r2.csv")[1]
        .replace(
            b"2,1,\xc3\x85sa Lindqvist,10000001,\xc5\x81ukasz W\xc3\xb3jcik,10000004,1WIN",
            b"2,1,\xc3\x85sa Lindqvist,10000001,Chlo\xc3\xa9 Dubois,10000007,",
        )
        .replace(
            b"2,2,Nguy\xe1\xbb\x85n V\xc4\x83n An,10000009,Chlo\xc3\xa9 Dubois,10000007,2WIN",
            b"2,2,Nguy\xe1\xbb\x85n V\xc4\x83n An,10000009,\xc5\x81ukasz W\xc3\xb3jcik,10000004,",
        )
    )
    outcome = services.import_event(
        services.read_submission(files=[("p.csv", data)]), actor=organizer, event=gem_event
    )

    assert outcome.changes == [
        "round 2 table 1: players changed, result 1WIN -> not played",
        "round 2 table 2: players changed, result 2WIN -> not played",
    ]
    table_1 = Match.objects.get(round__event=gem_event, round__number=2, table_number=1)
    assert (table_1.player_b.player.player_id, table_1.result) == ("10000007", "")
    assert Round.objects.get(event=gem_event, number=2).status == RoundStatus.IN_PROGRESS


def test_result_sheet_and_penalty_log_read_in_constant_queries(gem_event, django_assert_max_num_queries):
    from mirror import selectors

    with django_assert_max_num_queries(1):
        selectors.result_sheet(gem_event, 1)
    with django_assert_max_num_queries(1):
        selectors.result_sheet(gem_event, 2)
    with django_assert_max_num_queries(2):
        selectors.penalty_log(gem_event)


def test_the_api_refuses_to_pair_a_mirrored_event_with_the_reason(organizer, gem_event, api_client):
    api_client.force_authenticate(organizer)

    response = api_client.post(f"/api/events/{gem_event.slug}/rounds/", {}, format="json")

    assert response.status_code == 409
    assert "mirrored from GEM" in str(response.json())
    assert Round.objects.filter(event=gem_event).count() == 2


def test_import_page_fetches_an_omnidex_address(organizer, client, monkeypatch):
    import json

    from mirror.parsers import omnidex
    from tests.mirror.conftest import FIXTURES

    answers = json.loads((FIXTURES / "omnidex_api_answers.json").read_text())

    def fake_http(url):  # the outside world: Omnidex's API
        if url not in answers:
            raise ImportFileError(f"Omnidex did not answer {url}: 404")
        return answers[url]

    monkeypatch.setattr(omnidex, "_http_get_json", fake_http)
    client.force_login(organizer)

    response = client.post("/mirror/", {"omnidex": "https://omni.gatcg.com/events/4242"}, follow=True)

    page = response.content.decode()
    assert "Imported Store Championship – Ōsaka Night" in page
    assert Event.objects.get(mirror_source="omnidex", mirror_source_id="4242").game == "ga"


def test_gem_rounds_after_the_swiss_rounds_are_the_top_cut(organizer, gem_event):
    tournament_services.update_event(gem_event, actor=organizer, swiss_rounds=2, top_cut=8)

    outcome = import_gem(organizer, "gem_pairings_r3.csv", event=gem_event)

    assert Round.objects.get(event=gem_event, number=3).stage == "top_cut"
    assert Round.objects.get(event=gem_event, number=2).stage == "swiss"
    assert outcome.changes[0] == "round 3: new, 4 tables"


def test_a_player_dropped_here_but_paired_again_by_the_source_is_back(organizer, gem_event):
    berg = Registration.objects.get(event=gem_event, player__player_id="10000005")
    tournament_services.drop_registration(berg, actor=organizer, reason="said goodbye")
    berg.refresh_from_db()
    assert berg.status == RegistrationStatus.DROPPED

    outcome = import_gem(organizer, "gem_pairings_r3.csv", event=gem_event)

    berg.refresh_from_db()
    assert berg.status == RegistrationStatus.REGISTERED
    assert "Mårten Berg (10000005) is paired in round 3 by the source: no longer dropped" in outcome.changes
    again = import_gem(organizer, "gem_pairings_r3.csv", event=gem_event)
    assert again.changes == []
