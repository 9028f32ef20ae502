"""Where a request's time goes, before guessing what to make faster.

    .venv/bin/python bench/profile.py                          # pyinstrument: POST /v1/move in-process
    .venv/bin/python bench/profile.py --endpoint legal-moves   # … or /v1/legal-moves, /v1/scorepad
    .venv/bin/python bench/profile.py --server                 # py-spy: a gunicorn worker under wrk

The in-process profile drives the Flask test client (its own overhead shows as werkzeug/test.py).
The server profile samples one gunicorn sync worker while wrk posts the /v1/move body of
``make bench`` for a few seconds on 127.0.0.1, and prints where its time goes by module and by
function; it needs py-spy (requirements-dev.txt), wrk and the right to trace a child process.
"""

from __future__ import annotations

import argparse
import collections
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

import fixtures as F  # noqa: E402
import orjson  # noqa: E402


def body_for(endpoint: str) -> bytes:
    if endpoint == "move":
        return orjson.dumps(F.move_request_body())
    if endpoint == "legal-moves":
        return orjson.dumps({"state": F.state_json(F.eleven_card_state())})
    if endpoint == "scorepad":
        return orjson.dumps(F.scorepad_body(200))
    raise SystemExit(f"no benchmark body for {endpoint!r}")


def in_process(endpoint: str, seconds: float) -> None:
    from pyinstrument import Profiler

    import app as app_module

    client = app_module.create_app().test_client()
    raw, path = body_for(endpoint), f"/v1/{endpoint}"
    for _ in range(50):
        client.post(path, data=raw, content_type="application/json")
    profiler = Profiler(interval=0.0001)
    n, end = 0, time.perf_counter() + seconds
    profiler.start()
    while time.perf_counter() < end:
        client.post(path, data=raw, content_type="application/json")
        n += 1
    profiler.stop()
    print(f"{n} requests to {path} in {seconds:.0f}s")
    print(profiler.output_text(unicode=True, color=False, show_all=False))


def _module(frame: str) -> str:
    """The project file, or else the package (or stdlib module), of a py-spy frame; py-spy
    writes paths relative to the sys.path entry they were found under."""
    m = re.search(r"\((.*?):\d+\)", frame)
    path = m.group(1) if m else frame
    if path.startswith(("referee/", "schemas/", "bench/", "app.py", "gunicorn.conf.py")):
        return path
    return path.split("/", 1)[0].removesuffix(".py")


def server(seconds: int) -> None:
    import serving as R

    spy = Path(sys.executable).parent / "py-spy"
    wrk = R.ensure_wrk()
    if not spy.exists() or not wrk:
        raise SystemExit("needs py-spy (pip install -r requirements-dev.txt) and wrk (apt-get install wrk)")
    body = body_for("move")
    srv = R.Server("app:app", workers=1)
    out = Path(tempfile.mkdtemp()) / "spy.txt"
    body_file = out.with_name("body.json")
    body_file.write_bytes(body)
    try:
        srv.wait(body)
        worker = subprocess.run(["pgrep", "-P", str(srv.proc.pid)], capture_output=True, text=True).stdout.split()[0]
        load = subprocess.Popen(
            [
                sys.executable,
                "-c",
                (
                    "import sys; sys.path.insert(0, sys.argv[1]); import serving as R; "
                    "print(R.run_wrk(sys.argv[2], sys.argv[3], sys.argv[4], int(sys.argv[5]), 2))"
                ),
                str(HERE),
                wrk,
                srv.url,
                str(body_file),
                str(seconds + 2),
            ],
            stdout=subprocess.PIPE,
            text=True,
        )
        time.sleep(1)
        subprocess.run(
            [str(spy), "record", "-p", worker, "-d", str(seconds), "-r", "500", "-f", "raw", "-o", str(out), "--nonblocking"],
            check=True,
            capture_output=True,
        )
        print("wrk:", load.communicate(timeout=seconds + 60)[0].strip())
    finally:
        srv.stop()
    own, total = collections.Counter(), collections.Counter()
    samples = 0
    for line in out.read_text().splitlines():
        stack, _, n = line.rpartition(" ")
        if not n.isdigit():
            continue
        frames = stack.split(";")
        samples += int(n)
        own[_module(frames[-1])] += int(n)
        for name in {f.split(" (")[0] + "  [" + _module(f) + "]" for f in frames}:
            total[name] += int(n)
    print(f"\n{samples} samples of one gunicorn worker; own time by module:")
    for name, n in own.most_common(15):
        print(f"  {n / samples * 100:5.1f}%  {name}")
    print("\ntime including callees, by function (top 40):")
    for name, n in total.most_common(40):
        print(f"  {n / samples * 100:5.1f}%  {name}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--endpoint", default="move", choices=["move", "legal-moves", "scorepad"])
    ap.add_argument("--seconds", type=int, default=5)
    ap.add_argument("--server", action="store_true", help="profile a gunicorn worker under wrk with py-spy")
    a = ap.parse_args()
    server(a.seconds) if a.server else in_process(a.endpoint, a.seconds)


if __name__ == "__main__":
    main()
