"""The judge's tools on the phone page (issue 27): the start form takes everything a game can
have in play, a submit lands where the judge was, rewind asks first and says what it undoes, and
a flagged manual effect offers the adjustment that enters its outcome."""

from __future__ import annotations

import re
from html import unescape
from urllib.parse import unquote_plus

import pytest
from django.test import Client

from judging.reconstruction import engine as recon_engine
from judging.reconstruction import services as recon_services
from judging.reconstruction.views import card_item, start_from_form
from judging.services import calls as call_services
from tests.judging.conftest import make_world

pytestmark = pytest.mark.django_db

ATTACK = {"name": "Attack A", "type": "attack action", "cost": 0, "pitch": 1, "power": 4, "defense": 2}
#: an attack whose text the engine leaves to the judge (its condition is nothing the state holds)
ODD = {
    "name": "Odd Strike",
    "type": "attack action",
    "cost": 0,
    "pitch": 1,
    "power": 3,
    "defense": 2,
    "text": "If the moon is full, you gain 2{h}.",
}
START = {
    "turn": "P1",
    "phase": "action",
    "P1": {"hand": [ATTACK, ODD], "hand_size": 4},
    "P2": {"hand_size": 4},
}


def _page(w, start=START):
    call = call_services.open_call(w.event, actor=w.fj, match=w.match)
    recon = recon_services.create_reconstruction(call, actor=w.fj, start=start)
    client = Client()
    client.force_login(w.fj)
    return recon, client, f"/judging/{w.event.slug}/reconstructions/{recon.pk}/"


def test_card_item_reads_counters_and_face():
    assert card_item("Snatch") == "Snatch"
    assert card_item("Ironrot Helm [-1{d}]") == {"name": "Ironrot Helm", "counters": {"-defense": 1}}
    assert card_item("Frostbite [2 -1{p}, face up]") == {
        "name": "Frostbite",
        "counters": {"-power": 2},
        "face": "up",
    }
    assert card_item("Hope Merchant's Hood [3 steam; +1{p}]") == {
        "name": "Hope Merchant's Hood",
        "counters": {"steam": 3, "power": 1},
    }
    from core.errors import DomainError

    with pytest.raises(DomainError, match="cannot read '\\?\\?' in the brackets of 'Helm'"):
        card_item("Helm [??]")


def test_start_form_takes_everything_in_play_and_shows_it_back():
    w = make_world()
    recon, client, url = _page(w)
    post = {
        "action": "start",
        "version": 1,
        "first_turn_shown": "1",
        "first_turn": "1",
        "turn": "P2",
        "turn_number": "1",
        "P1-life": "18",
        "P1-resource_points": "2",
        "P1-action_points": "0",
        "P1-deck": "30",
        "P1-deck_top": "Top One, Top Two",
        "P1-deck_bottom": "Bottom One",
        "P1-equipment": "Helm H [-1{d}]",
        "P1-permanents": "Gold, Frostbite [face up]",
        "P2-arsenal": "Snatch [face up]",
        "P2-graveyard": "Sink Below",
        "P2-banished": "Lost Card [face down]",
        "P2-weapons": "Sword S [2 +1{p}]",
        "P2-intellect": "5",
    }
    resp = client.post(url, post)
    assert resp.status_code == 302 and resp["Location"].endswith("#start-card")
    recon.refresh_from_db()
    p1, p2 = recon.start["P1"], recon.start["P2"]
    assert recon.start["first_turn"] is True and recon.start["turn"] == "P2"
    assert (p1["life"], p1["resource_points"], p1["action_points"], p1["deck"]) == (18, 2, 0, 30)
    assert p1["deck_top"] == ["Top One", "Top Two"] and p1["deck_bottom"] == ["Bottom One"]
    assert p1["equipment"] == [{"name": "Helm H", "counters": {"-defense": 1}}]
    assert p2["arsenal"] == [{"name": "Snatch", "face": "up"}]
    assert p2["weapons"] == [{"name": "Sword S", "counters": {"power": 2}}]
    assert p1["hand"] == START["P1"]["hand"]  # a blank field keeps its value
    # the engine reads all of it
    state = recon_engine.run(recon).final_view()
    assert state["P1"]["resource_points"] == 2 and state["P2"]["intellect"] == 5
    assert state["P1"]["deck_top"] == ["Top One", "Top Two"]
    assert state["P2"]["arsenal"][0]["face"] == "up"
    # the form shows it back, counters and face in brackets
    html = unescape(client.get(url).content.decode())
    for shown in (
        "Helm H [-1{d}]",
        "Sword S [2 +1{p}]",
        "Snatch [face up]",
        "Lost Card [face down]",
        "Top One, Top Two",
    ):
        assert f'value="{shown}"' in html, shown
    assert re.search(r'name="first_turn" value="1" checked', html)
    # unchecking the first-turn flag clears it; "-" empties a list
    client.post(url, {"action": "start", "version": 2, "first_turn_shown": "1", "P1-deck_top": "-"})
    recon.refresh_from_db()
    assert "first_turn" not in recon.start and "deck_top" not in recon.start["P1"]


