"""DRF glue shared by every app's API."""

from rest_framework import status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from .errors import DomainError


def exception_handler(exc, context):
    """Map DomainError subclasses to 400/403/409 with a readable body."""
    if isinstance(exc, DomainError):
        body = {"detail": exc.message, "code": exc.code}
        if exc.field:
            body["field"] = exc.field
        return Response(body, status=getattr(exc, "status_code", status.HTTP_400_BAD_REQUEST))
    return drf_exception_handler(exc, context)
