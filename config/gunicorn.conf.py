"""gunicorn settings for ``make serve`` (the production configuration).

Worker model: a few processes (``WEB_WORKERS``, default 2 per core + 1) with several threads
each (``WEB_THREADS``, default 4): ``gthread``. A cheap request (the clock, a 304 answer to a
poller) is picked up by a free thread at once instead of waiting in the listen queue behind a
heavy one (a big page render, pairing a round), and threads waiting on PostgreSQL or Redis
give the core to the others. Keep workers x threads below PostgreSQL's max_connections.
"""

import multiprocessing
import os

bind = f"{os.environ.get('HOST', '127.0.0.1')}:{os.environ.get('PORT', '8000')}"
workers = int(os.environ.get("WEB_WORKERS", multiprocessing.cpu_count() * 2 + 1))
worker_class = "gthread"
threads = int(os.environ.get("WEB_THREADS", "4"))
# The listen queue absorbs bursts (a room of phones after a round is published).
backlog = 2048
timeout = 60
graceful_timeout = 20
# Longer than the interval of pollers (5 s), so their connections stay open between polls.
keepalive = 30
# Recycle workers now and then (bounded memory), staggered so they do not restart together.
max_requests = 5000
max_requests_jitter = 500
accesslog = os.environ.get("GUNICORN_ACCESS_LOG") or None
errorlog = "-"
