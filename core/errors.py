"""Typed domain errors raised by services; views map them to HTTP answers."""


class DomainError(Exception):
    """A request that breaks a rule of the domain. Views answer 400 with the message."""

    status_code = 400

    def __init__(
        self, message: str, *, code: str = "invalid", field: str | None = None, current: object = None
    ):
        super().__init__(message)
        self.message = message
        self.code = code
        self.field = field
        #: The state the request collided with (e.g. the result already entered), shown to the
        #: client as ``current`` so it can decide again.
        self.current = current


class ConflictError(DomainError):
    """The request collides with the current state (double submission, stale edit). HTTP 409."""

    status_code = 409


class NotAllowed(DomainError):
    """The actor's role does not allow this action. HTTP 403."""

    status_code = 403
