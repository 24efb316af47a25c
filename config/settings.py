"""Arbiter settings: one file, read from the environment.

With no environment at all the site runs for development: an SQLite file under
var/, Celery tasks run eagerly in the web process, DEBUG is on and the secret
key is an obviously dev-only value.

Environment variables:
    DJANGO_DEBUG            "0" turns DEBUG off (then SECRET_KEY and ALLOWED_HOSTS are required)
    SECRET_KEY              required when DEBUG is off
    ALLOWED_HOSTS           comma-separated; required when DEBUG is off
    DATABASE_URL            e.g. postgres://user@host:5432/arbiter (default: SQLite in var/)
    CELERY_BROKER_URL       e.g. redis://127.0.0.1:6379/0 (default: tasks run eagerly)
    CELERY_RESULT_BACKEND   default: the broker URL
    CELERY_TASK_DEFAULT_QUEUE  the queue tasks go to and workers read (default "celery")
    CACHE_URL               e.g. redis://127.0.0.1:6379/2 for the page-fragment cache (default: database 2
                            of the broker's server when it is Redis, else memory local to each process)
    CONN_MAX_AGE            seconds to keep PostgreSQL connections (default 0; raise it behind gunicorn)
    ARBITER_SITE_URL        the address QR codes and printed links carry (default: the one the request
                            came in on; `make store` sets the laptop's local-network address)
    ARBITER_SHARED_DIR      folder with seeds/ and data/ (default: ../shared beside the checkout when
                            present, else var/shared when present, else ../shared)
    ARBITER_ONLINE_SOURCES  "0": never download card data or rules documents the shared folder lacks
                            (default: download the-fab-cube and Grand Archive data from ARBITER_FABCUBE_URL /
                            ARBITER_GA_URL, and each rules document missing from the folder and from the
                            database from ARBITER_CR_URL / ARBITER_TRP_URL / ARBITER_PPG_URL /
                            ARBITER_GA_RULES_URL: a PDF or a text file)
    GENERATED_FILE_TTL_HOURS  how long generated PDFs and exports are kept (default 168, a week)
    GENERATED_FILE_STALE_MINUTES, GENERATED_FILE_PENDING_MINUTES  a background job whose worker
                            died is marked failed after this long without a heartbeat (5) or,
                            never started, after this long waiting (60)
    PUBLIC_MICROCACHE_SECONDS  anonymous visitors' event page and standings API kept whole this long
                            in the shared cache (default 2; 0 turns it off)
    EMAIL_BACKEND           Django email backend for password resets (default: printed to the console)
    EMAIL_HOST, EMAIL_PORT, EMAIL_HOST_USER, EMAIL_HOST_PASSWORD, EMAIL_USE_TLS  for the SMTP backend
    DEFAULT_FROM_EMAIL      sender of password-reset mail (default arbiter@localhost)

  Security (docs/deployment.md has the production configuration `manage.py check --deploy` passes):
    ARBITER_BEHIND_PROXY    "1" when a reverse proxy sets X-Forwarded-Proto/-For (trusted only then)
    SECURE_SSL_REDIRECT     redirect http to https (default on when DEBUG is off)
    SECURE_HSTS_SECONDS     HSTS max-age (default a year when DEBUG is off, 0 otherwise)
    SECURE_HSTS_INCLUDE_SUBDOMAINS, SECURE_HSTS_PRELOAD  (default on when DEBUG is off)
    SESSION_COOKIE_SECURE, CSRF_COOKIE_SECURE  (default on when DEBUG is off)
    CONTENT_SECURITY_POLICY the Content-Security-Policy header (default: same origin only)
    LOGIN_THROTTLE, LOGIN_FAILURE_LIMIT, LOGIN_COOLOFF_MINUTES  login lockout per account (on, 10, 15)
    LOGIN_ADDRESS_FAILURE_LIMIT  failed logins from one address, all accounts together (300)
    API_THROTTLE, API_THROTTLE_ANON, API_THROTTLE_USER, API_THROTTLE_BAD_TOKENS
                            API throttles (on, 300/min, 1200/min, 20/min); API_THROTTLE=0 also turns
                            off the reset-mail and claim throttles below
    PASSWORD_RESET_THROTTLE_ADDRESS, PASSWORD_RESET_THROTTLE_EMAIL  reset mails (100/hour, 3/hour)
    CLAIM_THROTTLE_ADDRESS, CLAIM_THROTTLE_USER  failed claims (300/hour, 10/hour)
    PASSWORD_MIN_LENGTH     shortest accepted password (default 8, never less)
"""

