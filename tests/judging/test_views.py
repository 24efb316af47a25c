"""Judge pages: permissions, the issue flow, call actions, deck-check entry, reports (CSV + PDF)."""

import pytest
from django.test import Client

from judging.models import DeckCheck, JudgeCall, Penalty
from judging.services import calls as call_services
from judging.services import deck_checks as deck_check_services
from judging.services import penalties as penalty_services
from tournament.enums import MatchResult, RegistrationStatus


def _client(user):
    c = Client()
    c.force_login(user)
    return c


@pytest.mark.parametrize(
    "who,status", [("fj", 200), ("hj", 200), ("to", 200), ("player", 403), ("anon", 302)]
)
def test_dashboard_access(world, who, status):
    client = (
        Client()
        if who == "anon"
        else _client(world.alice.player.user if who == "player" else getattr(world, who))
    )
    assert client.get(f"/judging/{world.event.slug}/").status_code == status


def test_unknown_event_is_404(world):
    assert _client(world.fj).get("/judging/no-such-event/").status_code == 404


def test_open_call_and_queue_on_dashboard(world):
    client = _client(world.fj)
    resp = client.post(
        f"/judging/{world.event.slug}/calls/open/",
        {"table_number": 1, "caller": "player_a", "question": "Blocking with equipment?"},
    )
    call = JudgeCall.objects.get()
    assert resp.status_code == 302 and resp["Location"].endswith(f"/calls/{call.pk}/")
    page = client.get(f"/judging/{world.event.slug}/").content.decode()
    assert "Table 1" in page and "Blocking with equipment?" in page


def test_call_page_actions_rule_and_close_with_extension(world):
    client = _client(world.fj)
    call = call_services.open_call(world.event, actor=world.fj, table_number=1)
    url = f"/judging/{world.event.slug}/calls/{call.pk}/"
    assert client.post(url, {"action": "claim"}).status_code == 302
    assert client.post(url, {"action": "rule", "ruling": "Rewind", "citations": "PPG 3.1"}).status_code == 302
    page = client.get(url).content.decode()
    assert "Rewind" in page and "PPG 3.1" in page
    resp = client.post(url, {"action": "close", "minutes": "1", "seconds": "1"})
    assert resp.status_code == 302
    world.match.refresh_from_db()
    assert world.match.extension_seconds == 120


def test_bad_citation_shows_error_not_500(world):
    client = _client(world.fj)
    call = call_services.open_call(world.event, actor=world.fj, table_number=1)
    resp = client.post(
        f"/judging/{world.event.slug}/calls/{call.pk}/",
        {"action": "rule", "ruling": "x", "citations": "see the rules"},
    )
    assert resp.status_code == 200
    assert "is not a rule number" in resp.content.decode()


def test_penalty_preview_then_issue(world):
    client = _client(world.fj)
    url = f"/judging/{world.event.slug}/penalties/new/"
    preview = client.get(
        url, {"registration": world.alice.pk, "infraction": "shuffling_error"}
    ).content.decode()
    assert 'Recommended: <span class="penalty-ip2">Intellect Penalty (IP2)</span>' in preview
    assert "Head-judge confirmation needed" in preview
    resp = client.post(
        url,
        {
            "registration": world.alice.pk,
            "infraction": "shuffling_error",
            "step": "issue",
            "game_number": "1",
        },
    )
    p = Penalty.objects.get()
    assert resp.status_code == 302 and (p.status, p.penalty) == ("pending", "ip2")
    hj = _client(world.hj)
    assert hj.post(f"/judging/{world.event.slug}/penalties/{p.pk}/", {"action": "confirm"}).status_code == 302
    p.refresh_from_db()
    assert p.status == "issued"


def test_deviation_without_reason_shows_field_error(world):
    client = _client(world.hj)
    resp = client.post(
        f"/judging/{world.event.slug}/penalties/new/",
        {
            "registration": world.alice.pk,
            "infraction": "game_rules_violation",
            "penalty": "game_loss",
            "step": "issue",
        },
    )
    assert resp.status_code == 200
    assert "needs a reason" in resp.content.decode()
    assert Penalty.objects.count() == 0


def test_floor_judge_cannot_confirm_on_page(world):
    p = penalty_services.issue_penalty(
        world.alice, infraction="outside_assistance", judge=world.fj, match=world.match
    )
    resp = _client(world.fj).post(f"/judging/{world.event.slug}/penalties/{p.pk}/", {"action": "confirm"})
    assert resp.status_code == 200
    assert "cannot confirm this penalty" in resp.content.decode()
    p.refresh_from_db()
    assert p.status == "pending"


def test_player_cannot_open_penalty_form(world):
    assert (
        _client(world.alice.player.user).get(f"/judging/{world.event.slug}/penalties/new/").status_code == 403
    )


