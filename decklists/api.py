"""Decklist API (/api/decklists/...). Same services as the web pages; DomainError maps to
400/403/409 through core.api."""

from __future__ import annotations

from django.http import Http404
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.parsers import FormParser, MultiPartParser
from rest_framework.response import Response
from rest_framework.views import APIView

from core.api import SafeJSONParser, valid_serializer
from core.errors import DomainError
from core.models import GeneratedFile
from core.parsing import optional_whole_number

from . import access, selectors, services
from .enums import DecklistKind, DecklistSource, JobKind
from .models import Decklist
from .tasks import start_event_job
from .text import decode_upload


class DecklistSerializer(serializers.ModelSerializer):
    event = serializers.CharField(source="registration.event.slug", read_only=True)
    player = serializers.CharField(source="registration.player.display_name", read_only=True)
    player_id = serializers.SerializerMethodField(
        help_text=gettext_lazy("null unless you are the player or an official")
    )
    error_count = serializers.IntegerField(read_only=True)
    registered_by = serializers.CharField(source="registered_by.username", read_only=True, default=None)

    class Meta:
        model = Decklist
        fields = [
            "id",
            "registration",
            "event",
            "player",
            "player_id",
            "kind",
            "status",
            "source",
            "raw_text",
            "hero",
            "cards",
            "problems",
            "findings",
            "is_legal",
            "error_count",
            "data_version",
            "basis",
            "validated_at",
            "version",
            "submitted_at",
            "is_late",
            "accepted_at",
            "locked_at",
            "exception_reason",
            "registered_by",
            "created_at",
            "updated_at",
        ]
        read_only_fields = fields

    def get_player_id(self, obj) -> str | None:
        return access.decklist_player_id(self.context.get("user"), obj)


class DecklistDetailSerializer(DecklistSerializer):
    """One list, with what the officials changed in it: the player is told every fix."""

    official_changes = serializers.SerializerMethodField(
        help_text=gettext_lazy(
            "Changes an official made to this list (FaB PPG 4.4; Grand Archive: GA IPG Decklist Issue), "
            "with their reasons."
        )
    )

    class Meta(DecklistSerializer.Meta):
        fields = [*DecklistSerializer.Meta.fields, "official_changes"]
        read_only_fields = fields

    def get_official_changes(self, decklist) -> list[dict]:
        return [
            {"at": c["at"].isoformat(), "reason": c["reason"]} for c in selectors.official_changes(decklist)
        ]


class DecklistWriteSerializer(serializers.Serializer):
    registration = serializers.IntegerField(
        required=False, help_text=gettext_lazy("Registration id (create only).")
    )
    text = serializers.CharField(required=False, allow_blank=True, trim_whitespace=False, max_length=200_000)
    file = serializers.FileField(required=False, help_text=gettext_lazy("A text file instead of ``text``."))
    kind = serializers.ChoiceField(choices=DecklistKind.choices, required=False)
    version = serializers.IntegerField(required=False, min_value=0)
    submit = serializers.BooleanField(required=False, default=False)

    def text_and_source(self, *, default_source: str = DecklistSource.API) -> tuple[str, str]:
        data = self.validated_data
        upload = data.get("file")
        if upload is not None:
            return decode_upload(upload.read(), filename=upload.name), DecklistSource.FILE
        if "text" not in data:
            raise DomainError(_("Send the list as `text` or as a `file`."), code="empty", field="text")
        return data["text"], default_source


class ReasonSerializer(serializers.Serializer):
    reason = serializers.CharField(max_length=2000)


class FixSerializer(serializers.Serializer):
    text = serializers.CharField(trim_whitespace=False, max_length=200_000)
    reason = serializers.CharField(max_length=2000)


class JobSerializer(serializers.ModelSerializer):
    percent = serializers.IntegerField(read_only=True)
    download = serializers.SerializerMethodField()

    class Meta:
        model = GeneratedFile
        fields = [
            "id",
            "kind",
            "status",
            "done",
            "total",
            "percent",
            "result",
            "error",
            "created_at",
            "finished_at",
            "download",
        ]

    def get_download(self, job) -> str | None:
        return reverse("decklists:job_file", args=[job.pk]) if job.file else None


def _save_and_maybe_submit(serializer, *, registration, actor, kind, version):
    text, source = serializer.text_and_source()
    decklist = services.save_decklist(
        registration, actor=actor, text=text, source=source, kind=kind, version=version
    )
    if serializer.validated_data.get("submit"):
        try:
            decklist = services.submit_decklist(decklist, actor=actor)
        except DomainError as exc:
            return Response(
                {
                    "detail": _("Saved as a draft, not submitted: %(message)s") % {"message": exc.message},
                    "code": exc.code,
                    "decklist": DecklistSerializer(decklist, context={"user": actor}).data,
                },
                status=exc.status_code,
            )
    return decklist


