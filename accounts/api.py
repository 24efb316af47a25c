"""API: obtain a token (username and password, or an existing session)."""

from __future__ import annotations

from django.contrib.auth import authenticate
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.authentication import SessionAuthentication
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from core.api import validated
from core.errors import DomainError

from . import services


class TokenRequestSerializer(serializers.Serializer):
    username = serializers.CharField(required=False, help_text="with password; not needed when logged in")
    password = serializers.CharField(required=False, style={"input_type": "password"})
    renew = serializers.BooleanField(default=False, help_text="replace the token (the old one stops working)")


class AuthTokenView(APIView):
    """Your API token. Send it on every request as ``Authorization: Token <key>``.

    Give ``username`` and ``password``, or call it from a logged-in browser session. Failed
    attempts count towards the login lockout like the login page."""

    permission_classes = [AllowAny]
    # Credentials in the body, or the browser's session (which then needs its CSRF token).
    authentication_classes = [SessionAuthentication]

    @extend_schema(
        request=TokenRequestSerializer,
        responses=inline_serializer(
            "AuthToken", {"token": serializers.CharField(), "username": serializers.CharField()}
        ),
        tags=["accounts"],
        auth=[],
    )
    def post(self, request):
        data = validated(TokenRequestSerializer, request)
        user = None
        if data.get("username") or data.get("password"):
            user = authenticate(
                request._request, username=data.get("username", ""), password=data.get("password", "")
            )
            if user is None:
                raise DomainError("wrong username or password", code="credentials")
        else:
            if request.user is not None and request.user.is_authenticated:
                user = request.user
        if user is None:
            raise DomainError("give username and password, or log in first", code="credentials")
        token = services.api_token_for(user, renew=data["renew"])
        return Response({"token": token.key, "username": user.get_username()})
