"""Decklist lifecycle (TR&P 3.7; PPG 4.4): draft, submit, accept, lock, head-judge fixes."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from core.audit import audit_trail_for
from core.errors import ConflictError, DomainError, NotAllowed
from decklists import services
from decklists.enums import DecklistKind, DecklistStatus
from decklists.models import Decklist
from tests.factories import EventFactory, PlayerProfileFactory, RegistrationFactory, RoundFactory
from tournament.enums import EventStatus, RoundStatus

pytestmark = pytest.mark.django_db

ILLEGAL_SUFFIX = "\n4x Overpower (red)"


def _save(reg, text, card_db, actor=None, **kw):
    return services.save_decklist(reg, actor=actor or reg.player.user, text=text, db=card_db, **kw)


def test_save_keeps_text_exactly_and_validates(event_with_staff, card_db, legal_cc_text):
    reg = event_with_staff["alice"]
    text = legal_cc_text.replace("\n", "\r\n") + "\t\n"
    decklist = _save(reg, text, card_db)
    decklist.refresh_from_db()
    assert decklist.raw_text == text
    assert decklist.status == DecklistStatus.DRAFT
    assert decklist.is_legal is True
    assert decklist.hero == "Dorinthea Ironsong"
    assert decklist.version == 1
    assert [e.action for e in audit_trail_for(decklist)] == ["decklist.save"]


def test_illegal_list_is_saved_as_draft_but_cannot_be_submitted(event_with_staff, card_db, legal_cc_text):
    reg = event_with_staff["alice"]
    decklist = _save(reg, legal_cc_text + "\n3 Snatch", card_db)
    assert decklist.is_legal is False
    with pytest.raises(DomainError) as info:
        services.submit_decklist(decklist, actor=reg.player.user)
    assert info.value.code == "illegal"
    decklist.refresh_from_db()
    assert decklist.status == DecklistStatus.DRAFT


def test_head_judge_exception_allows_submission_and_is_recorded(event_with_staff, card_db, legal_cc_text):
    reg, hj = event_with_staff["alice"], event_with_staff["head_judge"]
    decklist = _save(reg, legal_cc_text + ILLEGAL_SUFFIX, card_db)
    with pytest.raises(NotAllowed):
        services.grant_exception(decklist, actor=event_with_staff["floor_judge"], reason="x")
    services.grant_exception(decklist, actor=hj, reason="Overpower proxy approved")
    decklist = services.submit_decklist(decklist, actor=reg.player.user)
    assert decklist.status == DecklistStatus.SUBMITTED
    assert decklist.exception_by == hj
    assert "decklist.exception" in [e.action for e in audit_trail_for(decklist)]


def test_full_lifecycle_draft_submit_accept_lock(event_with_staff, card_db, legal_cc_text):
    s = event_with_staff
    decklist = _save(s["alice"], legal_cc_text, card_db)
    decklist = services.submit_decklist(decklist, actor=s["alice"].player.user)
    assert decklist.status == DecklistStatus.SUBMITTED and decklist.submitted_at is not None
    assert decklist.is_late is False
    decklist = services.accept_decklist(decklist, actor=s["floor_judge"])
    assert decklist.status == DecklistStatus.ACCEPTED and decklist.accepted_by == s["floor_judge"]
    assert services.lock_event_decklists(s["event"], actor=s["organizer"]) == 1
    decklist.refresh_from_db()
    assert decklist.status == DecklistStatus.LOCKED
    actions = [e.action for e in audit_trail_for(decklist)]
    assert actions == ["decklist.lock", "decklist.accept", "decklist.submit", "decklist.save"]


def test_player_cannot_change_an_accepted_list(event_with_staff, card_db, legal_cc_text):
    s = event_with_staff
    decklist = _save(s["alice"], legal_cc_text, card_db)
    services.submit_decklist(decklist, actor=s["alice"].player.user)
    services.accept_decklist(decklist, actor=s["head_judge"])
    with pytest.raises(ConflictError) as info:
        _save(s["alice"], legal_cc_text.replace("3x Overpower", "2x Overpower"), card_db)
    assert info.value.code == "accepted"
    assert Decklist.objects.get(pk=decklist.pk).raw_text == legal_cc_text


def test_head_judge_fix_records_before_and_after(event_with_staff, card_db, legal_cc_text):
    s = event_with_staff
    decklist = _save(s["alice"], legal_cc_text, card_db)
    services.submit_decklist(decklist, actor=s["alice"].player.user)
    services.accept_decklist(decklist, actor=s["head_judge"])
    new_text = legal_cc_text.replace("1x Ironrot Helm", "1x Helm of Sharp Eye\n1x Ironrot Helm")
    with pytest.raises(NotAllowed):
        services.fix_decklist(decklist, actor=s["floor_judge"], text=new_text, reason="r", db=card_db)
    with pytest.raises(NotAllowed):
        services.fix_decklist(decklist, actor=s["organizer"], text=new_text, reason="r", db=card_db)
    fixed = services.fix_decklist(
        decklist, actor=s["head_judge"], text=new_text, reason="PPG 4.4: list updated to intent", db=card_db
    )
    assert fixed.status == DecklistStatus.ACCEPTED
    assert fixed.raw_text == new_text
    entry = audit_trail_for(fixed).filter(action="decklist.fix").get()
    assert entry.before["raw_text"] == legal_cc_text
    assert entry.after["raw_text"] == new_text
    assert entry.reason == "PPG 4.4: list updated to intent"
    assert entry.actor == s["head_judge"]


def test_double_submission_is_idempotent(event_with_staff, card_db, legal_cc_text):
    reg = event_with_staff["alice"]
    decklist = _save(reg, legal_cc_text, card_db)
    first = services.submit_decklist(decklist, actor=reg.player.user)
    second = services.submit_decklist(decklist, actor=reg.player.user)
    assert first.pk == second.pk and first.submitted_at == second.submitted_at
    assert Decklist.objects.filter(registration=reg).count() == 1
    assert [e.action for e in audit_trail_for(first)].count("decklist.submit") == 1


def test_saving_twice_keeps_one_list_per_registration(event_with_staff, card_db, legal_cc_text):
    reg = event_with_staff["alice"]
    a = _save(reg, legal_cc_text, card_db)
    b = _save(reg, legal_cc_text + "\n", card_db)
    assert a.pk == b.pk and b.version == 2
    assert Decklist.objects.filter(registration=reg).count() == 1


def test_stale_version_is_a_conflict(event_with_staff, card_db, legal_cc_text):
    reg = event_with_staff["alice"]
    decklist = _save(reg, legal_cc_text, card_db)
    _save(reg, legal_cc_text + "\n", card_db, version=decklist.version)
    with pytest.raises(ConflictError) as info:
        _save(reg, legal_cc_text + "\n\n", card_db, version=decklist.version)
    assert info.value.code == "stale"


def test_other_player_cannot_save_a_constructed_list(event_with_staff, card_db, legal_cc_text):
    s = event_with_staff
    with pytest.raises(NotAllowed):
        _save(s["alice"], legal_cc_text, card_db, actor=s["bob"].player.user)


def test_accepting_a_draft_is_refused(event_with_staff, card_db, legal_cc_text):
    s = event_with_staff
    decklist = _save(s["alice"], legal_cc_text, card_db)
    with pytest.raises(DomainError):
        services.accept_decklist(decklist, actor=s["floor_judge"])
    with pytest.raises(NotAllowed):
        services.accept_decklist(decklist, actor=s["bob"].player.user)


def test_reject_sends_a_list_back_to_draft(event_with_staff, card_db, legal_cc_text):
    s = event_with_staff
    decklist = _save(s["alice"], legal_cc_text, card_db)
    services.submit_decklist(decklist, actor=s["alice"].player.user)
    decklist = services.reject_decklist(decklist, actor=s["floor_judge"], reason="illegible hero")
    assert decklist.status == DecklistStatus.DRAFT


def test_submission_after_round_one_began_is_flagged_late(event_with_staff, card_db, legal_cc_text):
    s = event_with_staff
    RoundFactory(
        event=s["event"],
        number=1,
        status=RoundStatus.IN_PROGRESS,
        published_at=timezone.now() - timedelta(minutes=5),
    )
    decklist = _save(s["alice"], legal_cc_text, card_db)
    decklist = services.submit_decklist(decklist, actor=s["alice"].player.user)
    assert decklist.is_late is True


def test_organizer_deadline_decides_lateness(event_with_staff, card_db, legal_cc_text):
    s = event_with_staff
    services.set_decklist_deadline(
        s["event"], actor=s["organizer"], deadline=timezone.now() + timedelta(hours=1)
    )
    decklist = services.submit_decklist(
        _save(s["alice"], legal_cc_text, card_db), actor=s["alice"].player.user
    )
    assert decklist.is_late is False
    services.set_decklist_deadline(
        s["event"], actor=s["organizer"], deadline=timezone.now() - timedelta(hours=1)
    )
    late = services.submit_decklist(_save(s["bob"], legal_cc_text, card_db), actor=s["bob"].player.user)
    assert late.is_late is True


def test_publish_needs_organizer_and_a_finished_event(event_with_staff):
    s = event_with_staff
    with pytest.raises(NotAllowed):
        services.publish_event_decklists(s["event"], actor=s["head_judge"])
    with pytest.raises(DomainError):
        services.publish_event_decklists(s["event"], actor=s["organizer"])
    s["event"].status = EventStatus.FINISHED
    s["event"].save()
    policy = services.publish_event_decklists(s["event"], actor=s["organizer"])
    assert policy.published_at is not None


def test_swap_register_swap_records_who_registered_the_pool(card_db):
    event = EventFactory(format="sealed", rel="competitive")
    using = RegistrationFactory(event=event, player=PlayerProfileFactory(display_name="User"))
    registering = RegistrationFactory(event=event, player=PlayerProfileFactory(display_name="Registrar"))
    outsider = PlayerProfileFactory()
    with pytest.raises(NotAllowed):
        services.save_decklist(
            using, actor=outsider.user, text="3 Snatch (red)", kind=DecklistKind.POOL, db=card_db
        )
    pool = services.save_decklist(
        using,
        actor=registering.player.user,
        text="3 Snatch (red)\n2 Sink Below (red)",
        kind=DecklistKind.POOL,
        db=card_db,
    )
    pool = services.submit_decklist(pool, actor=registering.player.user)
    assert pool.registered_by == registering.player.user
    assert pool.status == DecklistStatus.SUBMITTED
    # After hand-in, changes need a judge sign-off (TR&P 8.1.1 Validate).
    with pytest.raises(ConflictError):
        services.save_decklist(
            using, actor=using.player.user, text="3 Snatch (red)", kind=DecklistKind.POOL, db=card_db
        )


def test_pool_correction_needs_a_judge_and_is_signed_off(card_db):
    from tests.factories import StaffAssignmentFactory

    event = EventFactory(format="sealed", rel="competitive")
    judge = StaffAssignmentFactory(event=event, role="floor_judge").user
    reg = RegistrationFactory(event=event)
    pool = services.save_decklist(
        reg, actor=reg.player.user, text="3 Snatch (red)", kind=DecklistKind.POOL, db=card_db
    )
    services.submit_decklist(pool, actor=reg.player.user)
    fixed = services.fix_decklist(pool, actor=judge, text="2 Snatch (red)", reason="miscounted", db=card_db)
    assert fixed.signed_off_by == judge
    assert fixed.cards == [{"name": "Snatch", "pitch": 1, "qty": 2, "section": "deck"}]


def test_limited_deck_is_checked_against_the_registered_pool(card_db):
    event = EventFactory(format="sealed", rel="competitive")
    reg = RegistrationFactory(event=event)
    services.save_decklist(
        reg, actor=reg.player.user, text="1 Snatch (red)", kind=DecklistKind.POOL, db=card_db
    )
    deck = services.save_decklist(
        reg, actor=reg.player.user, text="Kayo\n2 Snatch (red)", kind=DecklistKind.DECK, db=card_db
    )
    assert "NOT_IN_REGISTERED_POOL" in {f["code"] for f in deck.findings}
    assert deck.is_legal is False


def test_bad_text_is_refused_before_saving(event_with_staff, card_db):
    reg = event_with_staff["alice"]
    for text in ("", "\x00\x01", "1 Snatch (red)\n" * 10_000):
        with pytest.raises(DomainError):
            _save(reg, text, card_db)
    assert not Decklist.objects.filter(registration=reg).exists()


def test_revalidation_reports_lists_whose_status_changed(event_with_staff, card_db, legal_cc_text):
    s = event_with_staff
    good = services.submit_decklist(_save(s["alice"], legal_cc_text, card_db), actor=s["alice"].player.user)
    services.accept_decklist(good, actor=s["head_judge"])
    # Simulate a list validated under older data: stored as legal, the current data says otherwise.
    bad = _save(s["bob"], legal_cc_text + ILLEGAL_SUFFIX, card_db)
    Decklist.objects.filter(pk=bad.pk).update(is_legal=True, findings=[])
    changes = services.revalidate_decklists(
        list(Decklist.objects.select_related("registration__event", "registration__player")),
        db=card_db,
        actor=s["organizer"],
    )
    assert [(c["decklist_id"], c["was_legal"], c["is_legal"]) for c in changes] == [(bad.pk, True, False)]
    assert changes[0]["player"] == "Bob"
    assert {f["code"] for f in changes[0]["findings"]} >= {"COPY_LIMIT"}
    good.refresh_from_db()
    assert good.status == DecklistStatus.ACCEPTED and good.is_legal is True


def test_team_members_cannot_register_the_same_hero(card_db, legal_cc_text):
    event = EventFactory(format="team-cc", rel="competitive")
    a = RegistrationFactory(event=event, team_name="Blades", team_position="A")
    b = RegistrationFactory(event=event, team_name="Blades", team_position="B")
    other_team = RegistrationFactory(event=event, team_name="Arrows", team_position="A")
    first = _save(a, legal_cc_text, card_db)
    assert first.is_legal is True
    assert _save(other_team, legal_cc_text, card_db).is_legal is True
    second = _save(b, legal_cc_text, card_db)
    assert [f["code"] for f in second.findings] == ["TEAM_DUPLICATE_HERO"]
    assert second.findings[0]["rule"] == "TR&P 9.2.1"
    assert second.is_legal is False


def test_new_release_that_bans_a_card_is_reported_by_the_revalidation_job(
    event_with_staff, fab_release, legal_cc_text
):
    import dataclasses

    from cards.selectors import card_database
    from cards.services import import_release
    from core.models import GeneratedFile
    from decklists.tasks import task_revalidate_event_decklists
    from rules_engine.cards import LegalityEvent
    from rules_engine.importers import ImportResult

    s = event_with_staff
    alice = services.save_decklist(s["alice"], actor=s["alice"].player.user, text=legal_cc_text)
    alice = services.accept_decklist(
        services.submit_decklist(alice, actor=s["alice"].player.user), actor=s["head_judge"]
    )
    bob = services.save_decklist(
        s["bob"],
        actor=s["bob"].player.user,
        text=legal_cc_text.replace("3x Overpower (red)", "3x Sink Below (blue)"),
    )
    assert alice.is_legal and bob.is_legal
    banned = tuple(
        dataclasses.replace(c, legality_history=c.legality_history + (LegalityEvent("cc", "banned"),))
        if (c.name, c.pitch) == ("Overpower", 1)
        else c
        for c in card_database()
    )
    import_release(
        ImportResult(game="fab", source="fabrary-cards", version="test-ban", cards=banned), activate=True
    )
    job = services.start_job(s["event"], actor=s["organizer"], kind="revalidate")
    task_revalidate_event_decklists(file_id=job.pk)
    job = GeneratedFile.objects.get(pk=job.pk)
    assert job.status == "done" and (job.done, job.total) == (2, 2)
    changes = job.result["changes"]
    assert [(c["player"], c["was_legal"], c["is_legal"], c["status"]) for c in changes] == [
        ("Alice", True, False, "accepted")
    ]
    assert [f["code"] for f in changes[0]["findings"]] == ["BANNED"]
    assert changes[0]["findings"][0]["cards"] == ["Overpower (red)"]
    alice.refresh_from_db()
    assert alice.data_version.endswith("test-ban") and alice.status == DecklistStatus.ACCEPTED
    assert "decklist.revalidate" in [e.action for e in audit_trail_for(alice)]
    # Running it twice while the previous one is still marked running is refused.
    GeneratedFile.objects.filter(pk=job.pk).update(status="running")
    with pytest.raises(ConflictError):
        services.start_job(s["event"], actor=s["organizer"], kind="revalidate")


@pytest.mark.parametrize(
    "sets, expected",
    [
        ("HVY", {"CARD_NOT_FROM_SET"}),
        ("WTR", {"HERO_NOT_FROM_SET"}),
        ("HVY, WTR", set()),
        ("", set()),
    ],
)
def test_limited_deck_hero_and_cards_come_from_the_event_sets(card_db, sets, expected):
    """TR&P 8.1: young hero and cards from the set(s) the organizer named."""
    from tests.factories import StaffAssignmentFactory

    event = EventFactory(format="sealed", rel="competitive")
    organizer = StaffAssignmentFactory(event=event, role="organizer").user
    services.set_decklist_deadline(event, actor=organizer, deadline=None, limited_sets=sets)
    reg = RegistrationFactory(event=event)
    services.save_decklist(
        reg, actor=reg.player.user, text="3 Snatch (red)", kind=DecklistKind.POOL, db=card_db
    )
    deck = services.save_decklist(
        reg, actor=reg.player.user, text="Kayo\n3 Snatch (red)", kind=DecklistKind.DECK, db=card_db
    )
    codes = {f["code"] for f in deck.findings if f["severity"] == "error"}
    assert codes & {"CARD_NOT_FROM_SET", "HERO_NOT_FROM_SET"} == expected


def test_bad_set_codes_are_refused(event_with_staff):
    with pytest.raises(DomainError) as info:
        services.set_decklist_deadline(
            event_with_staff["event"],
            actor=event_with_staff["organizer"],
            deadline=None,
            limited_sets="HNT, not a set!",
        )
    assert info.value.field == "limited_sets"


@pytest.mark.parametrize(
    "fmt, kind, ok",
    [
        ("cc", "constructed", True),
        ("cc", "pool", False),
        ("cc", "deck", False),
        ("sealed", "pool", True),
        ("sealed", "deck", True),
        ("sealed", "constructed", False),
    ],
)
def test_list_kind_must_fit_the_event_format(card_db, fmt, kind, ok):
    reg = RegistrationFactory(event=EventFactory(format=fmt))
    if ok:
        assert (
            services.save_decklist(
                reg, actor=reg.player.user, text="3 Snatch (red)", kind=kind, db=card_db
            ).kind
            == kind
        )
    else:
        with pytest.raises(DomainError) as info:
            services.save_decklist(reg, actor=reg.player.user, text="3 Snatch (red)", kind=kind, db=card_db)
        assert info.value.field == "kind"


def test_revalidation_against_a_chosen_release_for_an_event_pinned_to_another(
    event_with_staff, fab_release, legal_cc_text
):
    import dataclasses

    from cards.selectors import card_database
    from cards.services import import_release
    from core.models import GeneratedFile
    from decklists.tasks import task_revalidate_event_decklists
    from rules_engine.cards import LegalityEvent
    from rules_engine.importers import ImportResult

    s = event_with_staff
    s["event"].card_release = fab_release
    s["event"].save()
    alice = services.save_decklist(s["alice"], actor=s["alice"].player.user, text=legal_cc_text)
    banned = tuple(
        dataclasses.replace(c, legality_history=c.legality_history + (LegalityEvent("cc", "banned"),))
        if (c.name, c.pitch) == ("Overpower", 1)
        else c
        for c in card_database(fab_release)
    )
    new_release, _ = import_release(
        ImportResult(game="fab", source="fabrary-cards", version="next", cards=banned), activate=False
    )

    pinned = services.start_job(s["event"], actor=s["organizer"], kind="revalidate")
    task_revalidate_event_decklists(file_id=pinned.pk)
    assert GeneratedFile.objects.get(pk=pinned.pk).result["changes"] == []

    chosen = services.start_job(s["event"], actor=s["head_judge"], kind="revalidate", release=new_release.pk)
    task_revalidate_event_decklists(file_id=chosen.pk)
    result = GeneratedFile.objects.get(pk=chosen.pk).result
    assert result["release"] == new_release.label
    assert [(c["decklist_id"], c["is_legal"]) for c in result["changes"]] == [(alice.pk, False)]
    with pytest.raises(DomainError):
        services.start_job(s["event"], actor=s["organizer"], kind="revalidate", release=987654)


def test_unknown_card_keeps_a_draft_with_suggestions_and_a_head_judge_can_accept_it(
    event_with_staff, card_db, legal_cc_text
):
    """A card newer than the card data: reported with suggestions, kept as a draft; the head
    judge's exception (recorded, audited) lets the list through."""
    reg, hj = event_with_staff["alice"], event_with_staff["head_judge"]
    decklist = _save(reg, legal_cc_text + "\n1 Snatchh (red)\n", card_db)
    (problem,) = decklist.problems
    assert problem["code"] == "UNKNOWN_CARD" and "Snatch" in problem["suggestions"]
    with pytest.raises(DomainError):
        services.submit_decklist(decklist, actor=reg.player.user)
    services.grant_exception(
        decklist, actor=hj, reason="Snatchh is a card from the newest set, checked by hand"
    )
    decklist = services.submit_decklist(decklist, actor=reg.player.user)
    decklist = services.accept_decklist(decklist, actor=hj)
    assert decklist.status == DecklistStatus.ACCEPTED
    assert decklist.exception_reason.startswith("Snatchh is a card from the newest set")
    assert "decklist.exception" in [e.action for e in audit_trail_for(decklist)]


