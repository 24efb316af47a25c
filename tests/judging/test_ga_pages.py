"""The pages a Grand Archive event's players and staff open never name a Flesh and Blood
document (TR&P, PPG, "Procedure and Penalty Guide"): the infraction page lists the GA IPG
counterparts, judging, decklist, staff, settings and mirror pages cite GA's documents or the
organizer's policy (tournament.citations), the penalty report PDF says GA IPG, reconstruction runs
under GA's rules (judging.reconstruction.ga), and the API's help texts name both games. The same
pages of a FaB event keep their TR&P/PPG citations. Each test is named after what it checks."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from core.errors import DomainError
from decklists.models import Decklist
from judging.models import Reconstruction
from judging.reconstruction import services as recon_services
from judging.services import calls as call_services
from judging.services import deck_checks as deck_check_services
from judging.services import penalties as penalty_services
from tests.factories import (
    EventFactory,
    MatchFactory,
    PlayerProfileFactory,
    RegistrationFactory,
    RoundFactory,
)
from tests.judging.conftest import make_world
from tests.pdf_words import PDFTOTEXT, words
from tournament import services as tournament_services
from tournament.citations import CITATIONS, both_games
from tournament.enums import REL, EventStatus, EventType, FormatCode, Game, RoundStage, RoundStatus

pytestmark = pytest.mark.django_db

#: Every way a page can name a FaB document (HTML escapes the ampersand).
FAB_WORDS = re.compile(r"TR&(amp;)?P|\bPPG\b|Procedure and Penalty Guide")
#: a form's random CSRF token, which can hold any three letters ("...T3APPGZi...")
CSRF_VALUE = re.compile(r'name="csrfmiddlewaretoken" value="[^"]*"')


def _leaks(text: str) -> list[str]:
    """Each FaB document name in ``text`` with 60 characters of context either side (the forms' random
    tokens left out: they are no words of the page)."""
    text = CSRF_VALUE.sub('name="csrfmiddlewaretoken" value=""', text)
    return [text[max(0, m.start() - 60) : m.end() + 60] for m in FAB_WORDS.finditer(text)]


def _client(user) -> Client:
    c = Client()
    c.force_login(user)
    return c


def _world(game: str):
    if game == Game.GA:
        return make_world(
            game=Game.GA, format=FormatCode.GA_STANDARD, event_type=EventType.GA_STORE_CHAMPIONSHIP
        )
    return make_world()


def _accepted_list(registration, *, late=False):
    return Decklist.objects.create(
        registration=registration,
        status="accepted",
        hero="A hero",
        is_late=late,
        raw_text="1 A hero\n3 Card one\n2 Card two",
        cards=[
            {"name": "A hero", "pitch": None, "qty": 1, "section": "hero"},
            {"name": "Card one", "pitch": 1, "qty": 3, "section": "deck"},
            {"name": "Card two", "pitch": 3, "qty": 2, "section": "deck"},
        ],
    )


def _populate(w):
    """Calls (one appealed after the head judge's own ruling, one claimed), penalties (a Match
    Loss waiting for the head judge, a Decklist Error with its list, a Warning), a finished deck
    check with mismatches and one in progress, a dropped player: every branch of the pages
    that carries a citation."""
    _accepted_list(w.alice, late=True)
    appealed = call_services.open_call(
        w.event, actor=w.fj, table_number=1, caller="player_a", question="Block?"
    )
    call_services.claim_call(appealed, judge=w.hj)
    call_services.record_ruling(appealed, judge=w.hj, ruling="It resolves first.", citations="")
    call_services.appeal_call(appealed, actor=w.hj, appealed_by="player_b")
    claimed = call_services.open_call(
        w.event, actor=w.fj, table_number=1, caller="player_a", question="Timing"
    )
    call_services.claim_call(claimed, judge=w.fj)
    # FaB: a Game Loss, GA: a Match Loss; both wait for the head judge.
    pending = penalty_services.issue_penalty(
        w.bob, infraction="outside_assistance", judge=w.fj, match=w.match
    )
    assert pending.status == "pending"
    decklist_error = penalty_services.issue_penalty(
        w.alice, infraction="decklist_error", judge=w.hj, match=w.match
    )
    done = deck_check_services.create_deck_check(w.alice, judge=w.fj, match=w.match)
    done = deck_check_services.finish_deck_check(
        done, judge=w.fj, presented={"A hero": 1, "Card one": 4, "Card two": 1}
    )
    running = deck_check_services.create_deck_check(w.bob, judge=w.fj, match=w.match)
    dropped = RegistrationFactory(event=w.event, player=PlayerProfileFactory(display_name="Dropped"))
    tournament_services.drop_registration(dropped, actor=w.to)
    return {
        "appealed": appealed,
        "claimed": claimed,
        "pending": pending,
        "decklist_error": decklist_error,
        "done": done,
        "running": running,
    }


def _pages(w, things) -> dict[str, tuple[object, str]]:
    """Page name -> (user, URL) for every page of the brief."""
    slug = w.event.slug
    alice_list = Decklist.objects.get(registration=w.alice)
    return {
        "catalogue": (None, f"/judging/infractions/?event={slug}"),
        "judging home": (w.hj, f"/judging/{slug}/"),
        "appealed call (head judge)": (w.hj, f"/judging/{slug}/calls/{things['appealed'].pk}/"),
        "claimed call": (w.fj, f"/judging/{slug}/calls/{things['claimed'].pk}/"),
        "penalty list": (w.hj, f"/judging/{slug}/penalties/"),
        "penalty form": (
            w.fj,
            f"/judging/{slug}/penalties/new/?match={w.match.pk}&registration={w.bob.pk}"
            "&infraction=unsporting_conduct_major",
        ),
        "pending penalty": (w.hj, f"/judging/{slug}/penalties/{things['pending'].pk}/"),
        "decklist penalty": (w.hj, f"/judging/{slug}/penalties/{things['decklist_error'].pk}/"),
        "tardiness": (w.fj, f"/judging/{slug}/tardiness/"),
        "deck checks": (w.hj, f"/judging/{slug}/deck-checks/"),
        "finished deck check": (w.fj, f"/judging/{slug}/deck-checks/{things['done'].pk}/"),
        "running deck check": (w.fj, f"/judging/{slug}/deck-checks/{things['running'].pk}/"),
        "reports": (w.hj, f"/judging/{slug}/reports/"),
        "decklist (head judge)": (w.hj, f"/decklists/{alice_list.pk}/"),
        "decklist (player)": (w.alice.player.user, f"/decklists/{alice_list.pk}/"),
        "submit (frozen)": (w.alice.player.user, f"/decklists/e/{slug}/"),
        "decklists manage": (w.hj, f"/decklists/e/{slug}/manage/"),
        "staff dashboard": (w.to, f"/events/{slug}/staff/"),
        "day plan": (w.to, f"/events/{slug}/staff/days/"),
        "correct": (w.to, f"/events/{slug}/staff/correct/?round=1&table=1"),
        "event settings": (w.to, f"/events/{slug}/edit/"),
        "mirror penalties": (w.to, f"/mirror/{slug}/penalties/"),
    }


def _get(user, url) -> str:
    client = _client(user) if user is not None else Client()
    resp = client.get(url)
    assert resp.status_code == 200, (url, resp.status_code)
    return resp.content.decode()


def test_every_page_of_a_ga_event_names_no_fab_document_ga_ipg_ga_trg():
    w = _world(Game.GA)
    things = _populate(w)
    leaks = {}
    for name, (user, url) in _pages(w, things).items():
        found = _leaks(_get(user, url))
        if found:
            leaks[name] = found
    assert not leaks, leaks


def test_the_same_pages_of_a_fab_event_keep_their_trp_and_ppg_citations():
    w = _world(Game.FAB)
    things = _populate(w)
    pages = _pages(w, things)
    wanted = {
        "catalogue": ("Procedure and Penalty Guide 2023", "PPG 4.2"),
        "appealed call (head judge)": ("TR&amp;P 3.9",),
        "claimed call": ("TR&amp;P 3.2", "PPG 1.2", "CR 1.1.3b, PPG 3.1"),
        "pending penalty": ("PPG 1.2",),
        "decklist penalty": ("PPG 4.4",),
        "tardiness": ("PPG 4.1",),
        "deck checks": ("TR&amp;P 3.8",),
        "finished deck check": ("TR&amp;P 3.2",),
        "running deck check": ("TR&amp;P 3.2",),
        "decklist (head judge)": ("late (TR&amp;P 3.7)", "Decklist Error, PPG 4.4"),
        "submit (frozen)": ("TR&amp;P 3.7, PPG 4.4",),
        "decklists manage": ("TR&amp;P 3.7: before round 1",),
        "staff dashboard": ("Reason (TR&amp;P 3.2)", "the head judge decides (TR&amp;P 3.6)"),
        "day plan": ("TR&amp;P Appendix A", "TR&amp;P Appendix B"),
        "correct": ("Intentional draw (TR&amp;P 3.5)", "Concession (TR&amp;P 3.5)"),
        "event settings": ("Tournament rules (TR&amp;P) edition", "TR&amp;P Appendix C"),
        "mirror penalties": ("<td>TR&amp;P 3.8</td>",),
    }
    missing = {}
    for name, texts in wanted.items():
        user, url = pages[name]
        html = _get(user, url)
        absent = [t for t in texts if t not in html]
        if absent:
            missing[name] = absent
    assert not missing, missing


def test_ga_infraction_page_lists_the_ga_ipg_counterparts_and_base_penalties_ga_ipg_quicksheet(client):
    w = _world(Game.GA)
    html = client.get(f"/judging/infractions/?event={w.event.slug}").content.decode()

    assert "<title>Infractions and penalties (GA IPG)" in html
    assert "Infraction Policy Guide (GA IPG)" in html and w.event.name in html
    rows = dict(re.findall(r'class="name">([^<]+)</span>.*?<td class="penalty">([^<]+)</td>', html, re.S))
    assert "Tournament Error, Major" in html.split('id="outside_assistance"')[1].split("</tr>")[0]
    assert rows["Outside Assistance"] == "Match Loss"
    assert rows["Tardiness"] == "Game Loss"
    assert rows["Game/Match End Procedures Violation"] == "Match Loss"
    assert rows["Bribery, Wagers, and Collusion"] == "Disqualification"
    assert "Tardiness - Minor" not in html and "Intellect Penalty (IP" not in html
    # One row per GA infraction: the two FaB Tardiness codes share GA's Tardiness.
    assert list(rows).count("Tardiness") == 1 and len(re.findall(r'class="ga-row"', html)) == len(rows)
    unmapped = html.split('class="ga-unmapped"')[1]
    assert "Rules Sharking" in unmapped and "Shuffling Error" in unmapped
    assert not _leaks(html)


def test_fab_infraction_page_with_or_without_an_event_is_the_ppg_table(client):
    w = _world(Game.FAB)
    for url in ("/judging/infractions/", f"/judging/infractions/?event={w.event.slug}"):
        html = client.get(url).content.decode()
        assert "Procedure and Penalty Guide 2023" in html and 'class="ga-row"' not in html
        assert ">PPG 4.2<" in html
    assert 'class="current"' in client.get(f"/judging/infractions/?event={w.event.slug}").content.decode()


def test_ga_infraction_page_of_a_draft_event_keeps_its_name_from_the_public(client):
    w = _world(Game.GA)
    w.event.status = EventStatus.DRAFT
    w.event.name = "Secret Store Championship"
    w.event.save()
    html = client.get(f"/judging/infractions/?event={w.event.slug}").content.decode()
    assert 'class="ga-row"' in html and "Secret Store Championship" not in html


@pytest.mark.skipif(PDFTOTEXT is None, reason="poppler-utils (pdftotext) is not installed")
@pytest.mark.parametrize("game", [Game.FAB, Game.GA])
def test_penalty_report_pdf_names_ga_ipg_for_ga_and_the_ppg_for_fab(game):
    from judging.tasks import render_penalty_report

    w = _world(game)
    _populate(w)
    text = " ".join(word.text for word in words(render_penalty_report(w.event)))
    # A penalty waiting for the head judge says so once, not as its status and again as its effect.
    assert text.count("head- judge confirmation") + text.count("head-judge confirmation") <= 1, text
    if game == Game.GA:
        assert "GA IPG" in text and not _leaks(text), _leaks(text)
    else:
        assert "PPG 2023" in text


def test_ga_call_page_offers_reconstruction_under_ga_rules():
    w = _world(Game.GA)
    things = _populate(w)
    html = _get(w.hj, f"/judging/{w.event.slug}/calls/{things['claimed'].pk}/")
    assert 'id="start-reconstruction"' in html and "Flesh and Blood games only" not in html


def test_fab_call_page_still_offers_reconstruction():
    w = _world(Game.FAB)
    things = _populate(w)
    html = _get(w.hj, f"/judging/{w.event.slug}/calls/{things['claimed'].pk}/")
    assert 'id="start-reconstruction"' in html and "covers Flesh and Blood games only" not in html


def test_ga_reconstruction_starts_from_the_service_the_page_and_the_api():
    w = _world(Game.GA)
    things = _populate(w)
    call = things["claimed"]

    recon = recon_services.create_reconstruction(call, actor=w.hj, start={"P1": {}, "P2": {}})
    assert recon.rules_version == "ga" and recon.start["game"] == "ga"

    page = _client(w.hj).post(
        f"/judging/{w.event.slug}/calls/{call.pk}/reconstructions/new/", {"game_number": "1"}, follow=True
    )
    html = page.content.decode()
    assert page.status_code == 200 and 'data-game="ga"' in html and not _leaks(html), _leaks(html)

    api = _client(w.hj).post(
        f"/api/judging/calls/{call.pk}/reconstructions/", {}, content_type="application/json"
    )
    assert api.status_code == 201 and api.json()["rules_version"] == "ga"
    assert Reconstruction.objects.filter(call=call).count() == 3


def test_a_reconstruction_left_from_before_an_event_became_ga_is_replayed_under_ga_rules():
    w = _world(Game.FAB)
    things = _populate(w)
    recon = Reconstruction.objects.create(
        call=things["claimed"], start={"P1": {"life": 20}}, lines=[], created_by=w.hj
    )
    w.event.game, w.event.format, w.event.event_type = Game.GA, FormatCode.GA_STANDARD, EventType.GA_REGULAR
    w.event.save()

    html = _get(w.hj, f"/judging/{w.event.slug}/reconstructions/{recon.pk}/")
    assert "The starting state cannot be read" in html and "unknown GA keys" in html
    api = _client(w.hj).get(f"/api/judging/reconstructions/{recon.pk}/")
    assert api.status_code == 200 and "unknown GA keys" in api.json()["start_error"]
    with pytest.raises(DomainError):
        recon_services.update_start(recon, actor=w.hj, start={"P1": {"life": 20}}, expected_version=None)


def test_ga_ruling_and_penalty_messages_name_no_fab_document():
    w = _world(Game.GA)
    client = _client(w.fj)
    resp = client.post(
        f"/judging/{w.event.slug}/penalties/new/",
        {
            "step": "issue",
            "match": w.match.pk,
            "registration": w.bob.pk,
            "infraction": "unsporting_conduct_major",
        },
        follow=True,
    )
    html = resp.content.decode()
    assert "waiting for the head judge (GA Judge Handbook)" in html and not _leaks(html)


def test_my_decklists_cites_trp_3_7_for_fab_play_off_opponents_only():
    for game in (Game.FAB, Game.GA):
        kw = (
            {"game": Game.GA, "format": FormatCode.GA_STANDARD, "event_type": EventType.GA_STORE_CHAMPIONSHIP}
            if game == Game.GA
            else {}
        )
        event = EventFactory(rel=REL.PROFESSIONAL, **kw)
        me = RegistrationFactory(event=event, player=PlayerProfileFactory(display_name=f"Me {game}"))
        them = RegistrationFactory(event=event, player=PlayerProfileFactory(display_name=f"Them {game}"))
        cut = RoundFactory(event=event, number=4, stage=RoundStage.TOP_CUT, status=RoundStatus.IN_PROGRESS)
        MatchFactory(round=cut, table_number=1, player_a=me, player_b=them)
        _accepted_list(them)
        html = _get(me.player.user, "/decklists/")
        assert "Play-off opponents" in html
        if game == Game.GA:
            assert not _leaks(html), _leaks(html)
        else:
            assert "Play-off opponents' lists (TR&amp;P 3.7)" in html


def test_ga_decklist_forms_help_texts_name_ga_documents():
    from decklists.forms import DeadlineForm, FixForm

    assert FixForm(ga=True).fields["reason"].help_text.startswith("GA IPG Decklist Issue:")
    assert FixForm().fields["reason"].help_text.startswith("PPG 4.4:")
    assert "organizer's policy" in DeadlineForm(ga=True).fields["limited_sets"].help_text
    assert "TR&P 8.1" in DeadlineForm().fields["limited_sets"].help_text


def test_every_page_topic_has_a_ga_text_free_of_fab_documents():
    for topic, (fab, ga) in CITATIONS.items():
        assert not _leaks(ga), topic
        assert both_games(topic) == f"FaB {fab}; Grand Archive: {ga}"


def test_api_texts_that_name_trp_or_ppg_also_name_the_game_they_belong_to():
    """OpenAPI operation and field descriptions serve both games' events: a TR&P or PPG number
    there says it is FaB's (enum choice lists, which list FaB editions, are left out)."""
    from drf_spectacular.generators import SchemaGenerator

    def texts(node, path=""):
        if isinstance(node, dict):
            for key, value in node.items():
                if key in ("description", "summary") and isinstance(value, str):
                    yield f"{path}/{key}", value
                else:
                    yield from texts(value, f"{path}/{key}")
        elif isinstance(node, list):
            for i, value in enumerate(node):
                yield from texts(value, f"{path}/{i}")

    schema = SchemaGenerator().get_schema(request=None, public=True)
    bad = []
    for where, text in texts(schema):
        body = " ".join(line for line in text.splitlines() if not line.lstrip().startswith("* `"))
        if FAB_WORDS.search(body) and not re.search(r"\bFaB\b|Flesh and Blood", body):
            bad.append((where, body[:120]))
    assert not bad, bad
    drop = schema["paths"]["/api/events/{slug}/players/{reg_id}/drop/"]["post"]["description"]
    assert "Grand Archive: GA TRG Dropping from Tournaments" in drop


