"""Every Celery task of the project is named ``<app_label>.task_<verb>_<object>``, the name
does not depend on the module the task lives in (see ``core.tasks``)."""

from __future__ import annotations

import re

from django.apps import apps

from config.celery import app as celery_app

PROJECT_APPS = {config.label for config in apps.get_app_configs() if not config.name.startswith("django.")}


def test_every_project_task_follows_the_naming_scheme():
    celery_app.loader.import_default_modules()
    ours = sorted(
        name
        for name in celery_app.tasks
        if name.split(".", 1)[0] in PROJECT_APPS and not name.startswith("celery.")
    )
    assert {
        "core.task_delete_expired_files",
        "tournament.task_render_event_pdf",
        "judging.task_render_penalty_report",
    } <= set(ours)
    wrong = [name for name in ours if not re.fullmatch(r"[a-z_]+\.task_[a-z0-9_]+", name)]
    assert wrong == []
    for name in ours:
        task = celery_app.tasks[name]
        assert name == f"{task.__module__.split('.')[0]}.{task.__name__}"
