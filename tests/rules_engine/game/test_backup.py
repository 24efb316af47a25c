"""Backup reports (PPG 1.3, 3.1): undone actions, random events, revealed cards, clean or not."""

from __future__ import annotations

from rules_engine.game.backup import backup
from rules_engine.game.cards import InlineCards
from rules_engine.game.log import names_for, replay
from rules_engine.game.scenarios import StateBuilder, collect_cards

GIVEN = {
    "turn": "P1",
    "phase": "action",
    "combat_chain": "closed",
    "first_turn": False,
    "P1": {
        "action_points": 1,
        "intellect": 4,
        "deck": 20,
        "hand": [
            {"name": "Attack A", "type": "attack action", "cost": 1, "pitch": 1, "power": 4, "defense": 2},
            {"name": "Card B", "type": "action", "cost": 0, "pitch": 3, "defense": 2},
        ],
    },
    "P2": {"life": 20, "hand_size": 4, "deck": 20},
}


def _rep(lines: list[str]):
    inline = InlineCards(collect_cards(GIVEN))
    state = StateBuilder(inline, "2.13.0").build(GIVEN)
    return replay(state, lines, inline, names=names_for(state, inline.names()))


def test_backup_over_a_public_play_lists_undone_actions_and_reveals():
    rep = _rep(["P1 plays Attack A targeting P2's hero, pitching Card B", "all pass"])
    r = backup(rep, 0)
    assert [u["line"] for u in r.undone] == [2, 1]
    assert "Attack A" in r.revealed["P2"] and "Card B" in r.revealed["P2"]
    assert not r.clean
    assert any(x["card"] == "Card B" and x["back_to"] == "hand" for x in r.returns)


def test_backup_over_a_draw_of_unknown_cards_crosses_a_random_event():
    rep = _rep(
        ["all pass (the action phase ends)", "P1 puts Attack A face-down into their arsenal", "P1 draws 3"]
    )
    r = backup(rep, 2)
    assert r.random_events and r.random_events[0]["event"] == "drew an unknown card"
    assert any("unknown" in x["card"] for x in r.returns)
    assert not r.clean


def test_backup_over_nothing_hidden_is_clean():
    rep = _rep(["P1 passes", "observe: P2.life is 20"])
    r = backup(rep, 0)
    assert r.clean and [u["line"] for u in r.undone] == [2, 1]


def test_backup_to_a_superseded_line_is_refused():
    rep = _rep(["P1 passes", "rewind 0", "P1 passes"])
    r = backup(rep, 1)
    assert not r.clean


def test_a_shuffle_forgets_known_deck_cards_and_is_a_random_event():
    given = dict(GIVEN)
    given["P1"] = dict(GIVEN["P1"], deck_top=["Card Z"])
    inline = InlineCards(collect_cards(given))
    state = StateBuilder(inline, "2.13.0").build(given)
    rep = replay(state, ["P1 shuffles their deck"], inline, names=names_for(state, inline.names()))
    assert rep.final.p("P1").deck_top == [] and rep.final.p("P1").deck_count == 20
    r = backup(rep, 0)
    assert r.random_events == [{"line": 1, "player": "P1", "event": "shuffled their deck"}]
    assert not r.clean


# --- issue 26: what a backup undoes, reveals and restores (PPG 1.3, 3.1-3.6) -----------------------

QUICK = {"name": "Attack Q", "type": "attack action", "cost": 3, "pitch": 1, "power": 6, "defense": 2}


def _rep_with(given, lines, extra=()):
    from rules_engine.game.cards import facts_from_mapping

    inline = InlineCards(list(collect_cards(given)) + [facts_from_mapping(x) for x in extra])
    state = StateBuilder(inline, "2.13.0").build(given)
    return replay(state, lines, inline, names=names_for(state, inline.names()))


def _unknown_hand():
    return {**GIVEN, "P1": {**GIVEN["P1"], "hand": [], "hand_size": 2, "resource_points": 0}}


def test_a_card_shown_by_a_reversed_play_counts_as_seen():
    rep = _rep(["P1 plays Attack A targeting P2's hero", "P1 passes"])
    assert rep.steps[0].reversed  # no resource point for a cost of 1 (CR 5.1.7a)
    r = backup(rep, 0)
    assert "Attack A" in r.revealed["P2"] and not r.clean
    assert r.returns == [] and r.restores == []


def test_an_unknown_card_revealed_by_a_reversed_play_counts_as_seen():
    rep = _rep_with(_unknown_hand(), ["P1 plays Attack Q targeting P2's hero"], [QUICK])
    assert rep.steps[0].reversed
    r = backup(rep, 0)
    assert r.revealed["P2"] == ["Attack Q"] and not r.clean


def test_an_unknown_card_goes_back_to_the_zone_it_came_from_and_says_so():
    rep = _rep_with(_unknown_hand(), ["P1 plays Attack Q targeting P2's hero"], [{**QUICK, "cost": 0}])
    r = backup(rep, 0)
    [ret] = r.returns
    assert ret["card"] == "Attack Q" and ret["now"] == "stack" and ret["back_to"].startswith("hand (")
    assert "unknown" in ret["back_to"]


def test_destroyed_tokens_life_and_points_come_back():
    given = {**GIVEN, "P1": {**GIVEN["P1"], "permanents": ["Runechant"]}}
    rep = _rep_with(
        given,
        [
            "P1 plays Attack A targeting P2's hero, pitching Card B",
            "all pass (the Runechant trigger resolves)",
        ],
    )
    r = backup(rep, 0)
    assert {
        "card": "Runechant",
        "owner": "P1",
        "now": "gone (a token that ceased to exist)",
        "back_to": "permanents",
    } in r.returns
    restores = {(x["player"], x["what"]): (x["now"], x["back_to"]) for x in r.restores if "player" in x}
    assert restores[("P2", "life")] == (19, 20)
    assert restores[("P1", "resource_points")] == (2, 0)
    assert restores[("P1", "action_points")] == (0, 1)
    assert r.to_json()["restores"] == r.restores


def test_a_backup_across_a_reveal_is_never_clean():
    given = {**GIVEN, "P1": {**GIVEN["P1"], "hand": [], "hand_size": 1}}
    rep = _rep_with(given, ["P1 reveals Attack Q"], [QUICK])
    r = backup(rep, 0)
    assert not r.clean


def test_a_boosted_unknown_top_card_goes_back_to_the_deck_top_and_the_backup_is_not_clean():
    mech = {
        "name": "Attack M",
        "type": "Mechanologist attack action",
        "cost": 0,
        "pitch": 1,
        "power": 3,
        "defense": 2,
        "keywords": ["boost"],
    }
    given = {**GIVEN, "P1": {**GIVEN["P1"], "hand": [mech]}}
    card_t = {"name": "Card T", "type": "Mechanologist action", "pitch": 2}
    rep = _rep_with(
        given,
        ["P1 plays Attack M targeting P2's hero, boosting (banishes the top card of their deck, Card T)"],
        [card_t],
    )
    assert not rep.steps[0].findings or all(f.kind != "violation" for f in rep.steps[0].findings)
    r = backup(rep, 0)
    back = {x["card"]: x["back_to"] for x in r.returns}
    assert back["Card T"].startswith("deck top") and back["Attack M"] == "hand"
    assert r.random_events and not r.clean
    assert "Card T" in r.revealed["P1"] and "Card T" in r.revealed["P2"]
