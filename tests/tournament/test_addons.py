"""The tournament app knows its add-ons (decklists, judging, reference) only through
``tournament.addons``, which they fill in from ``AppConfig.ready()``."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from tests.factories import StaffAssignmentFactory, UserFactory
from tests.tournament.test_pages import build_running_event, client_for
from tournament import addons
from tournament.enums import StaffRole

TOURNAMENT = Path(__file__).resolve().parents[2] / "tournament"
ADDONS = ("decklists", "judging", "reference")


def test_tournament_views_and_templates_name_no_add_on():
    for path in sorted((TOURNAMENT / "views").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                names = [node.module or ""]
            assert not [n for n in names if n.split(".")[0] in ADDONS], f"{path.name} imports {names}"
    for path in sorted((TOURNAMENT / "templates").rglob("*.html")):
        text = path.read_text()
        assert not re.search(r"""\{%\s*url\s+['"](?:decklists|judging|reference):""", text), path.name


@pytest.mark.django_db
def test_installed_add_ons_contribute_tabs_links_and_the_judge_call_panel():
    event, regs, r1, r2 = build_running_event(4)
    hj = UserFactory()
    StaffAssignmentFactory(event=event, user=hj, role=StaffRole.HEAD_JUDGE)
    staff = client_for(hj).get(f"/events/{event.slug}/staff/").content.decode()
    tabs = re.search(r'<nav class="tabs no-print" aria-label="Event">(.*?)</nav>', staff, re.S).group(1)
    assert list(re.findall(r">([^<>]+)</a>", tabs))[:4] == [
        "Public page",
        "Projector clock",
        "Decklists",
        "Judging",
    ]
    assert '<ul class="judge-calls"><li class="muted">None.</li></ul>' in staff
    player = client_for(regs[0].player.user).get(f"/events/{event.slug}/me/").content.decode()
    assert re.search(
        r"· <a href=\"[^\"]+\">My decklist</a> · <a href=\"[^\"]+\">My penalties</a>"
        r" · <a href=\"[^\"]+\">Judge calls at my table</a></p>",
        player,
    )


@pytest.mark.django_db
def test_without_add_ons_the_pages_show_only_the_core(monkeypatch):
    monkeypatch.setattr(addons, "_staff_links", [])
    monkeypatch.setattr(addons, "_player_links", [])
    monkeypatch.setattr(addons, "_staff_panels", [])
    event, regs, r1, r2 = build_running_event(4)
    hj = UserFactory()
    StaffAssignmentFactory(event=event, user=hj, role=StaffRole.HEAD_JUDGE)
    staff = client_for(hj).get(f"/events/{event.slug}/staff/").content.decode()
    tabs = re.search(r'<nav class="tabs no-print" aria-label="Event">(.*?)</nav>', staff, re.S).group(1)
    assert "Judging" not in tabs and "Decklists" not in tabs and "judge-calls" not in staff
    player = client_for(regs[0].player.user).get(f"/events/{event.slug}/me/").content.decode()
    assert "My decklist" not in player and "My penalties" not in player
    assert re.search(r'<span class="badge">[^<]+</span></p>', player), "the registration line ends there"


def test_registering_twice_keeps_one_contribution(monkeypatch):
    monkeypatch.setattr(addons, "_staff_links", [])
    monkeypatch.setattr(addons, "_staff_panels", [])
    addons.register_staff_link("Judging", "judging:home")
    addons.register_staff_link("Judging", "judging:home")
    addons.register_staff_panel("x.html", lambda event: {})
    addons.register_staff_panel("x.html", lambda event: {"n": 1})
    assert len(addons._staff_links) == 1
    assert [p.context(None) for p in addons._staff_panels] == [{"n": 1}]
