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

import io
from typing import Any, TypeVar

from django.conf import settings
from django.db import DataError
from django.db.models import Model, QuerySet
from django.utils.translation import gettext as _
from rest_framework import status
from rest_framework.exceptions import ParseError, ValidationError
from rest_framework.parsers import JSONParser
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from .errors import DomainError
from .parsing import MAX_INT64, MAX_JSON_DEPTH, json_depth_exceeds


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
        raise DomainError(_("no %(what)s %(pk)s at this event") % {"what": what, "pk": pk}, field=field)
    return obj


def _invalid_input(exc: ValidationError) -> InvalidInput:
    errors = exc.detail if isinstance(exc.detail, dict) else {"non_field_errors": exc.detail}
    field, message = _first_error(errors)
    if field == "non_field_errors":
        field = None
    return InvalidInput(f"{field}: {message}" if field else message, field=field, errors=dict(errors))


#: Largest integer a JSON body may carry: every stored number fits a signed 64-bit column.
MAX_JSON_INTEGER = MAX_INT64


def _check_values(data: Any) -> None:
    """Refuse NUL characters in strings and integers no column can store (no recursion: the
    depth is already bounded, but a stack keeps it flat anyway)."""
    stack = [data]
    while stack:
        value = stack.pop()
        if isinstance(value, dict):
            for key, item in value.items():
                if "\x00" in key:
                    raise ParseError(_("JSON keys must not contain null characters (NUL)."))
                stack.append(item)
        elif isinstance(value, list):
            stack.extend(value)
        elif isinstance(value, str):
            if "\x00" in value:
                raise ParseError(_("JSON strings must not contain null characters (NUL, \\u0000)."))
        elif isinstance(value, int) and not isinstance(value, bool) and abs(value) > MAX_JSON_INTEGER:
            raise ParseError(
                _("A number in the body is out of range (at most %(max_json_integer)s).")
                % {"max_json_integer": MAX_JSON_INTEGER}
            )


class SafeJSONParser(JSONParser):
    """DRF's JSON parser, refusing (400) bodies larger than ``DATA_UPLOAD_MAX_MEMORY_SIZE`` or
    nested deeper than ``MAX_JSON_DEPTH``, strings with NUL characters and integers beyond 64
    bits, which would otherwise end in a slow answer, a RecursionError or a database error."""

    def parse(self, stream, media_type=None, parser_context=None):
        # DRF reads the body past Django's DATA_UPLOAD_MAX_MEMORY_SIZE check; the same limit
        # applies here, read no further than one byte past it.
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        raw = (stream.read() if limit is None else stream.read(limit + 1)) if stream is not None else b""
        if limit is not None and len(raw) > limit:
            raise ParseError(
                _("JSON parse error - the body is larger than %(limit)s bytes.") % {"limit": limit}
            )
        if json_depth_exceeds(raw, MAX_JSON_DEPTH):
            raise ParseError(
                _("JSON parse error - the body is nested deeper than %(max_json_depth)s levels.")
                % {"max_json_depth": MAX_JSON_DEPTH}
            )
        try:
            data = super().parse(io.BytesIO(raw), media_type, parser_context)
        except RecursionError:
            raise ParseError(_("JSON parse error - the body is nested too deeply.")) from None
        _check_values(data)
        return data


def exception_handler(exc, context):
    """Map DomainError subclasses to 400/403/409, and DRF's ValidationError (a serializer or a
    view that rejected the input) to 400, all with the one error body."""
    if isinstance(exc, ValidationError):
        exc = _invalid_input(exc)
    if isinstance(exc, (DataError, OverflowError)):
        # A value the database cannot store (a number out of its column's range): the input is
        # wrong, not the server. Fields should bound their numbers; this is the safety net.
        exc = DomainError(_("a value in the request is out of range"), code="out_of_range")
    if isinstance(exc, DomainError):
        body: dict[str, Any] = {"detail": exc.message, "code": exc.code}
        if exc.field:
            body["field"] = exc.field
        if isinstance(exc, InvalidInput) and exc.errors:
            body["errors"] = exc.errors
        if getattr(exc, "current", None) is not None:
            body["current"] = exc.current
        return Response(body, status=getattr(exc, "status_code", status.HTTP_400_BAD_REQUEST))
    return drf_exception_handler(exc, context)
