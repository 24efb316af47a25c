"""What accounts adds to the tournament pages (found by ``tournament.addons.autodiscover``): the
requests to play as a player ID, made on a self-registration or with a walk-in's claim code,
and the rows the check-in desk shows the staff who may act on them (docs/access.md)."""

from django.urls import reverse

from tournament import addons

from . import access, services


def _request(user, *, player_id: str, display_name: str, event=None) -> None:
    services.claim_player_id(user, player_id=player_id, display_name=display_name, event=event)


def _desk(event, user) -> list[dict]:
    """The self-registrations at ``event`` that ``user`` may confirm (or register) at the desk."""
    url = reverse("accounts:decide")
    return [
        {
            "pk": c.pk,
            "username": c.user.get_username(),
            "player_id": c.player_id,
            "name": c.display_name,
            "can_link": access.may_link(user, c),
            "decide_url": url,
        }
        for c in access.decidable_claims(user, event_id=event.pk)
    ]


addons.register_link_requests(_request, services.pending_claim, _desk)
