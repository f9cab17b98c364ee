"""Who may reach the server: its Host names (DNS rebinding) and its token beyond loopback."""

from __future__ import annotations

import re
import signal
import socket
import subprocess
import sys

import pytest

pytest.importorskip("starlette")
from starlette.testclient import TestClient  # noqa: E402
from typer.testing import CliRunner  # noqa: E402
from web_helpers import chromium  # noqa: E402

from stud_odds.cli import app as cli  # noqa: E402
from stud_odds.web.access import checked_token, is_loopback, new_token  # noqa: E402
from stud_odds.web.app import create_app  # noqa: E402

TOKEN = "0123456789abcdef0123456789abcdef"
BASE = "http://192.168.1.5:8765"  # the server's own address on its network
REMOTE = ("192.168.1.7", 50000)  # a phone on the same network
SPOT = [("hand", "AhKh/QhJh9c"), ("hand", "7c7d/2s5d5h")]


def _client(host: str = "0.0.0.0", peer: tuple[str, int] = REMOTE, base: str = BASE,
            **options) -> TestClient:
    return TestClient(create_app(host, token=TOKEN, **options), base_url=base, client=peer,
                      follow_redirects=False)


def _one_sentence(response) -> str:
    error = response.json()["error"]
    assert isinstance(error, str) and error and "\n" not in error
    return error


# ---- Host names: refused whoever sends them, even listening on every interface -------------

@pytest.mark.parametrize("host", ["0.0.0.0", "::", "192.168.1.5"])
@pytest.mark.parametrize("name", ["evil.example", "evil.example:8765", "rebind.attacker.test"])
def test_a_name_the_user_did_not_allow_is_refused_on_any_listening_address(host, name):
    """A page rebound through DNS comes from the user's own browser with its own name in
    Host: refused, even with the right token and from loopback."""
    with _client(host, peer=("127.0.0.1", 50000)) as client:
        response = client.get("/api/db/stats", headers={"host": name,
                                                         "authorization": f"token {TOKEN}"})
    assert response.status_code == 403
    assert "Host" in _one_sentence(response) and "--allow-host" in response.json()["error"]


def test_loopback_names_ip_addresses_and_allowed_names_are_let_through():
    with _client(allowed_hosts=["mybox.local"]) as client:
        for name in ("localhost:8765", "127.0.0.1:8765", "[::1]:8765", "192.168.1.5:8765",
                     "[fe80::1]:8765", "MYBOX.local:8765"):
            response = client.get("/api/health", headers={"host": name,
                                                          "authorization": f"token {TOKEN}"})
            assert response.status_code == 200, (name, response.text)


def test_a_server_on_one_address_answers_to_that_name_and_loopback_only():
    with _client("mybox.local", base="http://mybox.local:8765") as client:
        headers = {"authorization": f"token {TOKEN}"}
        assert client.get("/api/health", headers=headers).status_code == 200
        other = client.get("/api/health", headers={**headers, "host": "10.0.0.9:8765"})
        assert other.status_code == 403


# ---- the token ----------------------------------------------------------------------------

def test_an_api_call_from_another_machine_needs_the_token():
    with _client() as client:
        none = client.get("/api/health")
        wrong = client.get("/api/health", headers={"authorization": "token nottheone123"})
        right = client.get("/api/health", headers={"authorization": f"token {TOKEN}"})
        bearer = client.get("/api/spot", params=SPOT,
                            headers={"authorization": f"Bearer {TOKEN}"})
    assert none.status_code == 401 and none.headers["www-authenticate"] == "token"
    assert "?token=" in _one_sentence(none)
    assert wrong.status_code == 403 and "token" in _one_sentence(wrong)
    assert right.status_code == 200 and bearer.status_code == 200


@pytest.mark.parametrize("route", ["/api/db", "/api/words", "/api/spot", "/api/equity/stream",
                                   "/api/openapi.json", "/api/nothing"])
