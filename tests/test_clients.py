"""The client libraries (clients/python, clients/typescript) against the real app served on a free
loopback port with its replay guard (an embedded store in a temporary SQLite file): each plays a
whole sealed game to its winner through its table session, with an answer dropped after the
service played the move, a move sent on a stale token (caught up from the 409's view), and every
hand's deal checked by the service and against what the seat saw.

The TypeScript client's own tests (``npm test``, node:test) run with RUMMY_BASE_URL pointing at
the same app; without Node they skip and say so (CI sets RUMMY_REQUIRE_NODE=1: a failure)."""

from __future__ import annotations

import base64
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import httpx
import pytest
import yaml
from live_server import serving
from rummy_referee_client import API_VERSION, Client, RefereeError, TableSession, TableUnreadable, sent_entropy

from app import create_app
from schemas.wire import TABLE_WIRE
from tables import Tables

ROOT = Path(__file__).resolve().parents[1]
TS = ROOT / "clients" / "typescript"
PY = ROOT / "clients" / "python"
BROWSER_BUILD = ROOT / "static" / "js" / "rummy-referee-client.js"


@pytest.fixture(scope="module")
def base_url(tmp_path_factory):
    store = tmp_path_factory.mktemp("store") / "tables.sqlite3"
    key = base64.urlsafe_b64encode(os.urandom(32)).decode()
    tables = Tables.from_environment(TABLE_WIRE, {"RUMMY_SEAL_KEYS": key, "RUMMY_TABLE_STORE": f"sqlite:///{store}"})
    assert tables.store is not None  # the replay guard: a stale token is a 409, a retry its first answer
    with serving(create_app({"TABLES": tables}), "clients-test") as url:
        yield url


def test_the_clients_are_versioned_with_the_api():
    version = yaml.load((ROOT / "openapi.yaml").read_text(encoding="utf-8"), Loader=yaml.CSafeLoader)["info"]["version"]
    assert version == API_VERSION
    assert f'version = "{version}"' in (PY / "pyproject.toml").read_text(encoding="utf-8")
    assert f'"version": "{version}"' in (TS / "package.json").read_text(encoding="utf-8")
    assert f'export const API_VERSION = "{version}";' in (TS / "src" / "index.ts").read_text(encoding="utf-8")


class DropOnce(httpx.BaseTransport):
    """httpx's transport, but the answer to the ``nth`` move request is lost on its way back:
    the service has played the move, the client sees a cut connection."""

    def __init__(self, nth: int) -> None:
        self.inner = httpx.HTTPTransport()
        self.nth, self.moves, self.dropped, self.sent = nth, 0, 0, 0

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        self.sent += 1
        response = self.inner.handle_request(request)
        if request.url.path == "/v1/tables/move":
            self.moves += 1
            if self.moves == self.nth:
                response.read()
                response.close()
                self.dropped += 1
                raise httpx.ReadError("the connection was cut before the answer arrived", request=request)
        return response


def other_move(view, move):
    """A legal move of the seat other than ``move`` (another request on the same token)."""
    return next(
        {k: v for k, v in m.items() if k != "player"} for m in view["legal_moves"] if {**m, "player": None} != {**move, "player": None}
    )


