"""What each piece of news tells whom: the messages of one event, one per subscribed phone.

A message carries only what its reader may see on their own page: their round, table and
opponent's name as the event shows names to the public (``tournament.access.public_lens``),
never another player's ID. Nothing goes out for an event that is not running or taking
registrations (a draft is not announced), nor to a player who dropped or was disqualified.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable

from django.urls import NoReverseMatch, reverse
from django.utils.translation import gettext as _

from tournament import selectors as tournament_selectors
from tournament.access import public_lens
from tournament.enums import ACTIVE_REGISTRATION_STATUSES, RoundStage
from tournament.models import Event, Match, Registration, Round

from .access import event_sends
from .enums import Audience
from .models import Subscription

Message = tuple[int, dict]


def _payload(title: str, body: str, url: str, tag: str) -> dict:
    return {"title": title, "body": body, "url": url, "tag": tag}


def player_subscriptions(
    event: Event, registration_ids: Iterable[int | None]
) -> dict[int | None, list[Subscription]]:
    """The player subscriptions of ``event`` for those registrations that still play, by registration."""
    ids = [pk for pk in registration_ids if pk is not None]
    found: dict[int | None, list[Subscription]] = defaultdict(list)
    if not ids:
        return found
    subs = Subscription.objects.filter(
        event=event,
        audience=Audience.PLAYER,
        registration_id__in=ids,
        registration__status__in=[str(s) for s in ACTIVE_REGISTRATION_STATUSES],
    ).only("pk", "registration_id", "page", "user_id")
    for sub in subs:
        found[sub.registration_id].append(sub)
    return found


def staff_subscriptions(event: Event) -> list[Subscription]:
    return list(Subscription.objects.filter(event=event, audience=Audience.STAFF).only("pk"))


def _opponent(match: Match, registration_id: int | None) -> Registration | None:
    return match.player_b if match.player_a_id == registration_id else match.player_a


def round_published(round_: Round) -> list[Message]:
    """Pairings published: "Round 3: table 12", against whom. The first round of the play-off
    says the player made the cut (TR&P 4: the top cut)."""
    event = round_.event
    lens = public_lens(event)
    title = tournament_selectors.round_title(round_)
    first_of_cut = (
        round_.stage != RoundStage.SWISS
        and not Round.objects.filter(event=event, stage=round_.stage, number__lt=round_.number).exists()
    )
    matches = list(tournament_selectors.matches_for_round(round_))
    subs = player_subscriptions(
        event, [pid for m in matches for pid in (m.player_a_id, m.player_b_id) if pid]
    )
    out: list[Message] = []
    for match in matches:
        for reg_id in (match.player_a_id, match.player_b_id):
            for sub in subs.get(reg_id, ()):
                opponent = _opponent(match, reg_id)
                if opponent is None:
                    body = _("You have a bye this round.")
                    heading = _("%(title)s: bye") % {"title": title}
                else:
                    heading = _("%(title)s: table %(table_number)s") % {
                        "title": title,
                        "table_number": match.table_number,
                    }
                    body = _("You play %(name)s at table %(table_number)s.") % {
                        "name": lens.name(opponent),
                        "table_number": match.table_number,
                    }
                if first_of_cut:
                    heading = _("You made the cut! %(heading)s") % {"heading": heading}
                out.append((sub.pk, _payload(heading, body, sub.page, f"round-{round_.pk}")))
    return out


def _open_matches(round_: Round) -> list[Match]:
    return list(Match.objects.filter(round=round_, result="").exclude(player_b=None))


def round_clock(round_: Round, *, what: str) -> list[Message]:
    """The round's last minutes (``what="last10"``) or time called (``"time"``): to the players
    of the matches still playing (TR&P 3.4, end of round)."""
    title = tournament_selectors.round_title(round_)
    matches = _open_matches(round_)
    subs = player_subscriptions(
        round_.event, [pid for m in matches for pid in (m.player_a_id, m.player_b_id)]
    )
    if what == "last10":
        heading, body = (
            _("%(title)s: 10 minutes left") % {"title": title},
            _("Ten minutes left in the round."),
        )
    else:
        heading, body = (
            _("%(title)s: time is called") % {"title": title},
            _("Time is called: play out the end-of-round turns, then report your result."),
        )
    out: list[Message] = []
    for match in matches:
        for reg_id in (match.player_a_id, match.player_b_id):
            for sub in subs.get(reg_id, ()):
                out.append((sub.pk, _payload(heading, body, sub.page, f"clock-{round_.pk}-{what}")))
    return out


def match_news(match: Match, *, action: str) -> list[Message]:
    """A result reported (to the opponent, to confirm), disputed (to both players and to the
    staff) or corrected by the staff (to both players)."""
    event = match.round.event
    where = _("%(round_title)s, table %(table_number)s") % {
        "round_title": tournament_selectors.round_title(match.round),
        "table_number": match.table_number,
    }
    players = [pid for pid in (match.player_a_id, match.player_b_id) if pid]
    if action == "match.report":
        players = [pid for pid in players if pid != match.reported_by_id]
        heading, body = where, _("Your opponent reported your result. Open your page to confirm it.")
    elif action == "match.dispute":
        heading, body = (
            where,
            _("Your reports disagree: the scorekeeper will sort it out. Please see the staff."),
        )
    else:
        heading, body = where, _("The staff corrected your result. Open your page to see it.")
    subs = player_subscriptions(event, players)
    out: list[Message] = [
        (sub.pk, _payload(heading, body, sub.page, f"match-{match.pk}"))
        for pid in players
        for sub in subs.get(pid, ())
    ]
    if action == "match.dispute":
        url = _url("tournament:staff", event.slug) + "#outstanding"
        for sub in staff_subscriptions(event):
            out.append(
                (
                    sub.pk,
                    _payload(
                        _("Result disputed: %(where)s") % {"where": where},
                        _("The players' reports disagree."),
                        url,
                        f"dispute-{match.pk}",
                    ),
                )
            )
    return out


def decklist_news(
    event: Event, *, registration_id: int, decklist_id: int, accepted: bool, reason: str
) -> list[Message]:
    """The player's decklist accepted, or rejected with the official's reason (TR&P 3.7)."""
    subs = player_subscriptions(event, [registration_id])
    if accepted:
        heading, body = _("Decklist accepted"), _("An official accepted your decklist.")
    else:
        heading, body = (
            _("Decklist rejected"),
            _("Reason: %(reason)s. Fix it and submit it again.") % {"reason": reason},
        )
    return [
        (sub.pk, _payload(heading, body, _decklist_url(decklist_id, sub), f"decklist-{decklist_id}"))
        for sub in subs.get(registration_id, ())
    ]


def _decklist_url(decklist_id: int, sub: Subscription) -> str:
    # The decklist page needs the player's account; a walk-in's private page is theirs.
    if sub.user_id is None:
        return sub.page
    try:
        return reverse("decklists:detail", args=[decklist_id])
    except NoReverseMatch:
        return sub.page


def call_answered(event: Event, *, match_id: int | None, table_number: int | None) -> list[Message]:
    """A judge answered the call at the player's table (TR&P 3.9)."""
    match = Match.objects.filter(pk=match_id).first() if match_id else None
    if match is None:
        return []
    players = [pid for pid in (match.player_a_id, match.player_b_id) if pid]
    subs = player_subscriptions(event, players)
    heading = _("Table %(table_number)s: the judge's ruling") % {
        "table_number": table_number or match.table_number
    }
    body = _("The judge answered the call at your table.")
    return [
        (sub.pk, _payload(heading, body, sub.page, f"call-{match.pk}"))
        for pid in players
        for sub in subs.get(pid, ())
    ]