def test_every_api_route_asks_it(route):
    with _client() as client:
        assert client.get(route, params=SPOT).status_code == 401
        assert client.post("/api/equity", json={"hands": ["AhKh/Qh", "7c7d/2s"]}
                           ).status_code == 401


def test_the_same_machine_needs_no_token_and_a_loopback_server_asks_none():
    with _client(peer=("127.0.0.1", 50000)) as client:
        assert client.get("/api/health").status_code == 200
    with _client(peer=("::ffff:127.0.0.1", 50000)) as client:
        assert client.get("/api/health").status_code == 200
    # the default server, on loopback, has no token (create_app's default), as before
    with TestClient(create_app(), base_url="http://127.0.0.1:8765") as client:
        assert client.get("/api/spot", params=SPOT).status_code == 200


def test_the_page_loads_without_it_and_its_address_keeps_the_token_in_a_cookie():
    with _client() as client:
        page = client.get("/")
        assert page.status_code == 200 and "text/html" in page.headers["content-type"]
        login = client.get("/", params=[("token", TOKEN), ("game", "stud8"),
                                        ("hand", "AhKh/Qh")])
        assert login.status_code == 303
        assert login.headers["location"] == "/?game=stud8&hand=AhKh%2FQh"  # the clean URL
        cookie = login.headers["set-cookie"]
        assert cookie.startswith(f"stud_odds_token_8765={TOKEN};")
        assert "HttpOnly" in cookie and "SameSite=Strict" in cookie and "Path=/" in cookie
        # the browser sends it back with each of the page's calls
        assert client.get("/api/health").status_code == 200
        client.cookies.clear()
        assert client.get("/api/health").status_code == 401


def test_a_wrong_token_in_the_address_sets_nothing():
    with _client() as client:
        response = client.get("/", params={"token": "nottheone123"})
    assert response.status_code == 403 and "set-cookie" not in response.headers
    assert "address" in _one_sentence(response)


def test_another_apps_odd_cookies_beside_it_do_not_hide_it():
    with _client() as client:
        cookie = f'_xsrf=2|ab|cd; odd; q="a b"; stud_odds_token_8765={TOKEN}; z=[1]'
        assert client.get("/api/health", headers={"cookie": cookie}).status_code == 200


def test_another_local_servers_cookie_is_not_this_ones():
    """A browser sends a host's cookies to every port: the cookie's name holds the port."""
    with _client() as client:
        client.cookies.set("stud_odds_token_9999", TOKEN)
        assert client.get("/api/health").status_code == 401


def test_tokens():
    assert re.fullmatch(r"[0-9a-f]{48}", new_token()) and new_token() != new_token()
    assert checked_token("my-own.token_1") == "my-own.token_1"
    for bad in ("short", "has space in it", "semi;colon=1", "é" * 10):
        with pytest.raises(ValueError, match="8 to 200 characters"):
            checked_token(bad)
    assert is_loopback("127.0.0.2") and is_loopback("::1") and is_loopback("localhost")
    assert not is_loopback("0.0.0.0") and not is_loopback("192.168.1.5")


# ---- serve's options and its first line ---------------------------------------------------

@pytest.fixture
def no_serving(monkeypatch):
    """serve up to its first line, without listening anywhere."""
    class Server:
        def __init__(self, config, jobs):
            self.config = config

        def run(self, sockets):
            pass

    def listener(host, port):
        sock = socket.socket()
        sock.bind(("127.0.0.1", 0))  # bound, not listening: nothing can connect
        return sock

    monkeypatch.setattr("stud_odds.cli.serve._listen", listener)
    monkeypatch.setattr("stud_odds.cli.serve._server_class", lambda: Server)
    monkeypatch.delenv("STUD_ODDS_TOKEN", raising=False)


def _first_url(output: str) -> str:
    (line,) = [line for line in output.splitlines() if line.startswith("serving on ")]
    return line.removeprefix("serving on ")


