"""Every change the judging app makes, one module per domain: ``calls`` (judge calls, rulings,
appeals, citations), ``penalties`` (recommendations, issuing, confirming, rejecting, tardiness)
and ``deck_checks`` (planning, checking against the accepted decklist); ``_common`` holds what
they share (timed matches, the player's current match, giving a match its stopped time back).
Callers import the domain module: ``from judging.services import penalties as penalty_services``.

Each service is atomic, checks the actor's role at the event, records an audit entry
(core.audit) in the same transaction and goes through ``tournament.services`` for anything
that touches a match result, a match clock or a registration.
"""