from __future__ import annotations

import os
from datetime import timedelta
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(os.environ.get("ARBITER_VAR_DIR", BASE_DIR / "var"))
VAR_DIR.mkdir(parents=True, exist_ok=True)


def _shared_dir() -> Path:
    """The folder of rules documents (seeds/) and card data (data/): ARBITER_SHARED_DIR, else
    ../shared beside the checkout when it exists, else var/shared when that exists, else
    ../shared all the same (absent: the importers then read the public addresses below, or say
    what to run, naming the folder the README names)."""
    named = os.environ.get("ARBITER_SHARED_DIR")
    if named:
        return Path(named)
    beside = BASE_DIR.parent / "shared"
    kept = VAR_DIR / "shared"
    return kept if kept.is_dir() and not beside.is_dir() else beside


SHARED_DIR = _shared_dir()
#: Card data and rules documents that the shared folder lacks are read from their publishers'
#: addresses when this is on.
ARBITER_ONLINE_SOURCES = os.environ.get("ARBITER_ONLINE_SOURCES", "1").strip().lower() not in {
    "0",
    "false",
    "no",
}
ARBITER_SOURCE_URLS = {
    # the-fab-cube's repository archive (its English JSON is in json/english/).
    "fabcube": os.environ.get(
        "ARBITER_FABCUBE_URL",
        "https://github.com/the-fab-cube/flesh-and-blood-cards/archive/refs/heads/develop.tar.gz",
    ),
    # The Grand Archive Index search API, read page by page.
    "ga": os.environ.get("ARBITER_GA_URL", "https://api.gatcg.com/cards/search"),
}
#: Where each rules document's current edition is published (reference.services.
#: import_official_document). Legend Story Studios serves the Comprehensive Rules as a PDF whose
#: cover names its version (the text export beside it does not: it is the fallback, stored under
#: the date the address gives), and the Tournament Rules and
#: Policy and the Procedure and Penalty Guide as text exports. Grand Archive publishes its rules
#: as a web site of many pages, so there is no single file to name: empty means "ask the operator".
ARBITER_RULES_URLS = {
    # Several addresses, separated by spaces, are tried in turn: the PDF, then the text export.
    "cr": os.environ.get(
        "ARBITER_CR_URL",
        "https://rules.fabtcg.com/pdf/en-fab-cr.pdf https://rules.fabtcg.com/txt/latest/en-fab-cr.txt",
    ),
    "trp": os.environ.get("ARBITER_TRP_URL", "https://rules.fabtcg.com/txt/latest/en-fab-trp.txt"),
    "ppg": os.environ.get("ARBITER_PPG_URL", "https://rules.fabtcg.com/txt/latest/en-fab-ppg.txt"),
    "ga": os.environ.get("ARBITER_GA_RULES_URL", ""),
}


def _env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def _env_list(name: str) -> list[str]:
    return [item.strip() for item in os.environ.get(name, "").split(",") if item.strip()]


DEBUG = _env_bool("DJANGO_DEBUG", True)
DEV_SECRET_KEY = "dev-only-insecure-secret-key-do-not-use-in-production"

if DEBUG:
    SECRET_KEY = os.environ.get("SECRET_KEY") or DEV_SECRET_KEY
    ALLOWED_HOSTS = _env_list("ALLOWED_HOSTS") or ["127.0.0.1", "localhost", "[::1]", "testserver"]
else:
    missing = [name for name in ("SECRET_KEY", "ALLOWED_HOSTS") if not os.environ.get(name)]
    if missing:
        raise ImproperlyConfigured(
            "DEBUG is off (DJANGO_DEBUG=0), so Arbiter refuses to start without "
            + " and ".join(missing)
            + ". Set them in the environment, e.g. SECRET_KEY=<long random string> "
            "ALLOWED_HOSTS=arbiter.example.org"
        )
    SECRET_KEY = os.environ["SECRET_KEY"]
    if SECRET_KEY == DEV_SECRET_KEY:
        raise ImproperlyConfigured("SECRET_KEY is the dev-only key; set a real secret when DEBUG is off.")
    ALLOWED_HOSTS = _env_list("ALLOWED_HOSTS")
    SESSION_COOKIE_SECURE = _env_bool("SESSION_COOKIE_SECURE", True)
    CSRF_COOKIE_SECURE = _env_bool("CSRF_COOKIE_SECURE", True)