def test_serving_beyond_loopback_prints_a_new_token_in_its_address(no_serving):
    result = CliRunner().invoke(cli, ["serve", "--host", "0.0.0.0"])
    assert result.exit_code == 0, result.output
    url = _first_url(result.output)
    assert re.fullmatch(r"http://[0-9.]+:\d+/\?token=[0-9a-f]{48}", url), url
    again = _first_url(CliRunner().invoke(cli, ["serve", "--host", "0.0.0.0"]).output)
    assert again.split("token=")[1] != url.split("token=")[1]  # a new one at each start


def test_a_given_token_or_the_environments_is_used(no_serving, monkeypatch):
    given = CliRunner().invoke(cli, ["serve", "--host", "0.0.0.0", "--token", "my-own-token"])
    assert _first_url(given.output).endswith("/?token=my-own-token")
    monkeypatch.setenv("STUD_ODDS_TOKEN", "from-the-environment")
    env = CliRunner().invoke(cli, ["serve", "--host", "0.0.0.0"])
    assert _first_url(env.output).endswith("/?token=from-the-environment")
    loopback = CliRunner().invoke(cli, ["serve"])  # a token given is asked on loopback too
    assert _first_url(loopback.output).endswith("/?token=from-the-environment")
    monkeypatch.delenv("STUD_ODDS_TOKEN")
    plain = CliRunner().invoke(cli, ["serve"])
    assert re.fullmatch(r"http://127\.0\.0\.1:\d+/", _first_url(plain.output))


@pytest.mark.parametrize(("options", "words"), [
    (["--token", "short"], "--token must be 8 to 200 characters"),
    (["--token", "with spaces in"], "--token must be"),
    (["--allow-host", "http://mybox"], "--allow-host takes a host name"),
    (["--allow-host", "mybox:8765"], "--allow-host takes a host name"),
    (["--allow-host", ""], "--allow-host takes a host name"),
])
def test_a_token_or_a_name_it_cannot_use_is_refused_in_one_sentence(no_serving, options, words):
    result = CliRunner().invoke(cli, ["serve", *options])
    assert result.exit_code == 2 and words in result.output
    assert "Traceback" not in result.output


# ---- the page in a real browser from another address ---------------------------------------



def _network_address() -> str | None:
    """This machine's address on its network (not loopback), if it has one."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))  # no packet is sent
            address = probe.getsockname()[0]
    except OSError:
        return None
    return None if is_loopback(address) else address


@pytest.mark.browser
def test_the_page_from_another_address_works_once_its_address_gave_the_token():
    """The page needs no change: the browser sends the cookie with each of its calls (the
    stream's EventSource too); without it the page says what to do."""
    address = _network_address()
    if address is None:
        pytest.skip("needs a network address other than loopback")
    from playwright.sync_api import sync_playwright

    spot = "hand=AhKh/QhJh9c&hand=7c7d/2s5d5h&seed=1"
    with subprocess.Popen([sys.executable, "-m", "stud_odds", "serve", "--host", address,
                           "--port", "0", "--token", TOKEN], stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, text=True) as server:
        try:
            url = _first_url(server.stdout.readline())
            assert url.endswith(f"/?token={TOKEN}") and address in url
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=chromium())
                page = browser.new_page()
                page.goto(url.split("?")[0] + "?" + spot)
                page.wait_for_selector('#results[data-state="error"]', timeout=30000)
                assert "?token=" in page.inner_text("[data-field=error]")
                page.goto(f"{url}&{spot}")
                page.wait_for_selector('#results[data-state="done"]', timeout=30000)
                assert "token" not in page.url and "hand=" in page.url
                assert page.inner_text('tr[data-seat="1"] [data-field=equity]').endswith("%")
                browser.close()
        finally:
            server.send_signal(signal.SIGINT)
            server.wait(30)
