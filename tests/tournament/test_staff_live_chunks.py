"""The staff dashboard's live rows are rendered in chunks kept in the shared cache
(``live.cached_chunks``) from a plain-values read of the round (``selectors.match_rows_for_round``):
the rows are the same as before, a result shows on the next poll with every chunk cached, a
role's "edit" links never reach another role through a shared chunk, and one result renders
one chunk again, not the table."""

from __future__ import annotations

import os
import re
import socket
from urllib.parse import urlsplit

import pytest
from django.core.cache import cache
from django.template import engines
from django.test import Client

from tests.conftest import run_cache_settings
from tests.factories import (
    EventFactory,
    MatchFactory,
    PlayerProfileFactory,
    RegistrationFactory,
    RoundFactory,
    StaffAssignmentFactory,
    UserFactory,
)
from tests.tournament.test_pages import build_running_event
from tournament import live, selectors, services
from tournament.enums import MatchResult, ReportStatus, RoundStatus, StaffRole
from tournament.models import Match
from tournament.pdf import rows_by_table

REDIS = os.environ.get("CELERY_BROKER_URL") or "redis://127.0.0.1:6379/0"


def _redis_reachable() -> bool:
    parts = urlsplit(REDIS)
    try:
        with socket.create_connection((parts.hostname or "127.0.0.1", parts.port or 6379), timeout=1):
            return True
    except OSError:
        return False


@pytest.fixture(params=["locmem", "redis"])
def shared_cache(request, settings):
    """The tests run on the default in-process cache and on Redis (as in production), a
    database of this xdist worker's own; the cache is emptied before each test."""
    if request.param == "redis":
        if not REDIS.startswith("redis") or not _redis_reachable():
            pytest.skip(f"no Redis at {REDIS}")
        settings.CACHES = {"default": run_cache_settings(REDIS)}
    cache.clear()
    yield request.param
    cache.clear()


def _staff_client(event, role, username):
    user = UserFactory(username=username)
    StaffAssignmentFactory(event=event, user=user, role=role)
    client = Client()
    client.force_login(user)
    return user, client


def _tbody(html: str, marker: str) -> str:
    """The rows of the table whose ``tbody`` holds rows marked ``marker``."""
    bodies = [b for b in re.findall(r"<tbody>(.*?)</tbody>", html, re.S) if marker in b]
    assert len(bodies) == 1, html
    return bodies[0]


def _result_row(html: str, table: int) -> str:
    found = re.search(rf'<tr data-result-row="{table}">.*?</tr>', html, re.S)
    assert found, html
    return found.group(0)


# The rows as the templates wrote them before the chunks (from the round's Match instances).
OLD_PAIRING_ROWS = """{% for r in by_table %}<tr data-result-row="{{ r.table }}"><td class="num">{{ r.table|default:"–" }}</td><td>{{ r.a_name }}</td><td>{{ r.b_name }}</td><td>{% if r.result %}{{ r.result_label }} {{ r.score }}{% endif %}</td><td class="no-print">{% if r.table and can_results and is_open and round_.status != "paired" %}<a href="{% url 'tournament:staff_correct' event.slug %}?round={{ round_.number }}&amp;table={{ r.table }}">edit</a>{% endif %}</td></tr>{% endfor %}"""  # noqa: E501
# (Issue 36: an extension now reads in minutes, "+3 min", where it read "+180s"; a lone report has
# an "Accept the report" button.)
OLD_OUTSTANDING_ROWS = """{% load round_words %}{% for m in outstanding %}<tr data-outstanding-table="{{ m.table_number }}"><td class="num">{{ m.table_number|default:"–" }}</td><td>{{ m.player_a.player.display_name }} v {% if m.player_b_id %}{{ m.player_b.player.display_name }}{% else %}BYE{% endif %}</td><td>{{ m.get_report_status_display }}{% if m.extension_seconds %} <span class="badge warning">{{ m.extension_seconds|extension }}</span>{% endif %}{% if m.report_status == "reported" %} <button type="button" class="link" data-accept-report="{{ m.pk }}">Accept the report</button>{% endif %}</td></tr>{% endfor %}"""  # noqa: E501


