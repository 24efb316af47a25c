"""Everything judges use works on a mirrored event: calls at a table, penalties with upgrades,
deck checks with time extensions, reconstructions, the clock and the end-of-round view."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from judging.enums import PenaltyStatus
from judging.reconstruction import services as recon_services
from judging.services import calls as call_services
from judging.services import deck_checks as deck_check_services
from judging.services import penalties as penalty_services
from mirror import services
from tests.factories import StaffAssignmentFactory, UserFactory
from tests.mirror.conftest import ROUND_2_FILES, fixture, import_gem
from tournament import services as tournament_services
from tournament.enums import REL, RoundStatus, StaffRole
from tournament.models import Match, Registration, Round
from tournament.templatetags.round_words import extension_words


@pytest.fixture
def playing(organizer):
    """The GEM event with round 3 imported while it is being played (no results yet)."""
    event = import_gem(organizer, *ROUND_2_FILES).event
    event.rel = REL.COMPETITIVE
    event.save(update_fields=["rel"])
    name, data = fixture("gem_pairings_r3.csv")
    lines = data.decode().splitlines()
    unplayed = [line if not line.startswith("3,") else ",".join(line.split(",")[:6]) + ",," for line in lines]
    parsed = services.read_submission(files=[(name, "\n".join(unplayed).encode())])
    services.import_event(parsed, actor=organizer, event=event)
    hj, fj = UserFactory(username="m-hj"), UserFactory(username="m-fj")
    StaffAssignmentFactory(event=event, user=hj, role=StaffRole.HEAD_JUDGE)
    StaffAssignmentFactory(event=event, user=fj, role=StaffRole.FLOOR_JUDGE)
    return event, hj, fj, Round.objects.get(event=event, number=3)


def test_round_being_played_is_imported_in_progress(playing):
    event, _hj, _fj, rnd = playing

    assert rnd.status == RoundStatus.PUBLISHED
    assert Match.objects.filter(round=rnd, result="").count() == 4


def test_clock_call_penalty_deck_check_and_reconstruction_on_a_mirrored_event(playing, client):
    event, hj, fj, rnd = playing
    tournament_services.start_clock(rnd, actor=hj)

    call = call_services.open_call(event, actor=fj, table_number=2, question="Which cards are revealed?")
    assert call.match == Match.objects.get(round=rnd, table_number=2)

    wojcik = Registration.objects.get(event=event, player__player_id="10000004")
    first = penalty_services.issue_penalty(wojcik, infraction="game_rules_violation", judge=hj, call=call)
    penalty_services.issue_penalty(wojcik, infraction="game_rules_violation", judge=hj, call=call)
    third = penalty_services.issue_penalty(wojcik, infraction="game_rules_violation", judge=hj, call=call)
    assert first.status == PenaltyStatus.ISSUED
    assert (third.penalty, third.upgraded) == ("ip2", True)  # the third the same day is upgraded

    nunez = Registration.objects.get(event=event, player__player_id="10000002")
    check = deck_check_services.create_deck_check(nunez, judge=fj, match=call.match)
    check = deck_check_services.finish_deck_check(
        check,
        judge=fj,
        presented={},
        findings="cards sleeved",
        ended_at=timezone.now() + timedelta(minutes=6),
    )
    match = Match.objects.get(pk=call.match.pk)
    assert check.extension_seconds > 0
    assert match.extension_seconds == check.extension_seconds

    recon = recon_services.create_reconstruction(call, actor=hj, start={})
    assert recon.call == call

    client.force_login(hj)
    page = client.get(f"/events/{event.slug}/staff/").content.decode()
    assert f'data-outstanding-table="{match.table_number}"' in page
    assert extension_words(match.extension_seconds) in page  # the end-of-round view shows the extension
    assert "data-pair" not in page  # no pair button on a mirrored event
    assert "data-mirrored" in page


def test_pair_button_is_shown_for_an_ordinary_event(client, organizer):
    event = tournament_services.create_event(actor=organizer, name="Ordinary")
    client.force_login(organizer)

    page = client.get(f"/events/{event.slug}/staff/").content.decode()

    assert "data-pair" in page
    assert "data-mirrored" not in page