# HTTPS: on by default when DEBUG is off, each switch overridable from the environment.
SECURE_SSL_REDIRECT = _env_bool("SECURE_SSL_REDIRECT", not DEBUG)
SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", "0" if DEBUG else "31536000"))
SECURE_HSTS_INCLUDE_SUBDOMAINS = _env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", not DEBUG)
SECURE_HSTS_PRELOAD = _env_bool("SECURE_HSTS_PRELOAD", not DEBUG)
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
# The forwarded-protocol (and forwarded-for) headers are trusted only when a reverse proxy that
# sets them is in front: ARBITER_BEHIND_PROXY=1. Without a proxy a client could forge them.
ARBITER_BEHIND_PROXY = _env_bool("ARBITER_BEHIND_PROXY", False)
#: The address phones and paper reach the site by (QR codes, slips); empty: the request's own.
#: `make store` sets it to the laptop's address on the local network (core.site).
ARBITER_SITE_URL = os.environ.get("ARBITER_SITE_URL", "").strip()
if ARBITER_BEHIND_PROXY:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
# Content-Security-Policy (core.middleware): scripts, fonts, images and connections from this
# site only, no plugins, no framing. The pages have no inline script and no inline handler;
# a few style attributes (bar widths, the highlighted own row) need inline styles.
CONTENT_SECURITY_POLICY = os.environ.get(
    "CONTENT_SECURITY_POLICY",
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
    "font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; "
    "frame-ancestors 'none'",
)

CSRF_TRUSTED_ORIGINS = _env_list("CSRF_TRUSTED_ORIGINS")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django.contrib.postgres",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "axes",
    "core",
    "cards",
    "tournament",
    "decklists",
    "judging",
    "reference",
    "accounts",
    "mirror",
    "transfer",
    "notifications",
]

# Sessions read from the shared cache and kept in the database too (nothing is lost when the
# cache is flushed): a logged-in poller's session costs no query.
SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "core.middleware.ContentSecurityPolicy",
    "core.middleware.RejectNulCharacters",
    # Anonymous pollers (wall screens, the clock, overlays) whose copy is current: 304 from the
    # shared cache before sessions, auth and the database (core.middleware.remember_version).
    "core.middleware.KnownVersions",
    "core.middleware.ClientErrorsAreNotServerErrors",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Pages and API answers compressed (static files are pre-compressed by whitenoise); an ETag
    # on every GET answer and a 304 when the client has it (the busy public views answer 304
    # before building anything: tournament.live.not_modified).
    "django.middleware.gzip.GZipMiddleware",
    "django.middleware.http.ConditionalGetMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # Django's LocaleMiddleware, after sessions and authentication: the account's language wins
    # over the cookie and Accept-Language (docs/i18n.md). No i18n_patterns, so CommonMiddleware
    # before it loses nothing.
    "core.middleware.AccountLocale",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # Last, as django-axes asks: turns a locked-out login into core.throttling.lockout_response.
    "axes.middleware.AxesMiddleware",
]

AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",  # refuses logins while an account or address is locked out
    "django.contrib.auth.backends.ModelBackend",
]

ROOT_URLCONF = "config.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

WSGI_APPLICATION = "config.wsgi.application"

DATABASE_URL = os.environ.get("DATABASE_URL", "")
if DATABASE_URL:
    # Persistent connections only when asked: runserver opens a thread (and so a
    # connection) per request, which would exhaust PostgreSQL's max_connections.
    DATABASES = {
        "default": dj_database_url.parse(
            DATABASE_URL, conn_max_age=int(os.environ.get("CONN_MAX_AGE", "0")), conn_health_checks=True
        )
    }