def call_opened(event: Event, *, call_id: int, table_number: int | None) -> list[Message]:
    """To the staff: a judge call opened (TR&P 3.9)."""
    try:
        url = reverse("judging:call", args=[event.slug, call_id])
    except NoReverseMatch:
        url = _url("tournament:staff", event.slug)
    heading = (
        _("Judge call at table %(table_number)s") % {"table_number": table_number}
        if table_number
        else _("Judge call")
    )
    return [
        (sub.pk, _payload(heading, _("A judge is needed."), url, f"call-{call_id}"))
        for sub in staff_subscriptions(event)
    ]


def tables_over_time(event: Event, matches: list[Match]) -> list[Message]:
    """To the staff: tables still playing well after time was called."""
    if not matches:
        return []
    url = _url("tournament:staff", event.slug)
    subs = staff_subscriptions(event)
    out: list[Message] = []
    for match in matches:
        heading = _("Table %(table_number)s is over time") % {"table_number": match.table_number}
        body = f"{tournament_selectors.round_title(match.round)}: no result yet, time was called a while ago."
        out.extend((sub.pk, _payload(heading, body, url, f"over-{match.pk}")) for sub in subs)
    return out


def _url(name: str, slug: str) -> str:
    return reverse(name, args=[slug])


def news_messages(kind: str, *, event_id: int, **ids) -> list[Message]:
    """The messages of one piece of news (``receivers.on_news``, the clock watcher), read after
    the change committed; none for an event that does not send (``access.event_sends``)."""
    event = Event.objects.filter(pk=event_id).first()
    if event is None or not event_sends(event):
        return []
    if not Subscription.objects.filter(event=event).exists():
        return []
    if kind in ("round.publish", "clock.time_called", "clock.last10"):
        round_ = Round.objects.select_related("event").filter(pk=ids["round_id"], event=event).first()
        if round_ is None:
            return []
        if kind == "round.publish":
            return round_published(round_)
        return round_clock(round_, what="time" if kind == "clock.time_called" else "last10")
    if kind in ("match.report", "match.dispute", "match.correct"):
        match = (
            Match.objects.select_related("round__event")
            .filter(pk=ids["match_id"], round__event=event)
            .first()
        )
        return match_news(match, action=kind) if match is not None else []
    if kind in ("decklist.accept", "decklist.reject"):
        return decklist_news(
            event,
            registration_id=ids["registration_id"],
            decklist_id=ids["decklist_id"],
            accepted=kind == "decklist.accept",
            reason=ids.get("reason", ""),
        )
    if kind in ("judge_call.rule", "judge_call.final_ruling"):
        return call_answered(event, match_id=ids.get("match_id"), table_number=ids.get("table_number"))
    if kind == "judge_call.open":
        return call_opened(event, call_id=ids["call_id"], table_number=ids.get("table_number"))
    if kind == "table.over_time":
        matches = list(
            Match.objects.select_related("round").filter(pk__in=ids["match_ids"], round__event=event)
        )
        return tables_over_time(event, matches)
    return []