def test_dq_from_page_removes_player(world):
    client = _client(world.hj)
    client.post(
        f"/judging/{world.event.slug}/penalties/new/",
        {
            "registration": world.bob.pk,
            "infraction": "theft",
            "step": "issue",
            "statement": "Took a deck box.",
        },
    )
    world.bob.refresh_from_db()
    world.match.refresh_from_db()
    assert (world.bob.status, world.match.result) == (RegistrationStatus.DISQUALIFIED, MatchResult.A_WINS)


def test_deck_check_entry_side_by_side(world):
    from decklists.models import Decklist

    Decklist.objects.create(
        registration=world.alice,
        status="accepted",
        cards=[{"name": "Snatch", "pitch": 1, "qty": 3, "section": "deck"}],
    )
    client = _client(world.fj)
    resp = client.post(
        f"/judging/{world.event.slug}/deck-checks/",
        {"action": "new", "registration": world.alice.pk, "kind": "regular"},
    )
    check = DeckCheck.objects.get()
    assert resp.status_code == 302
    page = client.get(f"/judging/{world.event.slug}/deck-checks/{check.pk}/").content.decode()
    assert "Snatch (red)" in page
    resp = client.post(
        f"/judging/{world.event.slug}/deck-checks/{check.pk}/",
        {
            "action": "finish",
            "count-0": "2",
            "extra": "1 Pummel (red)",
            "check-hero": "on",
        },
    )
    check.refresh_from_db()
    assert check.status == "done"
    assert check.mismatches == [
        {"card": "Pummel (red)", "listed": 0, "presented": 1},
        {"card": "Snatch (red)", "listed": 3, "presented": 2},
    ]
    page = client.get(f"/judging/{world.event.slug}/deck-checks/{check.pk}/").content.decode()
    assert "Card-Pool Contents Error" in page and "Marked Cards" in page


def test_deck_check_bad_extra_line_is_an_error(world):
    client = _client(world.fj)
    check = deck_check_services.create_deck_check(world.alice, judge=world.fj, match=world.match)
    resp = client.post(
        f"/judging/{world.event.slug}/deck-checks/{check.pk}/",
        {"action": "finish", "extra": "three Snatch"},
        follow=True,
    )
    assert "must be a whole number" in resp.content.decode()


@pytest.mark.parametrize("who,status", [("to", 200), ("hj", 200), ("fj", 403), ("sk", 403)])
def test_reports_for_organizer_and_head_judge(world, who, status):
    assert _client(getattr(world, who)).get(f"/judging/{world.event.slug}/reports/").status_code == status


def test_penalty_report_csv_and_pdf(world):
    penalty_services.issue_penalty(
        world.alice,
        infraction="game_rules_violation",
        judge=world.hj,
        description="<script>alert(1)</script>",
    )
    client = _client(world.to)
    csv_resp = client.get(f"/judging/{world.event.slug}/reports/penalties.csv")
    assert csv_resp["Content-Type"].startswith("text/csv")
    assert "Game Rules Violation" in csv_resp.content.decode()
    pdf_resp = client.get(f"/judging/{world.event.slug}/reports/penalties.pdf")
    assert pdf_resp["Content-Type"] == "application/pdf"
    assert pdf_resp.content.startswith(b"%PDF")


def test_player_history_pages(world):
    penalty_services.issue_penalty(world.alice, infraction="game_rules_violation", judge=world.hj)
    me = _client(world.alice.player.user)
    resp = me.get("/judging/me/", follow=True)
    assert "My penalties" in resp.content.decode() and "Game Rules Violation" in resp.content.decode()
    other = _client(world.bob.player.user)
    assert other.get(f"/judging/players/{world.alice.player.player_id}/").status_code == 404


def test_public_catalogue_page_highlights_event_rel(world):
    page = Client().get(f"/judging/infractions/?event={world.event.slug}").content.decode()
    assert "Shuffling Error" in page and 'class="current"' in page


@pytest.mark.parametrize("size", [2, 8])
def test_penalty_list_query_count_is_constant(world, django_assert_num_queries, size):
    for _ in range(size):
        penalty_services.issue_penalty(world.alice, infraction="slow_play", judge=world.hj)
    client = _client(world.hj)
    client.get(f"/judging/{world.event.slug}/penalties/")  # warm session/role caches
    # The session comes from the shared cache (cached_db sessions): no query for it.
    with django_assert_num_queries(4):
        resp = client.get(f"/judging/{world.event.slug}/penalties/")
    assert resp.content.decode().count("Slow Play") == size


def test_issue_to_both_players_from_page(world):
    client = _client(world.hj)
    resp = client.post(
        f"/judging/{world.event.slug}/penalties/new/",
        {
            "match": world.match.pk,
            "infraction": "shuffling_error",
            "step": "issue_both",
        },
    )
    assert resp.status_code == 302
    assert sorted(Penalty.objects.values_list("effect", flat=True)) == ["no_effect", "no_effect"]


