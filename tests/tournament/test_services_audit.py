"""Every change to an event, registration, pairing or result leaves an audit record with the
event id, the actor and before/after."""

import pytest

from core.models import AuditEntry
from tests.factories import PlayerProfileFactory
from tournament import selectors, services
from tournament.enums import MatchResult

pytestmark = pytest.mark.django_db


def _last(event):
    return AuditEntry.objects.filter(event_id=event.pk).order_by("-id").first()


def test_each_service_leaves_an_audit_entry(staffed_event, add_players):
    event, sk, hj = staffed_event["event"], staffed_event["scorekeeper"], staffed_event["head_judge"]
    org = staffed_event["organizer"]
    regs = add_players(event, 6)
    seen = []

    def check(action, actor):
        entry = _last(event)
        assert (entry.action, entry.actor) == (action, actor), (entry.action, action)
        seen.append(action)

    services.update_event(event, actor=org, venue="Hall")
    check("event.update", org)
    player = PlayerProfileFactory()
    reg = services.register_player(event, player=player, actor=player.user)
    check("registration.create", player.user)
    services.check_in(reg, actor=sk)
    check("registration.check_in", sk)
    services.set_fixed_table(regs[0], table_number=3, actor=hj, reason="access")
    check("registration.fixed_table", hj)
    rnd = services.pair_next_round(event, actor=sk)
    check("round.pair", sk)
    a, b = (m.player_a for m in rnd.matches.exclude(player_b=None)[:2])
    services.swap_players(rnd, first=a, second=b, actor=sk, reason="relatives")
    check("round.edit_pairings", sk)
    services.publish_round(rnd, actor=sk)
    check("round.publish", sk)
    services.start_clock(rnd, actor=sk)
    check("clock.start", sk)
    match = selectors.outstanding_matches(rnd).first()
    services.add_match_extension(match, seconds=120, reason="ruling", actor=hj)
    check("match.extension", hj)
    services.enter_result(match, actor=sk, result=MatchResult.A_WINS, games_a=1)
    check("match.enter", sk)
    services.correct_result(match, actor=hj, result=MatchResult.DRAW, reason="slip")
    check("match.correct", hj)
    services.drop_registration(reg, actor=sk)
    assert {"match.drop", "registration.drop"} & {
        e.action for e in AuditEntry.objects.filter(event_id=event.pk)
    }
    services.disqualify_registration(regs[5], actor=hj, reason="conduct")
    check("registration.disqualify", hj)
    entry = AuditEntry.objects.filter(event_id=event.pk, action="match.correct").get()
    assert (entry.before["result"], entry.after["result"], entry.reason) == ("a", "draw", "slip")
    assert len(seen) == 12
