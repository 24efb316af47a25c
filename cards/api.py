"""Public card API: search (database), detail and autocomplete (in-memory database)."""

from __future__ import annotations

from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.generics import ListAPIView
from rest_framework.pagination import PageNumberPagination
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from core.errors import DomainError

from . import selectors
from .models import CardDataRelease, CardRecord


class CardReleaseSerializer(serializers.ModelSerializer):
    label = serializers.CharField(read_only=True)

    class Meta:
        model = CardDataRelease
        fields = ["id", "label", "game", "source", "version", "imported_at", "is_active", "card_count"]


class CardSummarySerializer(serializers.ModelSerializer):
    display_name = serializers.CharField(source="__str__", read_only=True)
    types = serializers.SerializerMethodField()
    classes = serializers.SerializerMethodField()
    talents = serializers.SerializerMethodField()
    cost = serializers.SerializerMethodField()
    power = serializers.SerializerMethodField()
    defense = serializers.SerializerMethodField()
    legal_formats = serializers.SerializerMethodField()

    class Meta:
        model = CardRecord
        fields = [
            "identifier",
            "name",
            "pitch",
            "display_name",
            "type_text",
            "types",
            "classes",
            "talents",
            "cost",
            "power",
            "defense",
            "legal_formats",
        ]

    def get_types(self, obj) -> list[str]:
        return obj.data.get("types", []) + obj.data.get("subtypes", [])

    def get_classes(self, obj) -> list[str]:
        return obj.data.get("classes", [])

    def get_talents(self, obj) -> list[str]:
        return obj.data.get("talents", [])

    def get_cost(self, obj) -> str | None:
        return obj.data.get("cost")

    def get_power(self, obj) -> str | None:
        return obj.data.get("power")

    def get_defense(self, obj) -> str | None:
        return obj.data.get("defense")

    def get_legal_formats(self, obj) -> list[str]:
        return obj.data.get("legal_formats", [])


class CardPagination(PageNumberPagination):
    page_size = 50
    page_size_query_param = "page_size"
    max_page_size = 200


RELEASE_PARAM = OpenApiParameter("release", int, description="release id (default: the active release)")
GAME_PARAM = OpenApiParameter("game", str, enum=["fab", "ga"], description="game when no release is given")


def _release(request):
    return selectors.release_or_active(
        request.query_params.get("release") or None, game=request.query_params.get("game") or "fab"
    )


@extend_schema(
    parameters=[
        OpenApiParameter("q", str, description="part of the card name"),
        OpenApiParameter("card_class", str),
        OpenApiParameter("talent", str),
        OpenApiParameter("type", str, description="type or subtype"),
        OpenApiParameter("pitch", str, description="0-3 or red/yellow/blue"),
        OpenApiParameter(
            "legal_in", str, description="format code the source states the card legal in, e.g. cc"
        ),
        RELEASE_PARAM,
        GAME_PARAM,
    ]
)
class CardSearchAPI(ListAPIView):
    """Search cards of a release by name, class, talent, type, pitch and format."""

    permission_classes = [AllowAny]
    serializer_class = CardSummarySerializer
    pagination_class = CardPagination

    def get_queryset(self):
        release = _release(self.request)
        params = {f: self.request.query_params.get(f, "") for f in selectors.SEARCH_FIELDS}
        return selectors.search_cards(release, **params)

    def list(self, request, *args, **kwargs):
        response = super().list(request, *args, **kwargs)
        response.data["release"] = _release(request).label
        return response


@extend_schema(parameters=[RELEASE_PARAM, GAME_PARAM], responses={200: dict})
class CardDetailAPI(APIView):
    """One card with every stored property (Card.to_dict) plus its display name and category."""

    permission_classes = [AllowAny]

    def get(self, request, identifier: str):
        release = _release(request)
        card = selectors.card_database(release).by_identifier(identifier)
        if card is None:
            return Response(
                {
                    "detail": _("no card %(identifier)s in %(label)s")
                    % {"identifier": repr(identifier), "label": release.label},
                    "code": "not_found",
                },
                status=404,
            )
        data = card.to_dict()
        data.update(
            display_name=card.display_name,
            release=release.label,
            is_hero=card.is_hero,
            is_deck_card=card.is_deck_card,
            is_arena_card=card.is_arena_card,
            is_token_or_macro=card.is_token_or_macro,
            rarities=sorted(card.rarities),
        )
        return Response(data)


@extend_schema(
    parameters=[
        OpenApiParameter("q", str, required=True, description="what the user typed so far"),
        OpenApiParameter("limit", int, description="1-20, default 8"),
        RELEASE_PARAM,
        GAME_PARAM,
    ],
    responses={200: dict},
)
class CardAutocompleteAPI(APIView):
    """Names matching what was typed (prefix, word prefix, then fuzzy) with their pitch variants."""

    permission_classes = [AllowAny]

    def get(self, request):
        q = request.query_params.get("q", "")
        try:
            limit = int(request.query_params.get("limit", 8))
        except ValueError:
            raise DomainError(_("limit must be a number"), code="limit", field="limit") from None
        if not 1 <= limit <= 20:
            raise DomainError(_("limit must be between 1 and 20"), code="limit", field="limit")
        release = _release(request)
        db = selectors.card_database(release)
        results = []
        for name in db.suggest(q, limit=limit):
            results.append(
                {
                    "name": name,
                    "variants": [
                        {"identifier": c.identifier, "display_name": c.display_name, "pitch": c.pitch}
                        for c in db.variants(name)
                    ],
                }
            )
        return Response({"release": release.label, "q": q, "results": results})


class CardReleaseListAPI(ListAPIView):
    """Card-data releases (source, version, import time, which one is active)."""

    permission_classes = [AllowAny]
    serializer_class = CardReleaseSerializer
    pagination_class = None

    def get_queryset(self):
        return selectors.releases()