def test_large_penalty_report_comes_from_the_background_task(world, settings, tmp_path, monkeypatch):
    from core.models import GeneratedFile
    from judging import tasks, views

    settings.MEDIA_ROOT = tmp_path
    monkeypatch.setattr(views, "INLINE_PDF_LIMIT", 1)
    for _ in range(2):
        penalty_services.issue_penalty(world.alice, infraction="slow_play", judge=world.hj)
    url = f"/judging/{world.event.slug}/reports/penalties.pdf"
    resp = _client(world.to).get(url)
    assert resp.status_code == 200 and resp.content.startswith(b"%PDF")
    stored = GeneratedFile.objects.get(app_label="judging", event_id=world.event.pk)
    assert stored.file.path.startswith(str(tmp_path)) and stored.file.read() == resp.content
    # Unchanged penalties: served from the same file; a new penalty makes a new one.
    assert _client(world.to).get(url).content == resp.content
    assert GeneratedFile.objects.filter(app_label="judging").count() == 1
    penalty_services.issue_penalty(world.alice, infraction="slow_play", judge=world.hj)
    assert _client(world.to).get(url).status_code == 200
    assert GeneratedFile.objects.filter(app_label="judging").count() == 2
    assert tasks.penalty_report_file(world.event).params["penalties"] == 3


def test_a_dead_workers_penalty_report_is_made_again(world, settings, tmp_path, monkeypatch):
    """Issue 35, item 9: the page kept waiting on a report whose worker had died."""
    from datetime import timedelta

    from django.utils import timezone

    from core.files import start_generated_file
    from core.models import GeneratedFile
    from judging import tasks, views

    settings.MEDIA_ROOT = tmp_path
    monkeypatch.setattr(views, "INLINE_PDF_LIMIT", 1)
    for _ in range(2):
        penalty_services.issue_penalty(world.alice, infraction="slow_play", judge=world.hj)
    # The report a killed worker was making: started, beat once, then silence.
    dead = start_generated_file(
        "judging", tasks.REPORT_KIND, event_id=world.event.pk, params=tasks._report_state(world.event)
    )
    GeneratedFile.objects.filter(pk=dead.pk).update(
        status="running", heartbeat_at=timezone.now() - timedelta(minutes=30)
    )
    resp = _client(world.to).get(f"/judging/{world.event.slug}/reports/penalties.pdf")
    assert resp.status_code == 200 and resp.content.startswith(b"%PDF")
    assert GeneratedFile.objects.get(pk=dead.pk).status == "failed"


def test_tardiness_page_issues_minor_with_extension(world):
    resp = _client(world.fj).post(
        f"/judging/{world.event.slug}/tardiness/", {"registration": world.alice.pk, "minutes_late": "4"}
    )
    p = Penalty.objects.get()
    world.match.refresh_from_db()
    assert resp.status_code == 302
    assert (p.infraction, p.penalty, world.match.extension_seconds) == ("tardiness_minor", "ip3", 240)


def test_deck_check_page_links_the_accepted_decklist(world):
    from decklists.models import Decklist

    decklist = Decklist.objects.create(registration=world.alice, status="accepted", hero="Bravo", cards=[])
    check = deck_check_services.create_deck_check(world.alice, judge=world.fj, match=world.match)
    page = _client(world.fj).get(f"/judging/{world.event.slug}/deck-checks/{check.pk}/").content.decode()
    assert f"/decklists/{decklist.pk}/" in page


def test_preview_with_a_situation_of_another_infraction_says_so(world):
    resp = _client(world.fj).post(
        f"/judging/{world.event.slug}/penalties/new/",
        {
            "registration": world.alice.pk,
            "infraction": "game_rules_violation",
            "variant": "minor_early",
            "step": "preview",
        },
    )
    assert resp.status_code == 200
    assert "has no situation" in resp.content.decode()


def test_the_situation_list_is_grouped_by_infraction_then_only_the_chosen_ones(world):
    """Issue 36: before an infraction is chosen the situations are grouped under each infraction's
    name (penalty_form.js shows the chosen group); once chosen, only its situations are offered."""
    url = f"/judging/{world.event.slug}/penalties/new/"
    client = _client(world.fj)
    page = client.get(url).content.decode()
    variant = page.split('name="variant"')[1].split("</select>")[0]
    assert "<optgroup" in variant and "penalty_form.js" in page
    chosen = client.get(url, {"infraction": "outside_assistance"}).content.decode()
    variant = chosen.split('name="variant"')[1].split("</select>")[0]
    assert (
        variant.count("<optgroup") == 1 and "harmless_ignorance" in variant and "minor_early" not in variant
    )
