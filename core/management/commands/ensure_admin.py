"""Create the local admin account once and print its login every time."""

import secrets

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand


class Command(BaseCommand):
    help = "Create an 'admin' superuser if missing (password kept in var/admin-password.txt) and print the login."

    def handle(self, *args, **options):
        password_file = settings.VAR_DIR / "admin-password.txt"
        User = get_user_model()
        user = User.objects.filter(username="admin").first()
        if user is None:
            password = secrets.token_urlsafe(12)
            User.objects.create_superuser("admin", "admin@example.org", password)
            password_file.write_text(password + "\n")
        elif password_file.exists():
            password = password_file.read_text().strip()
        else:
            password = "(unchanged; set with: python manage.py changepassword admin)"
        self.stdout.write(f"Admin login: /admin/  user: admin  password: {password}")
