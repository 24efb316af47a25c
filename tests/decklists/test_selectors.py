"""Privacy per role (TR&P 3.7) and the selectors other apps use."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AnonymousUser
from django.http import Http404

from decklists import access, selectors, services
from decklists.enums import DecklistKind, DecklistStatus
from decklists.models import Decklist
from tests.factories import (
    EventFactory,
    MatchFactory,
    PlayerProfileFactory,
    RegistrationFactory,
    RoundFactory,
    StaffAssignmentFactory,
    UserFactory,
)
from tournament.enums import EventStatus

pytestmark = pytest.mark.django_db


def _accepted(reg, text, card_db, official):
    d = services.save_decklist(reg, actor=reg.player.user, text=text, db=card_db)
    d = services.submit_decklist(d, actor=reg.player.user)
    return services.accept_decklist(d, actor=official)


@pytest.mark.parametrize(
    "viewer, visible",
    [
        ("owner", True),
        ("organizer", True),
        ("head_judge", True),
        ("floor_judge", True),
        ("scorekeeper", True),
        ("other_player", False),
        ("stranger", False),
        ("staff_of_other_event", False),
        ("anonymous", False),
    ],
)
def test_visibility_per_role(event_with_staff, card_db, legal_cc_text, viewer, visible):
    s = event_with_staff
    decklist = _accepted(s["alice"], legal_cc_text, card_db, s["head_judge"])
    users = {
        "owner": s["alice"].player.user,
        "organizer": s["organizer"],
        "head_judge": s["head_judge"],
        "floor_judge": s["floor_judge"],
        "scorekeeper": s["scorekeeper"],
        "other_player": s["bob"].player.user,
        "stranger": UserFactory(),
        "staff_of_other_event": StaffAssignmentFactory(role="head_judge").user,
        "anonymous": AnonymousUser(),
    }
    assert access.can_view_decklist(users[viewer], decklist) is visible
    if visible:
        assert access.access_decklist(users[viewer], decklist.pk) == decklist
    else:
        with pytest.raises(Http404):
            access.access_decklist(users[viewer], decklist.pk)


def test_owner_always_sees_own_draft(event_with_staff, card_db):
    s = event_with_staff
    d = services.save_decklist(s["alice"], actor=s["alice"].player.user, text="3 Snatch", db=card_db)
    assert access.can_view_decklist(s["alice"].player.user, d) is True


@pytest.mark.parametrize(
    "rel, fmt, stage, visible",
    [
        ("professional", "cc", "top_cut", True),
        ("professional", "cc", "swiss", False),
        ("competitive", "cc", "top_cut", False),
        ("professional", "sealed", "top_cut", False),
    ],
)
def test_playoff_opponents_at_professional_see_constructed_lists(
    card_db, legal_cc_text, rel, fmt, stage, visible
):
    event = EventFactory(rel=rel, format=fmt)
    hj = StaffAssignmentFactory(event=event, role="head_judge").user
    a = RegistrationFactory(event=event)
    b = RegistrationFactory(event=event)
    kind = DecklistKind.CONSTRUCTED if fmt == "cc" else DecklistKind.DECK
    decklist = Decklist.objects.create(
        registration=a, kind=kind, status=DecklistStatus.ACCEPTED, raw_text=legal_cc_text
    )
    round_ = RoundFactory(event=event, number=5, stage=stage)
    MatchFactory(round=round_, player_a=a, player_b=b)
    assert access.can_view_decklist(b.player.user, decklist) is visible
    assert access.can_view_decklist(hj, decklist) is True
    # A player not in that match never sees it.
    c = RegistrationFactory(event=event)
    assert access.can_view_decklist(c.player.user, decklist) is False


def test_published_lists_are_public_after_the_event(event_with_staff, card_db, legal_cc_text):
    s = event_with_staff
    decklist = _accepted(s["alice"], legal_cc_text, card_db, s["head_judge"])
    draft = services.save_decklist(s["bob"], actor=s["bob"].player.user, text="3 Snatch (red)", db=card_db)
    s["event"].status = EventStatus.FINISHED
    s["event"].save()
    services.publish_event_decklists(s["event"], actor=s["organizer"])
    assert access.can_view_decklist(AnonymousUser(), decklist) is True
    assert access.can_view_decklist(s["bob"].player.user, decklist) is True
    # Drafts are never published.
    assert access.can_view_decklist(s["alice"].player.user, draft) is False


def test_accepted_decklist_for_and_card_counts(event_with_staff, card_db, legal_cc_text):
    s = event_with_staff
    assert selectors.accepted_decklist_for(s["alice"]) is None
    d = services.save_decklist(s["alice"], actor=s["alice"].player.user, text=legal_cc_text, db=card_db)
    assert selectors.accepted_decklist_for(s["alice"]) is None
    services.submit_decklist(d, actor=s["alice"].player.user)
    accepted = services.accept_decklist(d, actor=s["floor_judge"])
    assert selectors.accepted_decklist_for(s["alice"]) == accepted
    counts = selectors.decklist_card_counts(accepted)
    assert counts["Dorinthea Ironsong"] == 1
    assert counts["Overpower (red)"] == 3
    assert counts["Sigil of Solace (yellow)"] == 3
    assert sum(counts.values()) == 1 + 7 + 66


def test_hero_breakdown_counts_accepted_lists(event_with_staff, card_db, legal_cc_text):
    s = event_with_staff
    _accepted(s["alice"], legal_cc_text, card_db, s["head_judge"])
    _accepted(s["bob"], legal_cc_text, card_db, s["head_judge"])
    other = RegistrationFactory(event=s["event"], player=PlayerProfileFactory())
    services.save_decklist(other, actor=other.player.user, text=legal_cc_text, db=card_db)
    assert selectors.hero_breakdown(s["event"]) == [
        {"hero": "Dorinthea Ironsong", "count": 2, "percent": 100.0}
    ]
    summary = selectors.status_summary(s["event"])
    assert summary["accepted"] == 2 and summary["draft"] == 1 and summary["missing"] == 0
