"""The replay guard on Redis as it scales out, each topology real and started by the fixtures
(tests/redis_topologies.py): a 3-node Redis Cluster and a Sentinel-managed primary with a
replica, through a failover. Every guarded move of a table touches one key (``rummy:t:{id}``),
so every script is single-slot."""

from __future__ import annotations

import time

import pytest
import redis
from redis_topologies import ask, redis_cluster, redis_sentinel
from tables_support import make_app, picker

from tables.store import StoreMisconfigured
from tables.store.redis_store import RedisStore

# ana against an easy bot. The game lasts 100 deals (R20, the most allowed), so it never ends
# within a test here: each hand after the first is one /v1/tables/next of _play, and no test
# has more than 7 of _play's requests answered 200 at one table.
TABLE = {"players": ["ana", "bob"], "bots": {"bob": "easy"}, "rules": {"deals": 100}}


def _play(tc, made, moves: int, pick=None):
    """Send ``moves`` guarded requests as ana: her move (a meld or lay-off when there is one,
    else a draw, else a discard), or the next deal once the hand is over (a player may go out
    within ana's first few moves: in 40,000 random deals, 47 ended before her 7th). The
    statuses seen and the last token."""
    pick = pick or picker(5)
    token, seat, statuses = made["table"], made["seats"]["ana"], []
    for _ in range(moves):
        v = tc.post("/v1/tables/view", json={"table": token, "seat": seat}).get_json()["view"]
        if v["status"] == "playing":
            r = tc.post("/v1/tables/move", json={"table": token, "seat": seat, "move": pick(v["legal_moves"])})
        else:
            r = tc.post("/v1/tables/next", json={"table": token, "seat": seat, "entropy": "ana-next"})
        statuses.append(r.status_code)
        if r.status_code == 200:
            token = r.get_json()["table"]
    return statuses, token


@pytest.fixture(scope="module")
def cluster(tmp_path_factory):
    with redis_cluster(tmp_path_factory) as found:
        yield found


def test_guarded_moves_work_on_a_three_node_cluster(cluster):
    url, _, ports = cluster
    store = RedisStore(url, timeout=1.0)
    store.start()
    assert store.ready() is None
    tc = make_app(store=store).test_client()
    # The records are spread over the nodes (each table's one key in one slot). A table's id is
    # random, so its node is one of the three at random: six tables all land on one node once in
    # 243 runs, and more are made until two nodes hold some (within 30 tables: 3**-29).
    tables, holders = [], set()
    while len(tables) < 6 or (len(holders) < 2 and len(tables) < 30):
        made = tc.post("/v1/tables", json=TABLE).get_json()
        statuses, token = _play(tc, made, 4)
        assert statuses == [200] * 4
        tables.append((made, token))
        holders = {p for p in ports if redis.Redis(port=p, socket_timeout=10).dbsize() > 0}
    assert len(holders) >= 2, holders
    made, latest = tables[0]
    r = tc.post(
        "/v1/tables/move", json={"table": made["table"], "seat": made["seats"]["ana"], "move": {"action": "draw", "source": "stock"}}
    )
    assert r.status_code == 409 and r.get_json()["table"] == latest
    assert store.claim("pledge:cluster", b"one", 60) is None and store.claim("pledge:cluster", b"two", 60) == b"one"


def test_a_cluster_node_named_as_a_single_redis_is_refused_in_one_sentence(cluster):
    _, _, ports = cluster
    with pytest.raises(StoreMisconfigured) as e:
        RedisStore(f"redis://127.0.0.1:{ports[0]}/0").start()
    assert (
        str(e.value)
        == f"RUMMY_TABLE_STORE names a node of a Redis Cluster (redis://127.0.0.1:{ports[0]}/0): use redis+cluster://127.0.0.1:{ports[0]}"
    )


def test_guarded_moves_go_on_across_a_sentinel_failover(tmp_path_factory):
    """Sentinel promotes the replica and demotes the old primary (a forced failover): a move on
    the old primary's connection meets READONLY, the client asks Sentinel for the new primary.
    At most the failover's own moments answer 503; the table's record came along, so an old
    token is still refused after it."""
    with redis_sentinel(tmp_path_factory) as (url, _, (primary, replica, sentinel)):
        store = RedisStore(url, timeout=1.0)
        store.start()
        tc = make_app(store=store).test_client()
        made = tc.post("/v1/tables", json=TABLE).get_json()
        statuses, token = _play(tc, made, 3)
        assert statuses == [200] * 3
        assert ask(primary, "WAIT", "1", "2000") == "1"  # the replica holds the record
        assert ask(sentinel, "SENTINEL", "FAILOVER", "rummy") == "OK"
        deadline = time.monotonic() + 30
        while "role:slave" not in ask(primary, "INFO", "replication") and time.monotonic() < deadline:
            time.sleep(0.05)
        assert "role:master" in ask(replica, "INFO", "replication")
        seen = []
        while time.monotonic() < deadline:
            statuses, token = _play(tc, {**made, "table": token}, 1)
            seen += statuses
            if statuses == [200]:
                break
            time.sleep(0.1)
        assert seen[-1] == 200 and set(seen) <= {200, 503}, seen
        statuses, token2 = _play(tc, {**made, "table": token}, 3)
        assert statuses == [200] * 3
        r = tc.post(
            "/v1/tables/move", json={"table": made["table"], "seat": made["seats"]["ana"], "move": {"action": "draw", "source": "stock"}}
        )
        assert r.status_code == 409 and r.get_json()["table"] == token2  # the record survived the failover
        assert store.ready() is None


