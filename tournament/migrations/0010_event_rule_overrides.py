from django.db import migrations, models

# Events made before this field existed keep every rule-given setting as stored: nothing about
# them changes when their type or REL is edited later (the organizer may give a setting back to
# the rules on the settings page).
EXISTING = [
    "allow_late_entries",
    "decklists_required",
    "event_type",
    "format",
    "games_per_match",
    "regular_deck_checks",
    "rel",
    "round_minutes",
    "standings_policy",
    "tier",
]


def mark_existing(apps, schema_editor):
    apps.get_model("tournament", "Event").objects.update(rule_overrides=EXISTING)


class Migration(migrations.Migration):
    dependencies = [
        ("tournament", "0009_walk_ins_and_check_in_setting"),
    ]

    operations = [
        migrations.AddField(
            model_name="event",
            name="rule_overrides",
            field=models.JSONField(blank=True, default=list),
        ),
        migrations.RunPython(mark_existing, migrations.RunPython.noop),
    ]
