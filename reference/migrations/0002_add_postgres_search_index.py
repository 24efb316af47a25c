"""GIN index on Rule.search_vector created on PostgreSQL only.

SQLite has no GIN indexes; there the search falls back to LIKE on the rule text.
"""

from django.db import migrations

INDEXES = (
    (
        "reference_rule_search_gin",
        "CREATE INDEX IF NOT EXISTS reference_rule_search_gin ON reference_rule USING gin (search_vector)",
    ),
)


def create_indexes(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    for _name, sql in INDEXES:
        schema_editor.execute(sql)


def drop_indexes(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    for name, _sql in INDEXES:
        schema_editor.execute(f"DROP INDEX IF EXISTS {name}")


class Migration(migrations.Migration):
    dependencies = [("reference", "0001_create_rules_models")]

    operations = [migrations.RunPython(create_indexes, drop_indexes)]