def test_deck_check_started_now_on_a_ga_page_shows_the_ga_extension_rule():
    w = _world(Game.GA)
    check = deck_check_services.create_deck_check(w.alice, judge=w.fj, match=w.match)
    check.started_at = timezone.now() - timedelta(minutes=2)
    check.save(update_fields=["started_at"])
    html = _get(w.fj, f"/judging/{w.event.slug}/deck-checks/{check.pk}/")
    assert "GA TRG Time Extensions" in html and not _leaks(html)


@pytest.mark.parametrize("game", [Game.FAB, Game.GA])
def test_staff_dashboard_in_a_play_off_cites_ga_trg_round_structure_or_trp_3_4(game):
    w = _world(game)
    w.round.status = RoundStatus.COMPLETE
    w.round.save()
    cut = RoundFactory(event=w.event, number=2, stage=RoundStage.TOP_CUT, status=RoundStatus.IN_PROGRESS)
    MatchFactory(round=cut, table_number=1, player_a=w.alice, player_b=w.bob)

    html = _get(w.to, f"/events/{w.event.slug}/staff/")

    if game == Game.GA:
        assert "End of match in the play-off (GA TRG Round Structure)" in html
        assert not _leaks(html), _leaks(html)
    else:
        assert "End of match in the play-off (TR&amp;P 3.4)" in html