def _mixed_round():
    """A round with every kind of row: played with scores and drawn games, a draw, a double
    loss, a reported and a disputed result, an extension, a bye, names that need escaping."""
    event = EventFactory(swiss_rounds=3, top_cut=0)
    names = [
        "Ana <b>Bold</b>",
        "O'Brien & Co",
        "Zoë Ångström",
        "Bea",
        "Cy",
        "Dee",
        "Eve",
        "Fay",
        "Gus",
        "Hal",
        "Ivy",
    ]
    regs = [RegistrationFactory(event=event, player=PlayerProfileFactory(display_name=n)) for n in names]
    round_ = RoundFactory(event=event, number=1, status=RoundStatus.PUBLISHED)
    rows = [
        {
            "result": MatchResult.A_WINS,
            "games_a": 2,
            "games_b": 1,
            "games_drawn": 1,
            "report_status": ReportStatus.STAFF,
        },
        {"result": MatchResult.DRAW, "report_status": ReportStatus.CONFIRMED},
        {"result": MatchResult.DOUBLE_LOSS, "report_status": ReportStatus.STAFF},
        {"report_status": ReportStatus.REPORTED, "extension_seconds": 180},
        {"report_status": ReportStatus.DISPUTED},
    ]
    for i, fields in enumerate(rows):
        MatchFactory(
            round=round_, table_number=i + 1, player_a=regs[2 * i], player_b=regs[2 * i + 1], **fields
        )
    MatchFactory(round=round_, table_number=None, player_a=regs[10], player_b=None, result=MatchResult.BYE)
    return event, round_


@pytest.mark.django_db
def test_plain_value_rows_are_the_rows_of_the_match_instances():
    event, round_ = _mixed_round()
    light = selectors.match_rows_for_round(round_)
    full = list(selectors.matches_for_round(round_))
    assert [m.pk for m in light] == [m.pk for m in full]
    assert rows_by_table(light) == rows_by_table(full)
    assert [m.get_report_status_display() for m in light] == [m.get_report_status_display() for m in full]
    assert [m.get_result_display() for m in light] == [m.get_result_display() for m in full]


@pytest.mark.django_db
@pytest.mark.parametrize("role", [StaffRole.SCOREKEEPER, StaffRole.FLOOR_JUDGE])
def test_chunked_rows_are_the_rows_the_templates_wrote_before(shared_cache, role):
    """Byte for byte, with and without "edit" links, from a cold and from a warm cache, on the
    live fragment and on the dashboard page."""
    event, round_ = _mixed_round()
    _, client = _staff_client(event, role, "staff")
    matches = list(selectors.matches_for_round(round_))
    context = {
        "by_table": rows_by_table(matches),
        "outstanding": [m for m in matches if m.result == MatchResult.PENDING],
        "can_results": role == StaffRole.SCOREKEEPER,
        "is_open": True,
        "round_": round_,
        "event": event,
    }
    django_engine = engines["django"]
    old_pairings = django_engine.from_string(OLD_PAIRING_ROWS).render(context)
    old_outstanding = django_engine.from_string(OLD_OUTSTANDING_ROWS).render(context)
    assert ("edit</a>" in old_pairings) == (role == StaffRole.SCOREKEEPER)
    assert "Ana &lt;b&gt;Bold&lt;/b&gt;" in old_pairings and "+3 min" in old_outstanding

    for _ in range(2):  # cold, then every chunk from the cache
        for url in (f"/events/{event.slug}/staff/live/", f"/events/{event.slug}/staff/"):
            html = client.get(url).content.decode()
            assert _tbody(html, "data-result-row") == old_pairings
            assert _tbody(html, "data-outstanding-table") == old_outstanding


