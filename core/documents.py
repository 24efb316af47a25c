"""The one document protocol: every PDF of every app is a ``Document``.

A document knows its template and context, its download name and its language; ``render``
renders it (``core.pdf.render_pdf``: autoescaped, WeasyPrint reads only our static files) in
that language. Who may read it stays with the app's ``access`` module: the view or task asks
it before it builds the document. A document small enough for a request is served with
``pdf_response``; a large one is queued through ``core.files`` (``start_generated_file``) and its
task returns ``document_output(document)``.

The language (issue 31): event sheets use the event's ``print_language``; a player's own
documents the player's account language; judging and mirror documents the language of the
person who asked (``requested_language``). An empty language keeps the active one. A queued
document stores the asker's language with its job when it is queued (``queued_language``: the
account's, else the request's) and the task prints in that language.
"""

from __future__ import annotations

from typing import Any, ClassVar

from django.http import HttpResponse
from django.utils import translation

from .files import Output
from .i18n import account_language, in_language
from .pdf import render_pdf


class Document:
    """A PDF: subclasses set ``template_name`` and define ``context`` and ``filename``."""

    template_name: ClassVar[str] = ""

    def context(self) -> dict[str, Any]:
        raise NotImplementedError

    def filename(self) -> str:
        raise NotImplementedError

    def language(self) -> str:
        """The language the document is printed in; "" keeps the active one."""
        return ""

    def render_document(self) -> bytes:
        """The PDF bytes, the language already active (a document built page by page overrides this)."""
        return render_pdf(self.template_name, self.context())

    def render(self) -> bytes:
        with in_language(self.language()):
            return self.render_document()


def requested_language(user) -> str:
    """The language of the person who asked: their account's, or "" (the request's)."""
    return account_language(getattr(user, "pk", None) if getattr(user, "is_authenticated", False) else None)


def queued_language(user) -> str:
    """The language to store with a queued document (a worker has no request): the asker's
    account language, else the language of the request that queued it."""
    return requested_language(user) or translation.get_language() or ""


def _pdf(content: bytes, filename: str, attachment: bool) -> HttpResponse:
    response = HttpResponse(content, content_type="application/pdf")
    disposition = "attachment" if attachment else "inline"
    response["Content-Disposition"] = f'{disposition}; filename="{filename}"'
    return response


def pdf_response(document: Document, *, attachment: bool = False) -> HttpResponse:
    """The rendered document as an HTTP response, shown inline unless ``attachment``."""
    return _pdf(document.render(), document.filename(), attachment)


def stored_pdf_response(generated, *, attachment: bool = False) -> HttpResponse:
    """A queued document's stored file (a done ``core.GeneratedFile``) served the way
    ``pdf_response`` serves a rendered one, under the name its task gave it."""
    with generated.file.open("rb") as fh:
        content = fh.read()
    return _pdf(content, generated.filename, attachment)


def document_output(document: Document, **result: Any) -> Output:
    """What a ``core.files`` task returns for a document: its bytes and download name."""
    content = document.render()
    return Output(content=content, filename=document.filename(), result=result)