def test_a_wrong_password_or_a_replica_refuses_to_start_in_one_sentence(tmp_path_factory):
    with redis_sentinel(tmp_path_factory) as (url, _, (primary, replica, sentinel)):
        with pytest.raises(StoreMisconfigured) as e:
            RedisStore(f"redis://127.0.0.1:{replica}/0").start()
        assert str(e.value).startswith(f"RUMMY_TABLE_STORE names a Redis slave (redis://127.0.0.1:{replica}/0), which takes no writes")
        redis.Redis(port=primary).config_set("requirepass", "sesame")
        with pytest.raises(StoreMisconfigured) as e:
            RedisStore(f"redis://:wrong@127.0.0.1:{primary}/0").start()
        assert str(e.value).startswith(f"the Redis at redis://:***@127.0.0.1:{primary}/0 refused RUMMY_TABLE_STORE's credentials")
        with pytest.raises(StoreMisconfigured) as e:
            RedisStore(f"redis://127.0.0.1:{primary}/0").start()
        assert "refused RUMMY_TABLE_STORE's credentials" in str(e.value)
        RedisStore(f"redis://:sesame@127.0.0.1:{primary}/0").start()
        with pytest.raises(StoreMisconfigured) as e:
            RedisStore(f"rediss://:sesame@127.0.0.1:{primary}/0", timeout=1.0).start()
        assert "does not speak TLS" in str(e.value)
        with pytest.raises(StoreMisconfigured) as e:
            RedisStore(f"redis://127.0.0.1:{primary}/abc")
        assert str(e.value) == "RUMMY_TABLE_STORE: the database must be a number (redis://host:6379/0), not 'abc'"


def _certificate(folder):
    """A CA and a server certificate for 127.0.0.1 signed by it (PEM files): ca, cert, key."""
    import datetime
    import ipaddress

    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    def name(text):
        return x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, text)])

    now = datetime.datetime.now(datetime.UTC)
    ca_key, key = ec.generate_private_key(ec.SECP256R1()), ec.generate_private_key(ec.SECP256R1())
    ca = (
        x509.CertificateBuilder()
        .subject_name(name("test CA"))
        .issuer_name(name("test CA"))
        .public_key(ca_key.public_key())
        .serial_number(1)
        .not_valid_before(now - datetime.timedelta(minutes=5))
        .not_valid_after(now + datetime.timedelta(hours=1))
        .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
        .sign(ca_key, hashes.SHA256())
    )
    cert = (
        x509.CertificateBuilder()
        .subject_name(name("127.0.0.1"))
        .issuer_name(ca.subject)
        .public_key(key.public_key())
        .serial_number(2)
        .not_valid_before(now - datetime.timedelta(minutes=5))
        .not_valid_after(now + datetime.timedelta(hours=1))
        .add_extension(x509.SubjectAlternativeName([x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]), critical=False)
        .sign(ca_key, hashes.SHA256())
    )
    paths = {n: folder / f"{n}.pem" for n in ("ca", "cert", "key")}
    paths["ca"].write_bytes(ca.public_bytes(serialization.Encoding.PEM))
    paths["cert"].write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    paths["key"].write_bytes(key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()))
    return paths


def test_tls_with_a_private_ca_plays_and_a_plain_url_to_it_is_refused_in_one_sentence(tmp_path_factory):
    """rediss:// with ?ssl_ca_certs= against Debian's redis-server speaking only TLS (its
    certificate signed by a CA made here): guarded moves play. redis:// to the same port: the
    server resets the connection; start-up asks it for a TLS handshake and says to use rediss://."""
    from redis_topologies import Servers
    from tables_support import free_port

    folder = tmp_path_factory.mktemp("tls")
    pem = _certificate(folder)
    servers = Servers(folder)
    port = free_port()
    try:
        servers.redis(
            0,
            "--tls-port",
            str(port),
            "--tls-cert-file",
            str(pem["cert"]),
            "--tls-key-file",
            str(pem["key"]),
            "--tls-ca-cert-file",
            str(pem["ca"]),
            "--tls-auth-clients",
            "no",
        )
        store = RedisStore(f"rediss://127.0.0.1:{port}/0?ssl_ca_certs={pem['ca']}", timeout=2.0)
        store.start()
        assert store.ready() is None
        tc = make_app(store=store).test_client()
        made = tc.post("/v1/tables", json=TABLE).get_json()
        assert _play(tc, made, 2)[0] == [200, 200]
        with pytest.raises(StoreMisconfigured) as e:
            RedisStore(f"redis://127.0.0.1:{port}/0", timeout=2.0).start()
        assert (
            str(e.value) == f"the Redis at redis://127.0.0.1:{port}/0 speaks TLS, and RUMMY_TABLE_STORE's redis:// does not: use rediss://"
        )
    finally:
        servers.stop_all()
