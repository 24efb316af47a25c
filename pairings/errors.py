"""The one error the pure engine raises for bad input.

It is a ``ValueError`` so plain callers can catch it; ``field`` names the offending
input (``players[3].points``) so the command line and the web layer can say which.
"""


class InvalidInput(ValueError):
    """Bad input to the engine; ``field`` names the offending part of the input."""

    def __init__(self, field: str, message: str):
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message