else:
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": str(VAR_DIR / "arbiter.sqlite3"),
            "OPTIONS": {
                # IMMEDIATE takes the write lock at BEGIN, so two concurrent
                # writers queue instead of failing with "database is locked".
                "transaction_mode": "IMMEDIATE",
                "timeout": 20,
                "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
            },
        }
    }
IS_POSTGRES = DATABASES["default"]["ENGINE"].endswith("postgresql")

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Sign-up, password change and reset refuse short, common ("password", "12345678"), all-digit
# passwords and ones too like the username or email. PASSWORD_MIN_LENGTH (default 8) raises the floor.
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {
        "NAME": "django.contrib.auth.password_validation.MinimumLengthValidator",
        "OPTIONS": {"min_length": max(8, int(os.environ.get("PASSWORD_MIN_LENGTH", "8")))},
    },
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en"
# The languages Flesh and Blood is printed in (issue 31; docs/i18n.md). A page's language is the
# account's choice, else the language cookie set by the switcher, else the browser's Accept-Language
# (core.middleware.AccountLocale). Catalogues live in locale/<code>/LC_MESSAGES/django.po.
LANGUAGES = [
    ("en", "English"),
    ("fr", "Français"),
    ("de", "Deutsch"),
    ("it", "Italiano"),
    ("es", "Español"),
    ("ja", "日本語"),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "/static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = VAR_DIR / "static"
STATIC_ROOT.mkdir(parents=True, exist_ok=True)  # whitenoise warns when it is missing
MEDIA_URL = "/media/"
MEDIA_ROOT = VAR_DIR / "media"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        else "whitenoise.storage.CompressedManifestStaticFilesStorage"
    },
}

LOGIN_URL = "/accounts/login/"
LOGIN_REDIRECT_URL = "/accounts/"
LOGOUT_REDIRECT_URL = "/"

# Password-reset mail: printed to the console unless a backend is configured.
EMAIL_BACKEND = os.environ.get("EMAIL_BACKEND", "django.core.mail.backends.console.EmailBackend")
EMAIL_HOST = os.environ.get("EMAIL_HOST", "localhost")
EMAIL_PORT = int(os.environ.get("EMAIL_PORT", "25"))
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = _env_bool("EMAIL_USE_TLS", False)
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "arbiter@localhost")

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "core.throttling.ThrottledTokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "EXCEPTION_HANDLER": "core.api.exception_handler",
    # Rates: ARBITER_API_THROTTLE_RATES below (read per request, see core.throttling).
    "DEFAULT_THROTTLE_CLASSES": ["core.throttling.AnonThrottle", "core.throttling.UserThrottle"],
    # JSON bodies nested too deeply, with NUL characters or with out-of-range integers are 400.
    "DEFAULT_PARSER_CLASSES": [
        "core.api.SafeJSONParser",
        "rest_framework.parsers.FormParser",
        "rest_framework.parsers.MultiPartParser",
    ],
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Arbiter API",
    "DESCRIPTION": "Tournament organizer and judge toolkit for Flesh and Blood and Grand Archive.",
    "VERSION": "0.1.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "COMPONENT_SPLIT_REQUEST": True,
    # Swagger UI served from our own static files: works at a venue with no internet.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # Several apps have "kind"/"status"/"result" choice fields: name each enum after its class.
    "ENUM_NAME_OVERRIDES": {
        "DecklistKindEnum": "decklists.enums.DecklistKind",
        "DecklistStatusEnum": "decklists.enums.DecklistStatus",
        "DecklistSourceEnum": "decklists.enums.DecklistSource",
        "JobKindEnum": "decklists.enums.JobKind",
        "JobStatusEnum": "core.models.GeneratedFileStatus",
        "PenaltyTypeEnum": "judging.enums.PenaltyType",
        "InfractionCategoryEnum": "judging.enums.InfractionCategory",
        "PenaltyStatusEnum": "judging.enums.PenaltyStatus",
        "EffectStatusEnum": "judging.enums.EffectStatus",
        "CallStatusEnum": "judging.enums.CallStatus",
        "CallerKindEnum": "judging.enums.CallerKind",
        "DeckCheckKindEnum": "judging.enums.DeckCheckKind",
        "DeckCheckStatusEnum": "judging.enums.DeckCheckStatus",
        "EventStatusEnum": "tournament.enums.EventStatus",
        "RegistrationStatusEnum": "tournament.enums.RegistrationStatus",
        "RoundStageEnum": "tournament.enums.RoundStage",
        "RoundStatusEnum": "tournament.enums.RoundStatus",
        "MatchResultEnum": "tournament.enums.MatchResult",
        "ResultKindEnum": "tournament.enums.ResultKind",
        "PlayedResultEnum": "tournament.enums.PLAYED_RESULT_CHOICES",
        "ReportStatusEnum": "tournament.enums.ReportStatus",
        "ClockStateEnum": "tournament.enums.ClockState",
        "StaffRoleEnum": "tournament.enums.StaffRole",
        "CardGameEnum": "cards.enums.CardGame",
        "CardSourceEnum": "cards.enums.CardSource",
        "DocumentKindEnum": "reference.enums.DocumentKind",
    },
}

