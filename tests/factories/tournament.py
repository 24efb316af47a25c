"""Factories for the tournament models (the shared data contract).

They write rows directly (no services, no audit): use them to arrange tests. Users get
the password ``"pw-" + username`` like ``tests.conftest.user_factory``.
"""

from __future__ import annotations

import factory
from django.contrib.auth import get_user_model

from tournament import models
from tournament.enums import (
    REL,
    EventType,
    FormatCode,
    Game,
    MatchResult,
    RegistrationStatus,
    RoundStage,
    RoundStatus,
    StaffRole,
)


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        django_get_or_create = ("username",)
        skip_postgeneration_save = True

    username = factory.Sequence(lambda n: f"fuser{n}")
    email = factory.LazyAttribute(lambda o: f"{o.username}@example.test")

    @factory.post_generation
    def password(obj, create, extracted, **kwargs):
        obj.set_password(extracted or "pw-" + obj.username)
        if create:
            obj.save(update_fields=["password"])


class PlayerProfileFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = models.PlayerProfile

    user = factory.SubFactory(UserFactory)
    player_id = factory.Sequence(lambda n: f"GEM{100000 + n}")
    display_name = factory.Sequence(lambda n: f"Player {n}")


class EventFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = models.Event

    slug = factory.Sequence(lambda n: f"event-{n}")
    name = factory.Sequence(lambda n: f"Armory {n}")
    game = Game.FAB
    format = FormatCode.CLASSIC_CONSTRUCTED
    rel = REL.CASUAL
    tier = 1
    event_type = EventType.ARMORY
    round_minutes = 55


class EventDayFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = models.EventDay

    event = factory.SubFactory(EventFactory)
    number = 1
    rel = REL.CASUAL


class StaffAssignmentFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = models.StaffAssignment

    event = factory.SubFactory(EventFactory)
    user = factory.SubFactory(UserFactory)
    role = StaffRole.FLOOR_JUDGE


class RegistrationFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = models.Registration

    event = factory.SubFactory(EventFactory)
    player = factory.SubFactory(PlayerProfileFactory)
    status = RegistrationStatus.CHECKED_IN


class RoundFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = models.Round

    event = factory.SubFactory(EventFactory)
    number = factory.Sequence(lambda n: n + 1)
    stage = RoundStage.SWISS
    status = RoundStatus.PUBLISHED
    duration_seconds = factory.LazyAttribute(lambda o: o.event.round_minutes * 60)


class MatchFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = models.Match

    round = factory.SubFactory(RoundFactory)
    table_number = factory.Sequence(lambda n: n + 1)
    player_a = factory.SubFactory(RegistrationFactory, event=factory.SelfAttribute("..round.event"))
    player_b = factory.SubFactory(RegistrationFactory, event=factory.SelfAttribute("..round.event"))
    result = MatchResult.PENDING


class MatchReportFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = models.MatchReport

    match = factory.SubFactory(MatchFactory)
    registration = factory.SelfAttribute("match.player_a")
    result = MatchResult.A_WINS
    games_a = 1


class MatchExtensionFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = models.MatchExtension

    match = factory.SubFactory(MatchFactory)
    seconds = 120
    reason = "judge call"
