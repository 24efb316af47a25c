# Arbiter: `make run` serves the site with a demo event; `make test` runs the whole suite.
# Both work on a fresh machine with Python 3.11 and node/npm: everything else is installed here.
SHELL := /bin/bash
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
PY := $(VENV)/bin/python
PIP := $(VENV)/bin/pip
HOST ?= 127.0.0.1
PORT ?= 8000
NPM_DIR := tools/fabrary
FABRARY_PKG := $(NPM_DIR)/node_modules/@flesh-and-blood/cards/package.json
AXE_JS := tools/axe/node_modules/axe-core/axe.min.js
# Two workers by default (the suite is xdist-safe); override with PYTEST_ARGS=...
PYTEST_ARGS ?= -n auto

.PHONY: run store serve static test install sysdeps browserdeps python-deps card-package migrate messages carddata rulesdata demo lint pytest clean

run: install migrate messages carddata rulesdata demo
	@$(PY) manage.py ensure_admin
	@$(PY) manage.py push_keys
	@echo "Serving http://$(HOST):$(PORT)/ (Ctrl-C to stop)"
	$(PY) manage.py runserver $(HOST):$(PORT)

test: install browserdeps messages lint pytest

# A store's evening: the site on the laptop's local-network address for the players' phones, DEBUG
# off with plain error pages, every QR code carrying that address (config/store.py prints it with a
# QR code for the terminal and what to do when phones cannot reach it).
store: install migrate messages carddata rulesdata
	@$(PY) manage.py ensure_admin
	@$(PY) manage.py push_keys
	PORT=$(PORT) exec $(PY) -m config.store

# The production configuration (config/serve.py): DEBUG off unless DJANGO_DEBUG says otherwise
# (SECRET_KEY and ALLOWED_HOSTS required), migrations applied, static files collected when they
# changed (whitenoise serves them compressed), then gunicorn with threaded workers sized to the
# cores (config/gunicorn.conf.py) and, with CELERY_BROKER_URL set, a Celery worker with the beat
# schedule, both supervised. Run `make install` once first. Procfile and compose.yaml run the
# same processes for platforms and containers (docs/deployment.md).
serve:
	HOST=$(HOST) PORT=$(PORT) exec $(PY) -m config.serve

static:
	@$(PY) manage.py collectstatic --noinput -v 0

install: sysdeps python-deps card-package

# WeasyPrint needs Pango (and a Japanese font for sheets printed in Japanese); rules documents published as PDFs are read with poppler's pdftotext.
# Installed with apt-get only when missing.
sysdeps:
	@if ! ldconfig -p 2>/dev/null | grep -q libpango-1.0; then \
	  echo "Installing Pango for WeasyPrint (apt-get)"; \
	  $(call apt_install,libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz0b fonts-dejavu-core); \
	fi
	@if ! command -v pdftotext >/dev/null 2>&1; then \
	  echo "Installing poppler-utils to read rules documents published as PDFs (apt-get)"; \
	  $(call apt_install,poppler-utils); \
	fi
	@if command -v fc-list >/dev/null 2>&1 && [ -z "$$(fc-list :lang=ja 2>/dev/null)" ]; then \
	  echo "Installing a Japanese font for PDFs printed in Japanese (apt-get)"; \
	  $(call apt_install,fonts-ipafont-gothic); \
	fi

# Browser tests drive Debian's chromium headless; the privacy crawl reads PDFs with pdftotext.
browserdeps:
	@if ! command -v chromium >/dev/null 2>&1; then \
	  echo "Installing chromium for browser tests (apt-get)"; \
	  $(call apt_install,chromium fonts-dejavu-core); \
	fi
	@if ! command -v pdftotext >/dev/null 2>&1; then \
	  echo "Installing poppler-utils for the PDF text checks (apt-get)"; \
	  $(call apt_install,poppler-utils); \
	fi
	@$(MAKE) --no-print-directory $(AXE_JS)

# axe-core, the accessibility engine the browser tests run on every key page (issue 31).
$(AXE_JS): tools/axe/package.json
	@echo "Installing axe-core (npm)"
	@cd tools/axe && npm install --no-audit --no-fund --loglevel=error
	@touch $@

define apt_install
SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
export DEBIAN_FRONTEND=noninteractive; \
$$SUDO apt-get install -y --no-install-recommends $(1) >/dev/null 2>&1 || \
{ $$SUDO apt-get update -qq >/dev/null && $$SUDO apt-get install -y --no-install-recommends $(1) >/dev/null; }
endef

python-deps: $(VENV)/.installed

$(VENV)/.installed: requirements.txt requirements-dev.txt
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	@$(PIP) install -q --disable-pip-version-check --upgrade pip
	@$(PIP) install -q --disable-pip-version-check -r requirements-dev.txt
	@touch $@

card-package: $(FABRARY_PKG)

$(FABRARY_PKG): $(NPM_DIR)/package.json
	@echo "Installing @flesh-and-blood/cards (npm)"
	@cd $(NPM_DIR) && npm install --no-audit --no-fund --loglevel=error
	@touch $@

migrate:
	@mkdir -p var
	@$(PY) manage.py migrate --noinput -v 0

# The translation catalogues (locale/<code>/LC_MESSAGES/django.po, docs/i18n.md) compiled to the .mo
# files Django reads; gettext's msgfmt is installed with apt-get when missing. With no catalogue yet
# there is nothing to compile and the pages stay in English.
messages:
	@if ! find locale -name '*.po' 2>/dev/null | grep -q .; then exit 0; fi; \
	if ! command -v msgfmt >/dev/null 2>&1; then \
	  echo "Installing gettext to compile the translation catalogues (apt-get)"; \
	  $(call apt_install,gettext); \
	fi; \
	$(PY) manage.py compilemessages --ignore '.venv' --ignore 'tools' --ignore 'var' -v 0

# Imports each card-data source once; a source already imported at the same version is skipped.
carddata:
	@$(PY) manage.py import_cards --defaults

# Imports the rules documents from ../shared/seeds when present (skipped when unchanged); one that is
# neither there nor imported yet is downloaded from its publisher's address (ARBITER_ONLINE_SOURCES).
rulesdata:
	@$(PY) manage.py import_rules --defaults

demo:
	@$(PY) manage.py create_demo_event

# Style, formatting, types (mypy: settings in pyproject.toml) and the import-direction contracts
# (import-linter: pyproject.toml; docs/architecture.md explains them).
lint:
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy
	$(VENV)/bin/lint-imports --no-logo

pytest:
	$(VENV)/bin/pytest $(PYTEST_ARGS)

clean:
	rm -rf $(VENV) var $(NPM_DIR)/node_modules
