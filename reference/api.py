"""Public read-only API: rule search and rule lookup by number."""

from __future__ import annotations

from django.urls import reverse
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.exceptions import NotFound, ValidationError
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from .enums import DocumentKind
from .models import Rule, RulesDocument
from .selectors import DocumentNotFound, document_for, rule_context, search_rules


def _rule_url(document: RulesDocument, number: str) -> str:
    url = reverse("reference:rule", kwargs={"doc": document.kind, "number": number})
    return url if document.is_current else f"{url}?version={document.version}"


class RuleRefSerializer(serializers.Serializer):
    number = serializers.CharField()
    title = serializers.CharField()
    url = serializers.SerializerMethodField()

    def get_url(self, rule: Rule) -> str:
        return _rule_url(self.context["document"], rule.number)


class RuleSerializer(serializers.Serializer):
    document = serializers.CharField(source="document.kind")
    version = serializers.CharField(source="document.version")
    number = serializers.CharField()
    title = serializers.CharField()
    text = serializers.CharField()
    url = serializers.SerializerMethodField()

    def get_url(self, rule: Rule) -> str:
        return _rule_url(rule.document, rule.number)


class SearchHitSerializer(serializers.Serializer):
    document = serializers.CharField(source="document.kind")
    version = serializers.CharField(source="document.version")
    number = serializers.CharField(source="rule.number")
    title = serializers.CharField(source="rule.title")
    snippet_html = serializers.CharField(source="snippet")
    url = serializers.SerializerMethodField()

    def get_url(self, hit) -> str:
        return _rule_url(hit.document, hit.rule.number)


class GlossaryHitSerializer(serializers.Serializer):
    document = serializers.CharField(source="document.kind")
    term = serializers.CharField()
    definition = serializers.CharField()
    rule_number = serializers.CharField()


class SearchResponseSerializer(serializers.Serializer):
    query = serializers.CharField()
    number_query = serializers.BooleanField()
    count = serializers.IntegerField()
    results = SearchHitSerializer(many=True)
    glossary = GlossaryHitSerializer(many=True)


class RuleDetailResponseSerializer(RuleSerializer):
    parent = RuleRefSerializer(allow_null=True)
    children = RuleRefSerializer(many=True)
    previous = RuleRefSerializer(allow_null=True)
    next = RuleRefSerializer(allow_null=True)


class RuleSearchAPI(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        parameters=[
            OpenApiParameter("q", str, required=True, description="rule number or words"),
            OpenApiParameter("doc", str, enum=DocumentKind.values),
        ],
        responses=SearchResponseSerializer,
    )
    def get(self, request):
        q = request.query_params.get("q", "")
        kind = request.query_params.get("doc") or None
        if not q.strip():
            raise ValidationError({"q": "Give a rule number (1.1.3b, TR&P 3.2) or some words."})
        if kind and kind not in DocumentKind.values:
            raise ValidationError(
                {"doc": f"Unknown document {kind!r}: expected one of {', '.join(DocumentKind.values)}."}
            )
        results = search_rules(q, kind=kind)
        if results.error:
            raise ValidationError({"q": results.error})
        return Response(
            {
                "query": results.query,
                "number_query": results.number_query,
                "count": len(results.hits),
                "results": SearchHitSerializer(results.hits, many=True).data,
                "glossary": GlossaryHitSerializer(results.glossary, many=True).data,
            }
        )


class RuleDetailAPI(APIView):
    permission_classes = [AllowAny]

    @extend_schema(parameters=[OpenApiParameter("version", str)], responses=RuleDetailResponseSerializer)
    def get(self, request, doc: str, number: str):
        if doc not in DocumentKind.values:
            raise NotFound(
                _("Unknown document %(doc)s: expected one of %(values)s.")
                % {"doc": repr(doc), "values": ", ".join(DocumentKind.values)}
            )
        try:
            document = document_for(doc, request.query_params.get("version") or None)
        except DocumentNotFound as exc:
            raise NotFound(str(exc)) from exc
        ctx = rule_context(document, number)
        if ctx is None:
            raise NotFound(
                _("%(short_label)s %(version)s has no rule %(number)s.")
                % {"short_label": document.short_label, "version": document.version, "number": number}
            )
        data = RuleSerializer(ctx.rule).data
        refs = {"document": document}
        data["parent"] = RuleRefSerializer(ctx.ancestors[-1], context=refs).data if ctx.ancestors else None
        data["children"] = RuleRefSerializer(ctx.children, many=True, context=refs).data
        data["previous"] = RuleRefSerializer(ctx.previous, context=refs).data if ctx.previous else None
        data["next"] = RuleRefSerializer(ctx.next, context=refs).data if ctx.next else None
        return Response(data)
