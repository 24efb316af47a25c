"""Celery application. With no CELERY_BROKER_URL, tasks run eagerly (see settings)."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("arbiter")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
# Document renderers keep their tasks beside the PDF code.
app.autodiscover_tasks(related_name="pdf_tasks")
