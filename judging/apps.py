from django.apps import AppConfig


class JudgingConfig(AppConfig):
    name = "judging"

    def ready(self) -> None:
        # Imported here, as Django's app-loading contract requires: the policies need the models.
        from core.audit import register_audit_policy  # noqa: PLC0415 (app registry: connected in ready(), once every app is loaded)

        from .access import AUDIT_POLICIES  # noqa: PLC0415 (app registry: connected in ready(), once every app is loaded)

        for namespace, policy in AUDIT_POLICIES.items():
            register_audit_policy(namespace, policy)
