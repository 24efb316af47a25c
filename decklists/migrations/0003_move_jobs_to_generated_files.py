"""Decklist jobs (combined PDF, re-validation) now live in core's GeneratedFile; copy the
rows that exist, keeping their stored files, then drop the old table."""

from datetime import timedelta

from django.db import migrations

TITLES = {"render": "Combined decklist PDF", "revalidate": "Re-validation"}


def copy_jobs(apps, schema_editor):
    DecklistJob = apps.get_model("decklists", "DecklistJob")
    GeneratedFile = apps.get_model("core", "GeneratedFile")
    for job in DecklistJob.objects.all().iterator():
        GeneratedFile.objects.create(
            app_label="decklists",
            kind=job.kind,
            title=TITLES.get(job.kind, job.kind),
            event_id=job.event_id,
            status=job.status,
            total=job.total,
            done=job.done,
            file=job.file.name if job.file else "",
            filename=job.file.name.rsplit("/", 1)[-1] if job.file else "",
            content_type="application/pdf" if job.file else "",
            size=(job.result or {}).get("bytes", 0),
            result=job.result or {},
            error=job.error,
            created_by_id=job.created_by_id,
            finished_at=job.finished_at,
            expires_at=(job.finished_at or job.created_at) + timedelta(days=7),
        )


def copy_back(apps, schema_editor):
    DecklistJob = apps.get_model("decklists", "DecklistJob")
    GeneratedFile = apps.get_model("core", "GeneratedFile")
    for row in GeneratedFile.objects.filter(app_label="decklists").iterator():
        DecklistJob.objects.create(
            event_id=row.event_id,
            kind=row.kind,
            status=row.status,
            total=row.total,
            done=row.done,
            file=row.file.name if row.file else "",
            result=row.result,
            error=row.error,
            created_by_id=row.created_by_id,
            finished_at=row.finished_at,
        )
    GeneratedFile.objects.filter(app_label="decklists").delete()


class Migration(migrations.Migration):
    dependencies = [
        ("core", "0002_create_generated_file"),
        ("decklists", "0002_add_policy_limited_sets"),
    ]

    operations = [
        migrations.RunPython(copy_jobs, copy_back),
        migrations.DeleteModel(name="DecklistJob"),
    ]
