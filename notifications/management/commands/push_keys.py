from django.core.management.base import BaseCommand

from notifications.keys import ensure_key_file, public_key


class Command(BaseCommand):
    help = "Create the server's Web Push (VAPID) key pair once, in var/push/ (docs/push.md)."

    def handle(self, *args, **options):
        path, created = ensure_key_file()
        if created:
            self.stdout.write(f"Web Push key pair created in {path}.")
        elif self._verbose(options):
            self.stdout.write(f"Web Push key pair already there ({path or 'settings'}).")
        if self._verbose(options):
            self.stdout.write(f"Public key: {public_key()}")

    @staticmethod
    def _verbose(options) -> bool:
        return int(options.get("verbosity", 1)) > 1
