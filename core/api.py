"""DRF glue shared by every app's API: the one input helper and the one error shape.

Every API error caused by the request answers the same JSON body::

    {"detail": "<readable message>", "code": "<machine code>", "field": "<input field>"?,
     "errors": {"<field>": ["<message>", ...]}?}

``field`` names the input at fault when there is one; ``errors`` lists every field's
problems when a serializer rejected the body. Ids: an id in the URL that matches nothing
is 404 (the resource is not there); an id in the request body that matches nothing is 400
naming the field (the input is wrong), through ``referenced``.
"""

from __future__ import annotations

from typing import Any, TypeVar

from django.db.models import Model, QuerySet
from rest_framework import status
from rest_framework.exceptions import ValidationError
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from .errors import DomainError


class InvalidInput(DomainError):
    """A request body a serializer rejected; ``errors`` keeps every field's messages."""

    def __init__(self, message: str, *, field: str | None = None, errors: dict | None = None):
        super().__init__(message, code="invalid", field=field)
        self.errors = errors or {}


def _first_error(errors: Any) -> tuple[str | None, str]:
    """The first (field, message) of DRF's nested error structure."""
    if isinstance(errors, dict) and errors:
        field, inner = next(iter(errors.items()))
        sub_field, message = _first_error(inner)
        name = field if sub_field is None or not isinstance(inner, dict) else f"{field}.{sub_field}"
        return name, message
    if isinstance(errors, list) and errors:
        return _first_error(errors[0])
    return None, str(errors)


def valid_serializer(serializer_class, request, *, data: Any = None, **kwargs: Any):
    """``serializer_class`` bound to the request body (or ``data``) and validated;
    ``InvalidInput`` (400, the one error shape) when it is not valid."""
    serializer = serializer_class(data=request.data if data is None else data, **kwargs)
    if not serializer.is_valid():
        raise _invalid_input(ValidationError(serializer.errors))
    return serializer


def validated(serializer_class, request, *, data: Any = None, **kwargs: Any) -> Any:
    """The validated data of the request body (see ``valid_serializer``)."""
    return valid_serializer(serializer_class, request, data=data, **kwargs).validated_data


M = TypeVar("M", bound=Model)


def referenced(queryset: QuerySet[M], pk: Any, *, field: str, label: str | None = None) -> M | None:
    """The row ``pk`` named by field ``field`` of the request body, looked up in ``queryset``
    (already narrowed to what the caller may reference, e.g. one event's rows); ``None`` when
    ``pk`` is ``None``; 400 naming the field when nothing matches."""
    if pk is None:
        return None
    obj = queryset.filter(pk=pk).first()
    if obj is None:
        what = label or field.replace("_", " ")
        raise DomainError(f"no {what} {pk} at this event", field=field)
    return obj


def _invalid_input(exc: ValidationError) -> InvalidInput:
    errors = exc.detail if isinstance(exc.detail, dict) else {"non_field_errors": exc.detail}
    field, message = _first_error(errors)
    if field == "non_field_errors":
        field = None
    return InvalidInput(f"{field}: {message}" if field else message, field=field, errors=dict(errors))


def exception_handler(exc, context):
    """Map DomainError subclasses to 400/403/409, and DRF's ValidationError (a serializer or a
    view that rejected the input) to 400, all with the one error body."""
    if isinstance(exc, ValidationError):
        exc = _invalid_input(exc)
    if isinstance(exc, DomainError):
        body: dict[str, Any] = {"detail": exc.message, "code": exc.code}
        if exc.field:
            body["field"] = exc.field
        if getattr(exc, "errors", None):
            body["errors"] = exc.errors
        return Response(body, status=getattr(exc, "status_code", status.HTTP_400_BAD_REQUEST))
    return drf_exception_handler(exc, context)
