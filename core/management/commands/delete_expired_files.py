from django.core.management.base import BaseCommand

from core.files import delete_expired_files


class Command(BaseCommand):
    help = "Delete generated files (PDFs, exports, batch reports) whose expiry has passed."

    def handle(self, *args, **options):
        count = delete_expired_files()
        self.stdout.write(f"deleted {count} expired generated file(s)")