@pytest.mark.django_db
def test_a_result_shows_on_the_next_poll_with_every_chunk_cached(shared_cache, monkeypatch):
    monkeypatch.setattr(live, "CHUNK_ROWS", 3)
    event, regs, r1, r2 = build_running_event(16)  # 8 tables: chunks of 3, 3 and 2 rows
    sk, client = _staff_client(event, StaffRole.SCOREKEEPER, "sk")
    url = f"/events/{event.slug}/staff/live/"
    before = client.get(url).content.decode()
    assert client.get(url).content.decode() == before  # warm: the same bytes from the cache
    assert 'data-outstanding-table="5"' in before
    assert "won" not in _result_row(before, 5)

    match = Match.objects.get(round=r2, table_number=5)
    services.enter_result(match, actor=sk, result=MatchResult.B_WINS, games_b=1)
    after = client.get(url).content.decode()
    assert f"{match.player_b.player.display_name} won 0-1" in _result_row(after, 5)
    assert 'data-outstanding-table="5"' not in after
    assert 'id="round-outstanding" data-outstanding-count hx-swap-oob="true">7<' in after
    for table in (4, 6):  # the rows beside it in its chunk are unchanged
        assert _result_row(after, table) == _result_row(before, table)
        assert f'data-outstanding-table="{table}"' in after

    # A correction of that result shows as well, and a player renamed between polls too.
    services.correct_result(
        Match.objects.get(pk=match.pk), actor=sk, result=MatchResult.A_WINS, games_a=1, reason="wrong slip"
    )
    profile = Match.objects.get(round=r2, table_number=7).player_a.player
    profile.display_name = "Renamed Player"
    profile.save()
    again = client.get(url).content.decode()
    assert f"{match.player_a.player.display_name} won 1-0" in _result_row(again, 5)
    assert "Renamed Player" in _result_row(again, 7)
    assert "Renamed Player v " in again  # the outstanding row of table 7


@pytest.mark.django_db
def test_edit_links_never_reach_a_role_without_result_entry_through_a_shared_chunk(shared_cache):
    event, regs, r1, r2 = build_running_event(8)
    _, scorekeeper = _staff_client(event, StaffRole.SCOREKEEPER, "sk")
    _, floor_judge = _staff_client(event, StaffRole.FLOOR_JUDGE, "fj")
    live_url, page_url = f"/events/{event.slug}/staff/live/", f"/events/{event.slug}/staff/"
    correct = f"/events/{event.slug}/staff/correct/?round=2&amp;table=1"

    assert correct in scorekeeper.get(live_url).content.decode()  # warms the chunks with links
    for url in (live_url, page_url):
        html = floor_judge.get(url).content.decode()
        assert 'data-result-row="1"' in html
        assert "edit</a>" not in html and "/staff/correct/" not in html
    assert correct in scorekeeper.get(live_url).content.decode()  # and the other way round

    # A paired (unpublished) round offers no edit link to anyone, whatever is cached.
    r2.status = RoundStatus.PAIRED
    r2.save()
    assert "edit</a>" not in scorekeeper.get(live_url).content.decode()


class _SetManySpy:
    """The cache, noting the keys stored with ``set_many`` (the chunks just rendered)."""

    def __init__(self, real):
        self.real, self.stored = real, []

    def __getattr__(self, name):
        return getattr(self.real, name)

    def set_many(self, data, *args, **kwargs):
        self.stored.extend(data)
        return self.real.set_many(data, *args, **kwargs)


@pytest.mark.django_db
def test_one_result_renders_one_chunk_of_each_table_again(shared_cache, monkeypatch):
    monkeypatch.setattr(live, "CHUNK_ROWS", 2)
    event, regs, r1, r2 = build_running_event(20)  # 10 tables: 5 chunks of pairings, 5 outstanding
    sk, client = _staff_client(event, StaffRole.SCOREKEEPER, "sk")
    url = f"/events/{event.slug}/staff/live/"
    spy = _SetManySpy(live.cache)
    monkeypatch.setattr(live, "cache", spy)
    stored = spy.stored
    client.get(url)
    assert len([k for k in stored if ":pairings:" in k]) == 5
    assert len([k for k in stored if ":outstanding:" in k]) == 5
    stored.clear()
    client.get(url)
    assert stored == []  # nothing changed: nothing rendered

    match = Match.objects.get(round=r2, table_number=6)
    services.enter_result(match, actor=sk, result=MatchResult.A_WINS, games_a=1)
    client.get(url)
    assert len([k for k in stored if ":pairings:" in k]) == 1
    assert len([k for k in stored if ":outstanding:" in k]) == 1
