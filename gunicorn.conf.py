"""gunicorn settings for Rummy Referee. Every value can be overridden on the command line or
with the environment variables named below; nothing is written outside the working tree."""
import multiprocessing
import os

# Workers: WEB_CONCURRENCY when set (Heroku-style platforms set it), else 2 per core + 1,
# capped: the referee is CPU-bound and stateless, so more workers only add memory.
workers = int(os.environ.get("WEB_CONCURRENCY", min(2 * multiprocessing.cpu_count() + 1, 8)))
worker_class = "sync"
bind = os.environ.get("GUNICORN_BIND", f"127.0.0.1:{os.environ.get('PORT', '8000')}")
timeout = int(os.environ.get("GUNICORN_TIMEOUT", "30"))       # a request never takes seconds
graceful_timeout = int(os.environ.get("GUNICORN_GRACEFUL_TIMEOUT", "20"))
keepalive = 5
max_requests = int(os.environ.get("GUNICORN_MAX_REQUESTS", "10000"))   # recycle workers now and then
max_requests_jitter = int(os.environ.get("GUNICORN_MAX_REQUESTS_JITTER", "1000"))  # …not all at once
limit_request_line = 4094
limit_request_fields = 100
limit_request_field_size = 8190
accesslog = "-"          # access log to stdout
errorlog = "-"
loglevel = os.environ.get("GUNICORN_LOG_LEVEL", "info")
# The access log line never includes bodies; request size and time are enough.
access_log_format = '%(h)s "%(r)s" %(s)s %(b)s %(M)sms'
worker_tmp_dir = "/dev/shm" if os.path.isdir("/dev/shm") else None  # heartbeat files off disk
control_socket_disable = True  # no unix socket written outside the tree