def test_bad_counters_in_the_start_form_are_named_and_the_page_lands_on_the_form():
    w = make_world()
    recon, client, url = _page(w)
    resp = client.post(url, {"action": "start", "version": 1, "P1-permanents": "Gold [+2{p}]"}, follow=True)
    text = unescape(resp.content.decode())
    assert "cannot read '+2{p}' in the brackets of 'Gold'" in text
    assert re.search(r'<form method="post" action="#start-card"', text)


def test_a_submit_lands_where_the_judge_was():
    w = make_world()
    recon, client, url = _page(w)
    resp = client.post(url, {"action": "steps", "version": 1, "lines": "p1 play Attack A @p2"})
    assert resp.status_code == 302 and resp["Location"] == f"{url}#steps-form"
    resp = client.post(url, {"action": "fix", "version": 2, "fix": "leave", "note": "ok"})
    assert resp["Location"] == f"{url}#fix-form"


def test_rewind_asks_first_and_says_what_it_undoes():
    w = make_world()
    recon, client, url = _page(w)
    lines = "p1 play Attack A @p2\n>defend\np2 def -\n>>reaction"
    client.post(url, {"action": "steps", "version": 1, "lines": lines})
    # the ↶ link is a GET: nothing changes, the page asks
    html = unescape(client.get(f"{url}?rewind=2").content.decode())
    recon.refresh_from_db()
    assert recon.version == 2 and len(recon.lines) == 4
    confirm = html[
        html.index('id="rewind-confirm"') : html.index("</section>", html.index('id="rewind-confirm"'))
    ]
    assert "Rewind to step 2?" in confirm and "These 2 steps will be set aside" in confirm
    assert "<code>p2 def -</code>" in confirm and "<code>&gt;&gt;reaction</code>" not in confirm
    assert ">>reaction" in confirm
    assert "<code>>defend</code>" not in confirm
    # confirming rewinds and lands on the steps form
    resp = client.post(url, {"action": "rewind", "to": 2, "version": 2})
    assert resp["Location"] == f"{url}#steps-form"
    recon.refresh_from_db()
    assert recon.lines[-1] == "rewind 2"