@pytest.mark.parametrize("game", [Game.FAB, Game.GA])
def test_decklist_refusals_cite_ga_ipg_decklist_issue_or_trp_3_7_ppg_4_4(game):
    from core.errors import ConflictError, NotAllowed
    from decklists import access as decklist_access
    from decklists import services as decklists

    w = _world(game)
    _accepted_list(w.alice)
    with pytest.raises(ConflictError) as frozen:
        decklists.save_decklist(w.alice, actor=w.alice.player.user, text="1 A hero", kind="constructed")
    with pytest.raises(NotAllowed) as not_head:
        decklist_access.require(w.fj, w.event, "change_accepted_lists")

    messages = [frozen.value.message, not_head.value.message]
    if game == Game.GA:
        assert "(GA IPG Decklist Issue)" in messages[0] and "(GA IPG Decklist Issue)" in messages[1]
        assert not _leaks(" ".join(messages)), messages
    else:
        assert "(TR&P 3.7, PPG 4.4)" in messages[0] and "(PPG 4.4)" in messages[1]


def test_ga_event_settings_keep_fab_editions_as_stored_when_saved():
    """The GA edit form leaves out FaB's TR&P/PPG editions and CMP bye setting; saving it
    keeps what the event had."""
    from tournament.forms import EventForm

    w = _world(Game.GA)
    before = (w.event.trp_version, w.event.ppg_version, w.event.bye_counts_in_cmp)
    form = EventForm(instance=w.event)
    assert not {"trp_version", "ppg_version", "bye_counts_in_cmp"} & set(form.fields)
    assert "GA TRG Round Times" in form.fields["round_minutes"].help_text
    data = {name: form[name].value() for name in form.fields if form[name].value() is not None}
    data["name"] = "Renamed GA event"
    resp = _client(w.to).post(f"/events/{w.event.slug}/edit/", data)
    assert resp.status_code == 302, resp.content.decode()[:2000]
    w.event.refresh_from_db()
    assert w.event.name == "Renamed GA event"
    assert (w.event.trp_version, w.event.ppg_version, w.event.bye_counts_in_cmp) == before
