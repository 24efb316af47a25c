"""Rules documents, their numbered rules and glossary terms.

The documents' text is not part of the project: ``import_rules`` reads it at run time.
"""

from __future__ import annotations

from django.contrib.postgres.search import SearchVectorField
from django.db import models

from .enums import DocumentKind


class RulesDocument(models.Model):
    kind = models.CharField(max_length=8, choices=DocumentKind.choices)
    version = models.CharField(max_length=40)
    title = models.CharField(max_length=200)
    source_name = models.CharField(max_length=200, blank=True)
    content_hash = models.CharField(max_length=64)
    is_current = models.BooleanField(default=False)
    imported_at = models.DateTimeField()
    rule_count = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["kind", "-is_current", "version"]
        constraints = [
            models.UniqueConstraint(
                fields=["kind", "version"], name="reference_document_kind_version_unique"
            ),
            models.UniqueConstraint(
                fields=["kind"], condition=models.Q(is_current=True), name="reference_one_current_per_kind"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} {self.version}"

    @property
    def short_label(self) -> str:
        return {"cr": "CR", "trp": "TR&P", "ppg": "PPG", "ga": "GA"}.get(self.kind, self.kind.upper())


class Rule(models.Model):
    document = models.ForeignKey(RulesDocument, on_delete=models.CASCADE, related_name="rules")
    number = models.CharField(max_length=40)
    parent = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.CASCADE, related_name="children"
    )
    title = models.CharField(max_length=200, blank=True)
    text = models.TextField(blank=True)
    order = models.PositiveIntegerField()
    depth = models.PositiveSmallIntegerField(default=0)
    is_heading = models.BooleanField(default=False)
    anchor = models.CharField(max_length=60)
    # Filled on PostgreSQL only (GIN-indexed there, see migration 0002); stays empty on SQLite.
    search_vector = SearchVectorField(null=True, editable=False)

    class Meta:
        ordering = ["document", "order"]
        constraints = [
            models.UniqueConstraint(
                fields=["document", "number"], name="reference_rule_document_number_unique"
            ),
        ]
        indexes = [models.Index(fields=["document", "order"], name="reference_rule_doc_order")]

    def __str__(self) -> str:
        return f"{self.number} {self.title}".strip()

    @property
    def label(self) -> str:
        return f"{self.number} {self.title}".strip()


class GlossaryTerm(models.Model):
    document = models.ForeignKey(RulesDocument, on_delete=models.CASCADE, related_name="glossary_terms")
    term = models.CharField(max_length=120)
    slug = models.SlugField(max_length=140)
    definition = models.TextField()
    rule_number = models.CharField(max_length=40, blank=True)
    order = models.PositiveIntegerField()

    class Meta:
        ordering = ["document", "order"]
        constraints = [
            models.UniqueConstraint(
                fields=["document", "slug"], name="reference_glossary_document_slug_unique"
            ),
        ]

    def __str__(self) -> str:
        return self.term