def test_the_python_session_plays_a_whole_game_to_its_winner(base_url):
    transport = DropOnce(nth=3)
    client = Client(base_url, transport=transport, retry_delay=0.01)
    session, seats = TableSession.create(
        client, ["ana", "bob"], "ana", bots={"bob": "easy"}, rules={"preset": "standard", "target_score": 40}
    )
    assert list(seats) == ["ana"] and session.view["hand"] == 1
    stale_done, checks = False, []
    for _ in range(2000):
        view = session.view
        if view["status"] != "playing":
            check = session.check_deal()
            assert check.verified, check.summary
            # hand 1 too is promised: the service (with its store) pledged its seed before the entropy was drawn
            assert check.checked == {"commitment": True, "entropy": True, "dealt": True, "promised": True}
            assert check.answer["checked"]["expected"] == ["entropy", "commitment", "dealer", "rules", "hand"]
            assert check.expect["rules"] == {"preset": "standard", "target_score": 40}
            assert check.answer["checked"]["moves"] == len(view["result"]["fairness"]["record"]["moves"]) > 0
            checks.append(check)
            if view["scores"]["game_over"]:
                break
            assert session.next_hand()["hand"] == view["hand"] + 1
            continue
        assert session.my_turn  # the service plays bob until ana is to move
        move = {k: v for k, v in session.suggest("easy")["move"].items() if k != "player"}
        if not stale_done and view["turn"]["phase"] == "play" and view["seq"] > 4:
            # another copy of this seat (a second device, an older save) moves on the old token
            old = TableSession.restore(client, session.save())
            assert session.move(move).kind == "played"
            caught = old.move(other_move(view, move))
            assert caught.kind == "caught_up" and caught.answer is None
            assert old.table == session.table and caught.view == session.refresh()
            stale_done = True
            continue
        outcome = session.move(move)
        assert outcome.kind == "played", outcome
    final = session.view
    assert final["scores"]["game_over"] and final["scores"]["winner"] in {"ana", "bob"}
    winner = next(s for s in final["scores"]["standings"] if s["player"] == final["scores"]["winner"])
    assert winner["total"] >= 40 and winner["total"] == max(s["total"] for s in final["scores"]["standings"])  # R20
    assert transport.dropped == 1 and stale_done and len(checks) == final["hand"] >= 1


def test_a_lost_answer_is_sent_again_and_answered_as_the_first_time(base_url):
    """The dropped answer, alone: the retry is the same request, so the guard answers the same
    bytes; the move is played once (seq moves by the moves of one turn, not two)."""
    transport = DropOnce(nth=1)
    client = Client(base_url, transport=transport, retry_delay=0.01)
    session, _ = TableSession.create(client, ["ana", "bob"], "ana", bots={"bob": "easy"})
    before = session.view["seq"]
    out = session.move({"action": "draw", "source": "stock"})
    assert out.kind == "played" and transport.dropped == 1 and out.view["seq"] == before + 1
    assert len(out.view["players"][0]["hand"]) == 11  # one card drawn, not two


def test_hand_1_is_pledged_and_unpledged_only_where_the_service_keeps_no_tables(base_url):
    """The session asks for a pledge before it draws its entropy: hand 1's commitment is the
    pledge's. A service without a table store refuses the pledge (409) and deals hand 1 without
    one; the same prepared deal sent again is the same request (the same table)."""
    client = Client(base_url)
    prepared = TableSession.prepare(client)
    assert prepared.pledge and prepared.unpledged is None
    session, _ = TableSession.create(client, ["ana", "bob"], "ana", bots={"bob": "easy"}, prepared=prepared)
    assert session.view["fairness"]["commitment"] == prepared.commitment == session.expectations[1].promised
    again, _ = TableSession.create(client, ["ana", "bob"], "ana", bots={"bob": "easy"}, prepared=prepared)
    assert again.view["table_id"] == session.view["table_id"]  # a retry deals the same table
    with serving(create_app({"TABLES": Tables.from_environment(TABLE_WIRE, {"RUMMY_TABLE_STORE": "none"})}), "storeless") as storeless:
        plain = Client(storeless)
        unpledged = TableSession.prepare(plain)
        assert unpledged.pledge is None and "without a table store" in (unpledged.unpledged or "")
        session, _ = TableSession.create(plain, ["ana", "bob"], "ana", bots={"bob": "easy"}, prepared=unpledged)
        assert session.expectations[1].promised is None and session.expectations[1].entropy == unpledged.entropy


