"""Who may use the server: the names it answers to, and its token (Jupyter's way).

- **Host names.** Every request's ``Host`` header must name this server: a loopback
  name (``localhost``, ``127.0.0.1``, ``::1``), the ``--host`` it listens on, or a
  name given with ``--allow-host``; a server listening on every interface
  (``0.0.0.0``, ``::``) also answers to any IP address, which no DNS rebinding can
  forge.  Anything else is refused whoever sends it: a page rebound through DNS
  arrives from the user's own browser, with its own name in ``Host``.  403.
- **The token.** A server that listens beyond loopback makes a token at start (or is
  given one: ``--token``, ``STUD_ODDS_TOKEN``) and prints it in its URL.  Every
  ``/api/`` request from a client that is not on this machine's loopback must carry
  it, as ``Authorization: token T`` (scripts) or in the cookie that ``GET /?token=T``
  sets before redirecting to the clean URL (browsers; HttpOnly, SameSite=Strict, its
  name holds the port, so another local server's cookie is never taken for it).
  None: 401; a wrong one: 403.  The page itself and its static files hold no data
  and load without it; a loopback-only server has no token, as before.
Each refusal is one sentence in ``{"error": ...}``.
"""

from __future__ import annotations

import hmac
import ipaddress
import json
import re
import secrets
from collections.abc import Iterable
from urllib.parse import parse_qsl, urlencode, urlsplit

from starlette.requests import cookie_parser
from starlette.types import ASGIApp, Receive, Scope, Send

from stud_odds.errors import StudOddsError
from stud_odds.web.middleware import HttpMiddleware

LOOPBACK_NAMES = ("localhost", "127.0.0.1", "::1")
EVERY_INTERFACE = ("0.0.0.0", "::", "")  # listening on every address this machine has
TOKEN_PARAMETER = "token"
_TOKEN_TEXT = re.compile(r"[A-Za-z0-9._~-]{8,200}")  # safe in a URL and in a cookie as is


class AccessError(StudOddsError):
    """A token or a host name the server cannot use."""


def new_token() -> str:
    """A fresh token: 48 hex digits (192 bits), as Jupyter's."""
    return secrets.token_hex(24)


def checked_token(token: str, source: str = "--token") -> str:
    """The token as given, refused in one sentence when a URL or a cookie cannot hold it."""
    if not _TOKEN_TEXT.fullmatch(token):
        raise AccessError(f"{source} must be 8 to 200 characters, each a letter, a digit or "
                          "one of - _ . ~ (it goes in a URL and a cookie)")
    return token


def is_loopback(address: str) -> bool:
    """Whether ``address`` (an IP address or a loopback name) is this machine's loopback."""
    if address.lower() == "localhost":
        return True
    ip = _ip(address)
    if ip is None:
        return False
    mapped = getattr(ip, "ipv4_mapped", None)  # ::ffff:127.0.0.1
    return ip.is_loopback or (mapped is not None and mapped.is_loopback)


def listens_beyond_loopback(host: str) -> bool:
    return not is_loopback(host)


def hostname(netloc: str) -> str:
    """A Host header's name: ``127.0.0.1:8765`` -> ``127.0.0.1``; ``[::1]:80`` -> ``::1``;
    empty when it is malformed."""
    try:
        return (urlsplit(f"//{netloc}").hostname or "").lower()
    except ValueError:  # a malformed port or bracket
        return ""