# Celery: with no broker, tasks run eagerly in the calling process.
CELERY_BROKER_URL = os.environ.get("CELERY_BROKER_URL", "")
CELERY_RESULT_BACKEND = os.environ.get("CELERY_RESULT_BACKEND", "") or (
    CELERY_BROKER_URL if CELERY_BROKER_URL.startswith("redis") else ""
)
if not CELERY_BROKER_URL:
    # A host named, so kombu does not warn "No hostname was supplied" on every command.
    CELERY_BROKER_URL = "memory://localhost/"
    CELERY_TASK_ALWAYS_EAGER = True
    CELERY_TASK_EAGER_PROPAGATES = True
    CELERY_RESULT_BACKEND = "cache+memory://"
# One queue name per installation sharing a Redis server (default "celery").
CELERY_TASK_DEFAULT_QUEUE = os.environ.get("CELERY_TASK_DEFAULT_QUEUE") or "celery"
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TASK_TRACK_STARTED = True
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True


# Cache: Redis shared by every process when CACHE_URL (or a Redis broker) says so, otherwise
# memory local to each process. Page fragments and QR codes are the main users.
def _cache_url_beside_broker(broker: str) -> str:
    """The broker's Redis server, database 2: a cache flush must never empty the task queue."""
    from config.redis_urls import with_database  # noqa: PLC0415 (settings.py imports nothing of the project at module level)

    return with_database(broker, 2) if broker.startswith("redis") else ""


CACHE_URL = os.environ.get("CACHE_URL", "") or _cache_url_beside_broker(
    os.environ.get("CELERY_BROKER_URL", "")
)
if CACHE_URL:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": CACHE_URL,
            "KEY_PREFIX": "arbiter",
        }
    }
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
}

# Throttling (core.throttling), made for a venue where hundreds of players share one address.
# Logins: django-axes locks one account (never the others) after LOGIN_FAILURE_LIMIT failed
# logins, for LOGIN_COOLOFF_MINUTES after its last counted failure; attempts during the lockout
# are not counted, so it ends on time. One address is locked out only after
# LOGIN_ADDRESS_FAILURE_LIMIT failures across all accounts. 429 with Retry-After either way.
AXES_ENABLED = _env_bool("LOGIN_THROTTLE", True)
AXES_FAILURE_LIMIT = int(os.environ.get("LOGIN_FAILURE_LIMIT", "10"))
ARBITER_LOGIN_ADDRESS_FAILURE_LIMIT = int(os.environ.get("LOGIN_ADDRESS_FAILURE_LIMIT", "300"))
AXES_COOLOFF_TIME = timedelta(minutes=int(os.environ.get("LOGIN_COOLOFF_MINUTES", "15")))
AXES_LOCKOUT_PARAMETERS = ["username"]
# axes.W006 asks for "ip_address" in the list above; the address has its own, higher limit in
# core.throttling.VenueLoginHandler (summed over every account and user agent), which axes'
# single limit cannot express.
SILENCED_SYSTEM_CHECKS = ["axes.W006"]
AXES_HANDLER = "core.throttling.VenueLoginHandler"
AXES_USERNAME_CALLABLE = "core.throttling.login_username"
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_CALLABLE = "core.throttling.lockout_response"
AXES_CLIENT_IP_CALLABLE = "core.throttling.client_address"
AXES_VERBOSE = False
# Anonymous GETs of the busiest public answers (event page, standings API) are kept whole for this
# many seconds and answered from the shared cache (tournament.live.public_microcache): a room of
# spectators costs one build per interval, and what they see is at most this late. 0 turns it off.
ARBITER_PUBLIC_MICROCACHE_SECONDS = float(os.environ.get("PUBLIC_MICROCACHE_SECONDS", "2"))
ARBITER_THROTTLE_ENABLED = _env_bool("API_THROTTLE", True)
# API requests per anonymous address and per user, bad tokens per address (a valid token is never
# refused), password-reset mail per address and per email, failed claims per account and address.
ARBITER_API_THROTTLE_RATES = {
    "anon": os.environ.get("API_THROTTLE_ANON", "300/min"),
    "user": os.environ.get("API_THROTTLE_USER", "1200/min"),
    "token_failure": os.environ.get("API_THROTTLE_BAD_TOKENS", "20/min"),
    "reset_address": os.environ.get("PASSWORD_RESET_THROTTLE_ADDRESS", "100/hour"),
    "reset_email": os.environ.get("PASSWORD_RESET_THROTTLE_EMAIL", "3/hour"),
    "claim_address": os.environ.get("CLAIM_THROTTLE_ADDRESS", "300/hour"),
    "claim_user": os.environ.get("CLAIM_THROTTLE_USER", "10/hour"),
}

