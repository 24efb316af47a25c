"""Issue 36 (a store owner's first Friday), item 7: words that mislead. Extensions in minutes,
play-off rounds named by their bracket, an untimed clock that says so, check-in only before
round 1, the standings sheet labelled with the round it holds, every player placed."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.factories import EventFactory, PlayerProfileFactory, RegistrationFactory, StaffAssignmentFactory
from tests.pdf_words import PDFTOTEXT, words
from tournament import progress, selectors, services
from tournament.enums import EventStatus, MatchResult, RoundStatus, StaffRole
from tournament.models import Match
from tournament.pdf import document_for
from tournament.templatetags.round_words import extension_words

pytestmark = pytest.mark.django_db


def _event(n_players=8, swiss_rounds=3, top_cut=4):
    event = EventFactory(swiss_rounds=swiss_rounds, top_cut=top_cut, status=EventStatus.REGISTRATION)
    sk = StaffAssignmentFactory(event=event, role=StaffRole.SCOREKEEPER).user
    for i in range(n_players):
        RegistrationFactory(event=event, player=PlayerProfileFactory(display_name=f"P{i:02d}"))
    return event, sk


def _client(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _pair(event, sk):
    rnd = services.pair_next_round(event, actor=sk)
    services.publish_round(rnd, actor=sk)
    return rnd


def _settle(rnd, sk):
    for m in Match.objects.filter(round=rnd, result=MatchResult.PENDING):
        services.enter_result(m, result=MatchResult.A_WINS, games_a=1, games_b=0, actor=sk)
    rnd.refresh_from_db()
    assert rnd.status == RoundStatus.COMPLETE


def _play(event, sk):
    rnd = _pair(event, sk)
    _settle(rnd, sk)
    return rnd


@pytest.mark.parametrize(
    ("seconds", "text"), [(420, "+7 min"), (285, "+4 min 45 s"), (30, "+30 s"), (0, "+0 s"), (None, "+0 s")]
)
def test_an_extension_reads_in_minutes_not_seconds(seconds, text):
    assert extension_words(seconds) == text


def test_the_outstanding_list_gives_a_tables_extension_in_minutes():
    event, sk = _event(n_players=4, swiss_rounds=2, top_cut=0)
    rnd = _pair(event, sk)
    match = Match.objects.filter(round=rnd).order_by("table_number").first()
    services.add_match_extension(match, seconds=420, reason="judge call", actor=sk)
    html = _client(sk).get(f"/events/{event.slug}/staff/").content.decode()
    assert "+7 min</span>" in html and "+420s" not in html


def test_play_off_rounds_are_named_by_their_bracket_not_their_number():
    event, sk = _event()
    for _ in range(3):
        _play(event, sk)
    semis = _pair(event, sk)
    client = _client(sk)
    assert selectors.round_title(semis) == "Top 4 (semifinals)"
    assert "<h2>Top 4 (semifinals) <span" in client.get(f"/events/{event.slug}/staff/").content.decode()
    assert "Top 4 (semifinals) pairings" in client.get(f"/events/{event.slug}/").content.decode()
    assert client.get(f"/events/{event.slug}/clock.json").json()["round_title"] == "Top 4 (semifinals)"
    _settle(semis, sk)
    final = _pair(event, sk)
    assert selectors.round_title(final) == "Final"
    assert selectors.round_title(Match.objects.filter(round__number=1).first().round) == "Round 1"


def test_an_untimed_play_off_round_says_untimed_and_offers_no_clock_to_start():
    """TR&P 3.1: a play-off round has no time limit."""
    event, sk = _event()
    for _ in range(3):
        _play(event, sk)
    semis = _pair(event, sk)
    assert semis.duration_seconds == 0
    html = _client(sk).get(f"/events/{event.slug}/staff/").content.decode()
    assert "data-clock-display>Untimed<" in html
    assert "data-clock-start" not in html and "Call time" not in html
    assert "Untimed" in Client().get(f"/events/{event.slug}/clock/").content.decode()
    assert Client().get(f"/events/{event.slug}/clock.json").json()["untimed"] is True


def test_a_timed_swiss_round_still_offers_start_clock():
    event, sk = _event(n_players=4, swiss_rounds=2, top_cut=0)
    _pair(event, sk)
    html = _client(sk).get(f"/events/{event.slug}/staff/").content.decode()
    assert "data-clock-start" in html


def test_check_in_is_mentioned_only_before_round_one_is_paired():
    event, sk = _event(n_players=4, swiss_rounds=2, top_cut=0)
    organizer = StaffAssignmentFactory(event=event, role=StaffRole.ORGANIZER).user
    services.update_event(event, actor=organizer, check_in_required=True)
    assert "data-check-in-setting" in Client().get(f"/events/{event.slug}/").content.decode()
    services.check_in_all(event, actor=sk)
    _pair(event, sk)
    assert "data-check-in-setting" not in Client().get(f"/events/{event.slug}/").content.decode()


def test_the_standings_sheet_of_a_running_round_holds_and_says_the_last_complete_round():
    event, sk = _event(n_players=8, swiss_rounds=3, top_cut=0)
    _play(event, sk)
    _play(event, sk)
    _pair(event, sk)  # round 3 runs
    sheet = document_for(event, "standings", 3)
    context = sheet.context()
    assert (context["round_number"], context["unfinished_round"]) == (2, 3)
    if PDFTOTEXT:
        text = " ".join(w.text for w in words(sheet.render()))
        assert "standings after round 2" in text and "Round 3 is still being played" in text
        assert "standings after round 3" not in text


def _finished(n_players, top_cut, rounds):
    event, sk = _event(n_players=n_players, swiss_rounds=3, top_cut=top_cut)
    for _ in range(rounds):
        _play(event, sk)
    services.finish_event(event, actor=sk)
    event.refresh_from_db()
    return event, sk


def test_every_player_is_placed_after_the_top_cut_on_the_page_and_in_the_public_pdf():
    event, _sk = _finished(11, 8, 6)  # three Swiss rounds, quarterfinals, semifinals, final
    assert len(progress.final_placings(event)) == 11
    page = Client().get(f"/events/{event.slug}/").content.decode()
    section = page.split('id="placings"')[1].split("</section>")[0]
    assert section.count("<tr data-reg=") == 11
    # The public page offers the sheet of the last Swiss round: it carries the placings too.
    assert "standings/?round=3" in page
    sheet = document_for(event, "standings", 3).context()
    assert [row["place"] for row in sheet["placings"]] == list(range(1, 12))
    assert document_for(event, "standings", 2).context()["placings"] == []


# --------------------------------------------------------------------------- item 10: corrections


def _correction(event, sk, rnd, table, result, **games):
    client = _client(sk)
    url = f"/events/{event.slug}/staff/correct/"
    form = client.get(url, {"round": rnd.number, "table": table})
    initial = form.context["form"].initial
    data = {
        "round": rnd.number,
        "table": table,
        "match": initial["match"],
        "version": initial["version"],
        "result": result,
        "games_a": games.get("games_a", initial["games_a"]),
        "games_b": games.get("games_b", initial["games_b"]),
        "games_drawn": games.get("games_drawn", initial["games_drawn"]),
        "reason": "slip filled in backwards",
    }
    return client, url, data


def test_changing_the_winner_swaps_the_prefilled_games():
    event, sk = _event(n_players=4, swiss_rounds=2, top_cut=0)
    rnd = _play(event, sk)
    client, url, data = _correction(event, sk, rnd, 1, MatchResult.B_WINS)
    assert (data["games_a"], data["games_b"]) == (1, 0)  # as prefilled, untouched
    preview = client.post(url, data)
    assert preview.status_code == 200 and preview.context["preview"] is not None
    applied = client.post(url, {**data, "games_a": 0, "games_b": 1, "confirm": "on"})
    assert applied.status_code == 302
    match = Match.objects.get(round=rnd, table_number=1)
    assert (match.result, match.games_a, match.games_b) == (MatchResult.B_WINS, 0, 1)
    # The preview's hidden fields carried the swapped games.
    assert 'name="games_a" value="0"' in preview.content.decode()


def test_a_draw_over_the_prefilled_games_clears_them_and_typed_games_stay_as_typed():
    event, sk = _event(n_players=4, swiss_rounds=2, top_cut=0)
    rnd = _play(event, sk)
    client, url, data = _correction(event, sk, rnd, 1, MatchResult.DRAW)
    assert client.post(url, {**data, "confirm": "on"}).status_code == 302
    match = Match.objects.get(round=rnd, table_number=1)
    assert (match.result, match.games_a, match.games_b) == (MatchResult.DRAW, 0, 0)
    client, url, data = _correction(event, sk, rnd, 2, MatchResult.B_WINS, games_a=1, games_b=1)
    refused = client.post(url, data)  # typed by hand: not rewritten, the service says why
    assert refused.status_code == 400 and "more games" in refused.content.decode()


def test_the_correction_preview_of_a_running_round_says_when_the_standings_count_it():
    event, sk = _event(n_players=4, swiss_rounds=2, top_cut=0)
    _play(event, sk)
    running = _pair(event, sk)
    services.enter_result(
        Match.objects.get(round=running, table_number=1), result=MatchResult.A_WINS, games_a=1, actor=sk
    )
    client, url, data = _correction(event, sk, running, 1, MatchResult.B_WINS)
    page = client.post(url, data).content.decode()
    assert "No change in the standings" not in page
    assert "Round 2 is still being played" in page


# --------------------------------------------------------------------------- item 9: store-facing words


def test_api_and_mirror_are_in_the_footer_not_in_everyones_menu():
    event, sk = _event(n_players=2, swiss_rounds=1, top_cut=0)
    for client in (Client(), _client(sk)):
        page = client.get(f"/events/{event.slug}/").content.decode()
        nav = page.split('class="site-nav"')[1].split("</nav>")[0]
        footer = page.split("data-site-footer")[1].split("</footer>")[0]
        assert "/api/docs/" not in nav and "/mirror/" not in nav
        assert "API for developers" in footer
    assert "/mirror/" in _client(sk).get("/events/").content.decode().split("data-site-footer")[1]


def test_the_day_plan_link_only_for_a_multi_day_structure():
    event, _sk = _event(n_players=2, swiss_rounds=1, top_cut=0)
    organizer = StaffAssignmentFactory(event=event, role=StaffRole.ORGANIZER).user
    client = _client(organizer)
    assert "Day plan" not in client.get(f"/events/{event.slug}/staff/").content.decode()
    event.structure_kind = "multi_day_constructed"
    event.save(update_fields=["structure_kind"])
    assert "Day plan" in client.get(f"/events/{event.slug}/staff/").content.decode()


def test_the_event_file_is_explained_without_a_command_to_an_organizer():
    event, _sk = _event(n_players=2, swiss_rounds=1, top_cut=0)
    organizer = StaffAssignmentFactory(event=event, role=StaffRole.ORGANIZER).user
    page = _client(organizer).get(f"/events/{event.slug}/staff/").content.decode()
    assert "Download the event file" in page
    assert "manage.py import_event" not in page


def test_printed_documents_are_named_in_words_on_the_dashboard_and_the_job_page():
    event, sk = _event(n_players=4, swiss_rounds=2, top_cut=0)
    rnd = _pair(event, sk)
    page = _client(sk).get(f"/events/{event.slug}/staff/").content.decode()
    paper = page.split('id="paper"')[1].split("</section>")[0]
    assert "Pairings by table:" in paper and "Match result slips:" in paper
    assert "pairings-table:" not in paper and "<li>slips:" not in paper
    from tournament import pdf_tasks

    job = pdf_tasks.start_pdf_job(
        event=event, kind="pairings-table", round_number=rnd.number, site_url="http://t/", requested_by=sk
    )
    html = _client(sk).get(f"/events/{event.slug}/pdf-jobs/{job.key.hex}/").content.decode()
    assert f"Pairings by table, round {rnd.number}" in html and "pairings-table</h1>" not in html


def test_an_armory_on_the_rules_default_says_it_may_run_fewer_rounds():
    event, _sk = _event(n_players=11, swiss_rounds=None, top_cut=None)
    event.event_type = "armory"
    event.save(update_fields=["event_type"])
    organizer = StaffAssignmentFactory(event=event, role=StaffRole.ORGANIZER).user
    page = _client(organizer).get(f"/events/{event.slug}/staff/").content.decode()
    note = page.split("data-armory-rounds>")[1].split("</p>")[0]
    assert "may run fewer rounds" in note and "organizer" in note and "Swiss rounds" in note
    services.update_event(event, actor=organizer, swiss_rounds=3)
    assert "data-armory-rounds" not in _client(organizer).get(f"/events/{event.slug}/staff/").content.decode()