def _ip(name: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    try:
        return ipaddress.ip_address(name)
    except ValueError:
        return None


class Access(HttpMiddleware):
    """ASGI middleware: the Host names and the token in front of every route.

    ``host`` is the address the server listens on; ``allowed_hosts`` the other names
    it answers to (``--allow-host``); ``token`` the token asked of clients beyond
    loopback (None: a loopback-only server, which asks none).
    """

    def __init__(self, app: ASGIApp, host: str = "127.0.0.1",
                 allowed_hosts: Iterable[str] = (), token: str | None = None) -> None:
        super().__init__(app)
        self.every_interface = host in EVERY_INTERFACE
        names = {*LOOPBACK_NAMES, *(name.lower() for name in allowed_hosts)}
        if not self.every_interface:
            names.add(hostname(host) or host.lower())
        self.names = frozenset(names)
        self.token = token

    async def http(self, scope: Scope, receive: Receive, send: Send) -> None:
        headers = _headers(scope)
        if headers is None:
            await refuse(send, 400, "the request headers are not readable text")
            return
        problem = self.host_problem(headers.get("host", ""))
        if problem is None and self.token is not None:
            if scope["path"] == "/" and _query_token(scope) is not None:
                await self._login(scope, send)
                return
            problem = self.token_problem(scope, headers)
        if problem is not None:
            status, message, *extra = problem
            await refuse(send, status, message, *extra)
            return
        await self.app(scope, receive, send)

    def allows(self, name: str) -> bool:
        """Whether a Host header's name is one this server answers to."""
        return name in self.names or (self.every_interface and _ip(name) is not None)

    def host_problem(self, host: str) -> tuple[int, str] | None:
        if self.allows(hostname(host)):
            return None
        names = ", ".join(sorted(self.names))
        if self.every_interface:
            names += " or an IP address"
        return 403, (f"the Host header {host[:80]!r} does not name this server ({names}): "
                     "another site cannot use it; start it with --allow-host NAME to "
                     "reach it by that name")

    def token_problem(self, scope: Scope, headers: dict[str, str]
                      ) -> tuple[int, str, tuple[bytes, bytes]] | tuple[int, str] | None:
        """None when the request may go on: a loopback client, a path outside the API,
        or the right token; else (status, sentence[, header])."""
        client = scope.get("client")
        if (client and is_loopback(client[0])) or not scope["path"].startswith("/api/"):
            return None
        given = _authorization_token(headers.get("authorization", ""))
        if given is None:
            # leniently, as browsers send them: another local app's odd cookie beside
            # this one must not hide it (http.cookies drops them all at one it rejects)
            given = cookie_parser(headers.get("cookie", "")).get(cookie_name(scope))
        if given is None:
            return 401, ("this server needs its token: open the address stud-odds serve "
                         "printed (it ends in ?token=...), or send the header "
                         "'Authorization: token ...'"), (b"www-authenticate", b"token")
        if not self.right(given):
            return 403, ("the token is not this server's: use the one in the address "
                         "stud-odds serve printed")
        return None

    def right(self, given: str) -> bool:
        assert self.token is not None
        return hmac.compare_digest(given.encode("utf-8", "replace"),
                                   self.token.encode("utf-8"))

    async def _login(self, scope: Scope, send: Send) -> None:
        """``/?token=T``: keep T in a cookie and go to the same page without it."""
        token = _query_token(scope)
        assert token is not None
        if not self.right(token):
            await refuse(send, 403, "the token in the address is not this server's: use "
                                    "the address stud-odds serve printed")
            return
        rest = [(name, value) for name, value in _query(scope) if name != TOKEN_PARAMETER]
        location = "/" + (f"?{urlencode(rest)}" if rest else "")
        cookie = (f"{cookie_name(scope)}={token}; Path=/; HttpOnly; SameSite=Strict")
        await send({"type": "http.response.start", "status": 303,
                    "headers": [(b"location", location.encode("latin-1")),
                                (b"set-cookie", cookie.encode("latin-1")),
                                (b"content-length", b"0")]})
        await send({"type": "http.response.body", "body": b""})


def cookie_name(scope: Scope) -> str:
    """The token's cookie, named with the server's port: a browser sends a host's cookies
    to every port, so another local server must not find its own token taken as this."""
    server = scope.get("server")
    port = server[1] if server and server[1] is not None else 0
    return f"stud_odds_token_{port}"


def _headers(scope: Scope) -> dict[str, str] | None:
    try:
        return {name.decode("latin-1").lower(): value.decode("latin-1")
                for name, value in scope["headers"]}
    except (UnicodeDecodeError, AttributeError):
        return None


def _query(scope: Scope) -> list[tuple[str, str]]:
    return parse_qsl(scope.get("query_string", b"").decode("latin-1"), keep_blank_values=True)


def _query_token(scope: Scope) -> str | None:
    tokens = [value for name, value in _query(scope) if name == TOKEN_PARAMETER]
    return tokens[0] if tokens else None


def _authorization_token(value: str) -> str | None:
    scheme, _, given = value.strip().partition(" ")
    if scheme.lower() in ("token", "bearer") and given.strip():
        return given.strip()
    return None


async def refuse(send: Send, status: int, message: str,
                 *headers: tuple[bytes, bytes]) -> None:
    """Answer ``{"error": message}`` with ``status``."""
    body = json.dumps({"error": message}).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"),
                            (b"content-length", str(len(body)).encode()), *headers]})
    await send({"type": "http.response.body", "body": body})


__all__ = ["EVERY_INTERFACE", "LOOPBACK_NAMES", "Access", "AccessError",
           "checked_token", "cookie_name", "hostname", "is_loopback",
           "listens_beyond_loopback", "new_token", "refuse"]