# Arbiter-specific
ARBITER_CARD_DATA_DIR = VAR_DIR / "carddata"
ARBITER_NPM_DIR = BASE_DIR / "tools" / "fabrary"

# Generated files (core.files): kept this long, then removed by core.task_delete_expired_files
# (hourly when celery beat runs) or the delete_expired_files management command.
GENERATED_FILE_TTL_HOURS = int(os.environ.get("GENERATED_FILE_TTL_HOURS", "168"))
# A running file with no heartbeat for this long, or a pending one no worker started within the
# other, was orphaned by a killed worker: core.files.fail_stale_files marks it failed (every
# minute from beat, and whenever the row is read) so that asking again starts afresh.
GENERATED_FILE_STALE_MINUTES = float(os.environ.get("GENERATED_FILE_STALE_MINUTES", "5"))
GENERATED_FILE_PENDING_MINUTES = float(os.environ.get("GENERATED_FILE_PENDING_MINUTES", "60"))
CELERY_BEAT_SCHEDULE = {
    "delete-expired-generated-files": {"task": "core.task_delete_expired_files", "schedule": 3600.0},
    "fail-stale-generated-files": {"task": "core.task_fail_stale_files", "schedule": 60.0},
    # The round's last 10 minutes to its players, tables over time to the staff (docs/push.md).
    "push-watch-clocks": {"task": "notifications.task_watch_clocks", "schedule": 60.0},
}

# Web Push (notifications, docs/push.md). The VAPID key pair: PUSH_VAPID_PRIVATE_KEY (PEM text),
# else the file PUSH_VAPID_KEY_FILE, which `manage.py push_keys` creates once (make run/store/serve).
PUSH_VAPID_PRIVATE_KEY = os.environ.get("PUSH_VAPID_PRIVATE_KEY", "").replace("\\n", "\n").strip()
PUSH_VAPID_KEY_FILE = Path(os.environ.get("PUSH_VAPID_KEY_FILE", VAR_DIR / "push" / "vapid_private.pem"))
#: Who the push services may contact about this server's messages (RFC 8292: a mailto: or https: URL).
PUSH_VAPID_SUBJECT = os.environ.get("PUSH_VAPID_SUBJECT", "mailto:arbiter@localhost")
#: Messages per send task (one worker sends a batch over one connection pool).
PUSH_BATCH_SIZE = int(os.environ.get("PUSH_BATCH_SIZE", "200"))
#: Minutes after time is called (plus a table's own extension) before the staff hear a table is over time.
PUSH_OVER_TIME_MINUTES = float(os.environ.get("PUSH_OVER_TIME_MINUTES", "10"))
#: Push endpoints must be https (a browser's push service always is); tests and bench/push.py
#: allow http to reach their local endpoint.
PUSH_ALLOW_HTTP_ENDPOINTS = _env_bool("PUSH_ALLOW_HTTP_ENDPOINTS", False)
