"""gunicorn settings for Rummy Referee. Every value can be overridden on the command line or
with the environment variables named below; nothing is written outside the working tree
(tests/test_serving.py starts it with empty HOME, TMPDIR and XDG_RUNTIME_DIR and checks)."""

import os
from pathlib import Path


def _cpus() -> int:
    """The CPUs this process may run on (a container's cpuset, not the host's count)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        return os.cpu_count() or 1


# Workers: WEB_CONCURRENCY when set (Heroku-style platforms set it), else one per CPU: the
# referee is CPU-bound and stateless, so a worker per CPU keeps every CPU busy and more workers
# only add memory and context switches. Scale out with more instances, not more workers.
workers = int(os.environ.get("WEB_CONCURRENCY") or _cpus())
# The worker: gunicorn's sync worker (one request at a time, CPU-bound work), through the public
# `worker_class` setting, as web.worker.RefereeWorker: a request it cannot read (TLS bytes on a
# plain port, a broken request line or headers, an HTTP version it does not speak, an absurd
# chunk size) is answered at once as the app answers its errors (RFC 9457 problem details,
# nosniff), and a request line and headers must arrive within RUMMY_BODY_TIMEOUT (else 408)
# instead of holding the worker until it is killed. Behind nginx (deploy/) none of it is reached.
worker_class = "web.worker.RefereeWorker"
preload_app = True  # import once in the master: a broken setting stops start-up, workers fork fast
bind = os.environ.get("GUNICORN_BIND", f"127.0.0.1:{os.environ.get('PORT', '8000')}")
# A request takes milliseconds (the costliest, a full scorepad, well under a second); a worker
# silent for longer is stuck or fed by a client trickling its body in, and is replaced.
timeout = int(os.environ.get("GUNICORN_TIMEOUT", "10"))
# A body must arrive whole well before that (web/body_read.py answers 408), so a client trickling
# one in gets an answer and the worker is not killed.
import sys  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from web import body_read  # noqa: E402

if body_read.body_timeout() >= timeout:
    raise SystemExit(f"RUMMY_BODY_TIMEOUT ({body_read.body_timeout():g} s) must be below GUNICORN_TIMEOUT ({timeout} s)")
graceful_timeout = int(os.environ.get("GUNICORN_GRACEFUL_TIMEOUT", "20"))
keepalive = 5
max_requests = int(os.environ.get("GUNICORN_MAX_REQUESTS", "10000"))  # recycle workers now and then
max_requests_jitter = int(os.environ.get("GUNICORN_MAX_REQUESTS_JITTER", "1000"))  # …not all at once
limit_request_line = 4094
limit_request_fields = 100
limit_request_field_size = 8190
accesslog = "-"  # access log to stdout
errorlog = "-"
loglevel = os.environ.get("GUNICORN_LOG_LEVEL", "info")
# Every line JSON (web/logs.py): one access line per request with its id, status, size and time
# (never a body), gunicorn's own lines and the app's with time, level and the request id.
logger_class = "web.logs.JsonLogger"
# Worker heartbeat files: in the working tree (gunicorn's default is the system temporary
# directory). They are unlinked at once; set GUNICORN_WORKER_TMP_DIR=/dev/shm in a container
# whose tree is on a slow overlay filesystem.
worker_tmp_dir = os.environ.get("GUNICORN_WORKER_TMP_DIR") or str(Path(__file__).resolve().parent / ".gunicorn")
os.makedirs(worker_tmp_dir, exist_ok=True)
# Prometheus's multiprocess mode (web/metrics.py): every worker writes its values to files in one
# directory per master, empty at start (a restart begins at zero, as Prometheus expects of a new
# process), set before the app is imported. PROMETHEUS_MULTIPROC_DIR, when set, is used as given
# (and emptied); else a directory beside the heartbeat files.
import shutil  # noqa: E402

_metrics_dir_given = bool(os.environ.get("PROMETHEUS_MULTIPROC_DIR"))
metrics_dir = os.environ.get("PROMETHEUS_MULTIPROC_DIR") or os.path.join(worker_tmp_dir, f"metrics-{os.getpid()}")
shutil.rmtree(metrics_dir, ignore_errors=True)
os.makedirs(metrics_dir)
os.environ["PROMETHEUS_MULTIPROC_DIR"] = metrics_dir


def child_exit(server, worker):
    """A worker gone: its live gauges stop counting (prometheus_client's multiprocess mode)."""
    from prometheus_client import multiprocess

    multiprocess.mark_process_dead(worker.pid)


def pre_fork(server, worker):
    """Before each worker forks: the preloaded app's objects (about 83,000: modules, schemas,
    catalogs) move to the collector's permanent generation. A full collection in a worker then
    skips them (measured in-process: 41–48 ms a collection over them, about 1 ms frozen, one every
    few thousand requests), and the collector no longer writes into the pages a worker shares
    with the master, which copy-on-write would copy into every worker."""
    import gc

    gc.freeze()


def on_exit(server):
    """The master stopping: its metrics directory goes with it, unless the operator named it."""
    if not _metrics_dir_given:
        shutil.rmtree(metrics_dir, ignore_errors=True)


control_socket_disable = True  # gunicorn 25+ would otherwise create ~/.gunicorn/gunicorn.ctl
pidfile = None