def test_a_flagged_manual_effect_offers_its_outcome_prefilled():
    w = make_world()
    recon, client, url = _page(w)
    lines = "p1 play Odd Strike @p2\n>defend\np2 def -\n>>reaction"
    client.post(url, {"action": "steps", "version": 1, "lines": lines})
    outcome = recon_engine.run(recon_services.Reconstruction.objects.get(pk=recon.pk))
    offered = [f["adjust"] for s in outcome.steps for f in s["findings"] if f.get("adjust")]
    assert "judge: P1 gains 2 life" in offered, [f["message"] for s in outcome.steps for f in s["findings"]]
    html = client.get(url).content.decode()
    link = re.search(r'href="\?adjust=([^"#]+)#steps-form"[^>]*>Enter its outcome', html)
    assert link is not None
    # following it (no JS) fills the text area with the line, ready to add
    assert unquote_plus(unescape(link.group(1))) == "judge: P1 gains 2 life"
    page = unescape(client.get(f"{url}?adjust={link.group(1)}").content.decode())
    assert re.search(r'<textarea name="lines"[^>]*>judge: P1 gains 2 life</textarea>', page)
    client.post(url, {"action": "steps", "version": 2, "lines": "judge: P1 gains 2 life"})
    recon.refresh_from_db()
    assert recon_engine.run(recon).final_view()["P1"]["life"] == 22


def test_offer_adjustment_shapes():
    f = {
        "message": "line 3: the engine does not apply P2's hero Viserai's ability 'create a Runechant token'; ..."
    }
    assert recon_engine.offer_adjustment(f, "p1 pass", "P1") == "judge: P2 creates 1 Runechant token"
    f = {"message": "line 1: Open the Center has dominate only under a condition of its text; ..."}
    assert recon_engine.offer_adjustment(f, "", "P1") == "judge: Open the Center gains dominate"
    assert recon_engine.offer_adjustment({"message": "something else"}, "", "P1") == "judge: "
    watch = {
        "message": "line 1: the engine does not apply P1's equipment Braveforge Bracers's ability "
        "'Activate this ability only if you control his hit this turn'; when it acts, enter its outcome "
        "as adjustment lines (judge: ...)."
    }
    assert recon_engine.offer_adjustment(watch, "p1 pass", "P1") == ""  # nothing to prefill: no button
    data = {
        "message": "",
        "data": {
            "card": "Arcanic Crackle",
            "sentence": "Deal 1 arcane damage to target hero.",
            "player": "P2",
        },
    }
    assert (
        recon_engine.offer_adjustment(data, "", "P1") == "judge: Arcanic Crackle deals 1 arcane damage to P1"
    )


def test_start_from_form_keeps_blank_fields():
    start = {"P1": {"life": 20, "equipment": {"head": "Helm H"}}}
    out = start_from_form(start, {"P1-life": "", "P2-resource_points": "3"})
    assert out["P1"] == start["P1"] and out["P2"] == {"resource_points": 3}


def test_blank_numbers_show_what_the_engine_takes():
    w = make_world()
    recon, client, url = _page(w)
    html = client.get(url).content.decode()
    assert re.search(r'name="P1-action_points" value="" placeholder="1"', html)
    assert re.search(r'name="P2-action_points" value="" placeholder="0"', html)
    assert re.search(r'name="P1-deck" value="" placeholder="unknown"', html)


def test_abilities_in_play_to_watch_are_folded_under_the_first_line():
    """The first line lists the abilities of the cards in play the engine does not apply, for the
    judge to watch: on the page they fold under one summary, apart from the line's own findings."""
    w = make_world()
    charm = {
        "name": "Moon Charm",
        "type": "equipment",
        "slot": "head",
        "defense": 1,
        "text": "If the moon is full, your attacks get +1{p}.\nWhile it rains, you may play cards from your graveyard.",
    }
    start = {**START, "P1": {**START["P1"], "equipment": [charm]}}
    recon, client, url = _page(w, start)
    client.post(url, {"action": "steps", "version": 1, "lines": "p1 play Attack A @p2"})
    recon.refresh_from_db()
    first = recon_engine.run(recon).steps[0]
    assert len(first["watch"]) == 2 and all("Moon Charm" in f["message"] for f in first["watch"])
    assert not [f for f in first["shown"] if f.get("data", {}).get("watch")]
    assert len(first["findings"]) == len(first["watch"]) + len(first["shown"])  # reports keep them all
    html = client.get(url).content.decode()
    fold = re.search(r'<details class="watch-list"><summary>(.+?)</summary>', html)
    assert fold is not None and fold.group(1).startswith("2 abilities in play")
