# The image compose.yaml builds: Python, WeasyPrint's Pango, poppler's pdftotext for rules documents
# published as PDFs, node for the card-data package, gettext for the translation catalogues and a
# Japanese font for sheets printed in Japanese (docs/i18n.md).
FROM python:3.11-slim
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 ARBITER_VAR_DIR=/data
RUN apt-get update && apt-get install -y --no-install-recommends \
      libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz0b fonts-dejavu-core poppler-utils nodejs npm \
      gettext fonts-ipafont-gothic \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY requirements.txt ./
RUN pip install --no-cache-dir -r requirements.txt
COPY tools/fabrary/package.json tools/fabrary/package-lock.json tools/fabrary/
RUN cd tools/fabrary && npm ci --no-audit --no-fund --loglevel=error
COPY . .
RUN find locale -name '*.po' -exec sh -c 'msgfmt --check -o "${1%.po}.mo" "$1"' _ {} \;
RUN mkdir -p /data
EXPOSE 8000
CMD ["gunicorn", "config.wsgi:application", "-c", "config/gunicorn.conf.py"]