class DecklistListAPI(APIView):
    """GET: your own lists, or every list of ``?event=<slug>`` for its officials. POST: save a
    list for a registration (draft; ``submit: true`` also submits it)."""

    parser_classes = [SafeJSONParser, MultiPartParser, FormParser]

    @extend_schema(responses=DecklistSerializer(many=True))
    def get(self, request):
        slug = request.query_params.get("event")
        if slug:
            event = access.access_event_decklists(request.user, slug)
            qs = selectors.decklists_for_event(event)
        else:
            qs = selectors.decklists_for_user(request.user)
        return Response(DecklistSerializer(qs, many=True, context={"user": request.user}).data)

    @extend_schema(request=DecklistWriteSerializer, responses={201: DecklistSerializer})
    def post(self, request):
        serializer = valid_serializer(DecklistWriteSerializer, request)
        reg_id = serializer.validated_data.get("registration")
        if reg_id is None:
            raise DomainError(_("registration: this field is required."), field="registration")
        registration = (
            selectors.Registration.objects.select_related("event", "player__user").filter(pk=reg_id).first()
        )
        if registration is None:
            raise DomainError(
                _("No registration with id %(reg_id)s.") % {"reg_id": reg_id},
                code="not_found",
                field="registration",
            )
        result = _save_and_maybe_submit(
            serializer,
            registration=registration,
            actor=request.user,
            kind=serializer.validated_data.get("kind"),
            version=serializer.validated_data.get("version"),
        )
        if isinstance(result, Response):
            return result
        return Response(
            DecklistSerializer(result, context={"user": request.user}).data, status=status.HTTP_201_CREATED
        )


class DecklistDetailAPI(APIView):
    """GET one list you may see (FaB TR&P 3.7; Grand Archive: organizer's policy). PUT/PATCH: replace its text (the player, until accepted)."""

    parser_classes = [SafeJSONParser, MultiPartParser, FormParser]

    @extend_schema(responses=DecklistDetailSerializer)
    def get(self, request, pk: int):
        return Response(
            DecklistDetailSerializer(
                access.access_decklist(request.user, pk), context={"user": request.user}
            ).data
        )

    @extend_schema(request=DecklistWriteSerializer, responses=DecklistSerializer)
    def put(self, request, pk: int):
        decklist = access.access_decklist(request.user, pk)
        serializer = valid_serializer(DecklistWriteSerializer, request)
        result = _save_and_maybe_submit(
            serializer,
            registration=decklist.registration,
            actor=request.user,
            kind=decklist.kind,
            version=serializer.validated_data.get("version"),
        )
        if isinstance(result, Response):
            return result
        return Response(DecklistSerializer(result, context={"user": request.user}).data)

    patch = put


class DecklistActionAPI(APIView):
    """POST submit | accept | reject (reason) | exception (reason) | fix (text, reason)."""

    @extend_schema(operation_id="decklists_action", request=None, responses=DecklistSerializer)
    def post(self, request, pk: int, action: str):
        decklist = access.access_decklist(request.user, pk)
        if action == "submit":
            given = request.data.get("version") if hasattr(request.data, "get") else None
            version = optional_whole_number(given, field="version")
            decklist = services.submit_decklist(decklist, actor=request.user, version=version)
        elif action == "accept":
            decklist = services.accept_decklist(decklist, actor=request.user)
        elif action == "reject":
            reason = valid_serializer(ReasonSerializer, request).validated_data["reason"]
            decklist = services.reject_decklist(decklist, actor=request.user, reason=reason)
        elif action == "exception":
            reason = valid_serializer(ReasonSerializer, request).validated_data["reason"]
            decklist = services.grant_exception(decklist, actor=request.user, reason=reason)
        elif action == "fix":
            data = valid_serializer(FixSerializer, request).validated_data
            decklist = services.fix_decklist(
                decklist, actor=request.user, text=data["text"], reason=data["reason"]
            )
        else:
            raise Http404(_("Unknown action."))
        return Response(DecklistSerializer(decklist, context={"user": request.user}).data)


class EventDecklistJobAPI(APIView):
    """POST: start re-validation (organizer, head judge; optional ``release``: a card-data
    release id to check against) or the combined PDF (officials) of an event."""

    @extend_schema(operation_id="decklists_event_job_start", request=None, responses={202: JobSerializer})
    def post(self, request, slug: str, kind: str):
        if kind not in (JobKind.REVALIDATE, JobKind.RENDER):
            raise Http404(_("Unknown job."))
        action = "manage_decklists" if kind == JobKind.REVALIDATE else "review_decklists"
        event = access.access_event_decklists(request.user, slug, action=action)
        release = request.data.get("release") if hasattr(request.data, "get") else None
        job = start_event_job(event, actor=request.user, kind=kind, release=release)
        return Response(JobSerializer(job).data, status=status.HTTP_202_ACCEPTED)


class DecklistJobAPI(APIView):
    """GET a job's progress and result (officials of its event)."""

    @extend_schema(responses=JobSerializer)
    def get(self, request, pk: int):
        job, _event = access.access_job(request.user, pk)
        return Response(JobSerializer(job).data)