def test_a_token_the_service_cannot_open_is_kept(base_url):
    client = Client(base_url)
    session, _ = TableSession.create(client, ["ana", "bob"], "ana", bots={"bob": "easy"})
    broken = TableSession.restore(client, {**session.save(), "table": session.table[:-8] + "AAAAAAAA"})
    with pytest.raises(TableUnreadable) as refused:
        broken.refresh()
    assert refused.value.status == 422 and isinstance(refused.value, RefereeError)
    assert broken.table == session.table[:-8] + "AAAAAAAA"  # kept: the player decides to discard it


def test_the_python_client_passes_mypy_strict():
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", str(PY / "src" / "rummy_referee_client")],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_package_needs_httpx_only():
    """``pip install ./clients/python`` (make install runs it, editable) brings the client and
    httpx, none of the test tools: httpx is its one dependency and the only module it imports
    beyond the standard library."""
    import ast
    import importlib.metadata
    import tomllib

    declared = tomllib.loads((PY / "pyproject.toml").read_text(encoding="utf-8"))["project"]["dependencies"]
    assert declared == ["httpx>=0.27,<1"]
    assert [r.replace(" ", "") for r in importlib.metadata.requires("rummy-referee-client") or []] == ["httpx<1,>=0.27"]
    tree = ast.parse((PY / "src" / "rummy_referee_client" / "__init__.py").read_text(encoding="utf-8"))
    imported = {a.name.split(".")[0] for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    imported |= {n.module.split(".")[0] for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module}
    assert imported - sys.stdlib_module_names == {"httpx"}


def npm() -> str:
    found = shutil.which("npm")
    if found and (TS / "node_modules" / ".installed").exists():
        return found
    why = "npm or clients/typescript/node_modules is missing (make install runs npm ci there when npm is on the machine)"
    if os.environ.get("RUMMY_REQUIRE_NODE") == "1":
        pytest.fail(why)
    pytest.skip(why)


def test_the_typescript_client_plays_a_whole_game_to_its_winner(base_url):
    done = subprocess.run(
        [npm(), "test"], cwd=TS, capture_output=True, text=True, timeout=400, env={**os.environ, "RUMMY_BASE_URL": base_url}
    )
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-3000:]
    assert re.search(r"^# pass 4$", done.stdout, re.M) and re.search(r"^# fail 0$", done.stdout, re.M), done.stdout[-3000:]
    # the page's copy of the client (/play imports it) and its source map are this build
    for built in (BROWSER_BUILD, BROWSER_BUILD.with_suffix(".js.map")):
        assert built.read_bytes() == (TS / "dist" / "browser" / built.name).read_bytes(), (
            f"run `make clients` and commit static/js/{built.name}"
        )


def test_the_python_readme_runs(base_url, tmp_path):
    """Every ```python block of clients/python/README.md (its docs page), run as written against the app."""
    readme = (PY / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"^```python\n(.*?)^```$", readme, re.S | re.M)
    assert len(blocks) == 2
    printed = []
    for block in blocks:
        script = tmp_path / "example.py"
        script.write_text(block.replace("http://127.0.0.1:8000", base_url), encoding="utf-8")
        ran = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=300)
        assert ran.returncode == 0, ran.stderr[-3000:]
        assert ran.stdout.strip(), "the example printed nothing"
        printed.append(ran.stdout)
    assert "aces are low" in printed[0]  # the first example's verdict, as its comment says


def test_a_seat_holds_the_service_to_its_own_contribution():
    """At a table of several human seats the hand's entropy is the combination of every seat's
    (fairness.contributions): a session compares its own seat's, never the combination."""
    both = {"entropy": "v2:751d", "contributions": [{"player": "ana", "entropy": "x"}, {"player": "ben", "entropy": "y"}]}
    assert sent_entropy(both, "ben") == "y" and sent_entropy(both, "ana") == "x" and sent_entropy(both, "cy") is None
    assert sent_entropy({"entropy": "mine", "contributions": []}, "ana") == "mine"