def test_a_job_whose_worker_died_does_not_block_starting_it_again(event_with_staff):
    """Issue 35, item 9: the re-validation refused to start while a dead worker's job stayed
    "running"; that job is now failed (with a message) and a new one starts."""
    from datetime import timedelta

    from django.utils import timezone

    from core.models import GeneratedFile

    s = event_with_staff
    dead = services.start_job(s["event"], actor=s["organizer"], kind="revalidate")
    GeneratedFile.objects.filter(pk=dead.pk).update(
        status="running", heartbeat_at=timezone.now() - timedelta(minutes=30)
    )
    fresh = services.start_job(s["event"], actor=s["organizer"], kind="revalidate")
    assert fresh.pk != dead.pk and fresh.status == "pending"
    dead.refresh_from_db()
    assert dead.status == "failed" and "Ask for it again" in dead.error


def test_a_confirmed_format_change_recorded_by_an_official_decides_the_saved_list(
    event_with_staff, card_db, legal_cc_text
):
    """A dated format change (cards.FormatRuleChange) applies to lists of events on or after its
    date: a copy limit of 2 from the event's date makes the 3-copy list illegal, citing it."""
    from cards import services as card_services

    event = event_with_staff["event"]
    day = timezone.localdate(event.starts_at) if event.starts_at else timezone.localdate()
    card_services.record_format_change(
        actor=event_with_staff["head_judge"],
        format_code="cc",
        effective_from=day - timedelta(days=1),
        changes={"copy_limit": 2},
        source="https://example.org/cc-two-copies",
        confirmed=True,
    )
    decklist = _save(event_with_staff["alice"], legal_cc_text, card_db)
    assert decklist.is_legal is False
    assert {f["code"] for f in decklist.findings if f["severity"] == "error"} == {"COPY_LIMIT"}
    notes = [b["message"] for b in decklist.basis if b["code"] == "FORMAT_RULES"]
    assert any("copy_limit 2" in n and "https://example.org/cc-two-copies" in n for n in notes)
