"""Shared by every app: the audit trail (who changed what, when, before and after) and
generated files (PDFs, exports, batch reports made in the background)."""

from __future__ import annotations

import uuid

from django.conf import settings
from django.contrib.contenttypes.models import ContentType
from django.db import models
from django.utils.translation import gettext_lazy


class AuditEntry(models.Model):
    """One recorded change. Written only through core.audit.record_audit."""

    created_at = models.DateTimeField(auto_now_add=True, db_index=True)
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    action = models.CharField(max_length=80, db_index=True)
    content_type = models.ForeignKey(ContentType, null=True, blank=True, on_delete=models.SET_NULL)
    object_id = models.CharField(max_length=64, blank=True)
    object_repr = models.CharField(max_length=200, blank=True)
    # The event the change belongs to, kept as a plain id so core depends on no app.
    event_id = models.BigIntegerField(null=True, blank=True, db_index=True)
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)
    reason = models.TextField(blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["content_type", "object_id"])]
        verbose_name_plural = gettext_lazy("audit entries")

    def __str__(self) -> str:
        who = self.actor or "system"
        return f"{self.created_at:%Y-%m-%d %H:%M:%S} {who} {self.action} {self.object_repr}"


class GeneratedFileStatus(models.TextChoices):
    PENDING = "pending", gettext_lazy("Pending")
    RUNNING = "running", gettext_lazy("Running")
    DONE = "done", gettext_lazy("Done")
    FAILED = "failed", gettext_lazy("Failed")


def _generated_upload_to(instance: GeneratedFile, filename: str) -> str:
    return f"generated/{instance.app_label}/{instance.key.hex}/{filename}"


class GeneratedFile(models.Model):
    """Something made in the background for one request: a PDF, an export, or a batch check's
    report (``result``, no file). Every app makes its documents through ``core.files``: one row
    per request with status and progress, who asked, and when it expires and is cleaned up."""

    key = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    app_label = models.CharField(max_length=32)
    kind = models.CharField(max_length=32)
    title = models.CharField(max_length=120, blank=True)
    # The event the file belongs to, kept as a plain id so core depends on no app.
    event_id = models.BigIntegerField(null=True, blank=True, db_index=True)
    params = models.JSONField(default=dict, blank=True)
    status = models.CharField(
        max_length=16, choices=GeneratedFileStatus.choices, default=GeneratedFileStatus.PENDING
    )
    total = models.PositiveIntegerField(default=0)
    done = models.PositiveIntegerField(default=0)
    file = models.FileField(upload_to=_generated_upload_to, blank=True, max_length=255)
    filename = models.CharField(max_length=200, blank=True)
    content_type = models.CharField(max_length=100, blank=True)
    size = models.PositiveIntegerField(default=0)
    result = models.JSONField(default=dict, blank=True)
    error = models.TextField(blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    # Last sign of life of the process making it (set when it starts, on each progress report and
    # every few seconds while it works); a running row without one for a while was orphaned.
    heartbeat_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    expires_at = models.DateTimeField(db_index=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["app_label", "kind", "event_id"])]

    def __str__(self) -> str:
        return f"{self.app_label}.{self.kind} {self.key.hex}: {self.status}"

    @property
    def percent(self) -> int:
        if self.status == GeneratedFileStatus.DONE:
            return 100
        return 0 if not self.total else min(100, int(100 * self.done / self.total))

    @property
    def event_pk(self) -> int:
        """The id of the event the file belongs to; every event document has one."""
        if self.event_id is None:
            raise ValueError(f"generated file {self.key.hex} belongs to no event")
        return int(self.event_id)

    @property
    def is_finished(self) -> bool:
        return self.status in (GeneratedFileStatus.DONE, GeneratedFileStatus.FAILED)


class AccountPreferences(models.Model):
    """An account's own settings: the language its pages, mails and own PDFs are shown in
    (issue 31; empty: the browser's language). One row per account, made when first chosen."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="preferences"
    )
    language = models.CharField("language", max_length=8, blank=True, default="", choices=settings.LANGUAGES)

    def __str__(self) -> str:
        return f"{self.user} ({self.language or 'browser language'})"
