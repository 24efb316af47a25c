"""API of an event's staff: the assignments, adding an official and ending an assignment."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from core.api import validated
from core.errors import DomainError

from .. import access, services
from ..enums import StaffRole
from ..models import StaffAssignment
from ._common import ReasonSerializer, _event


class StaffSerializer(serializers.ModelSerializer):
    username = serializers.CharField(source="user.username", read_only=True)

    class Meta:
        model = StaffAssignment
        fields = ["id", "username", "role", "created_at", "ended_at"]
        read_only_fields = fields


class StaffWriteSerializer(serializers.Serializer):
    username = serializers.CharField(max_length=150)
    role = serializers.ChoiceField(StaffRole.choices)


class StaffListView(APIView):
    @extend_schema(responses=StaffSerializer(many=True), tags=["staff"])
    def get(self, request, slug):
        event = access.event_for_staff(request.user, slug, action="view_staff_pages")
        qs = StaffAssignment.objects.filter(event=event).select_related("user").order_by("role", "id")
        return Response(StaffSerializer(qs, many=True).data)

    @extend_schema(request=StaffWriteSerializer, responses={201: StaffSerializer}, tags=["staff"])
    def post(self, request, slug):
        event = _event(request, slug)
        data = validated(StaffWriteSerializer, request)
        user = get_user_model().objects.filter(username=data["username"]).first()
        if user is None:
            raise DomainError(
                _("no user %(username)s") % {"username": repr(data["username"])}, field="username"
            )
        assignment = services.assign_staff(event, user=user, role=data["role"], actor=request.user)
        return Response(StaffSerializer(assignment).data, status=status.HTTP_201_CREATED)


class StaffDetailView(APIView):
    @extend_schema(request=ReasonSerializer, responses=StaffSerializer, tags=["staff"])
    def delete(self, request, slug, staff_id):
        event = _event(request, slug)
        assignment = get_object_or_404(StaffAssignment, event=event, pk=staff_id)
        reason = (request.data or {}).get("reason", "") if hasattr(request, "data") else ""
        assignment = services.end_staff_assignment(assignment, actor=request.user, reason=str(reason))
        return Response(StaffSerializer(assignment).data)
