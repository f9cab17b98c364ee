"""``stud-odds serve``: the web page on a local server (the ``web`` extra: Starlette, uvicorn).

Light to import: the web stack loads only when the command runs, so no other
command starts slower.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Annotated

import typer

from stud_odds.cli.running import INTERRUPTED_EXIT
from stud_odds.console import console, error_console, fail

if TYPE_CHECKING:
    import socket

TOKEN_VARIABLE = "STUD_ODDS_TOKEN"  # the token of serve --host beyond loopback, if set
MAX_JOB_SECONDS = 60.0  # web.jobs.JOB_TIME_LIMIT (not imported: --help loads no web stack)


def serve(
    host: Annotated[str, typer.Option(
        help="Address to listen on; anything but this machine's own (127.0.0.1) lets other "
             "machines use it, with the token printed in its address (0.0.0.0: every "
             "address).")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port (0 picks a free one).")] = 8765,
    open_browser: Annotated[bool, typer.Option(
        "--open/--no-open", help="Open the page in the browser.")] = False,
    max_job_seconds: Annotated[float, typer.Option(
        help="Stop any one request's work after this many seconds.")] = MAX_JOB_SECONDS,
    db: Annotated[str | None, typer.Option(
        "--db", help="A hand database (stud-odds db) for the page's My hands section.")]
    = None,
    token: Annotated[str | None, typer.Option(
        help="The token other machines must give (default: a new one at each start, when "
             f"--host is not 127.0.0.1; also read from ${TOKEN_VARIABLE}).",
        show_default=False)] = None,
    allow_host: Annotated[list[str] | None, typer.Option(
        "--allow-host", metavar="NAME",
        help="Another name this server may be reached by (the Host header), beside "
             "localhost, 127.0.0.1, ::1 and --host; repeat for more.")] = None,
) -> None:
    """The calculator as a web page on this machine: pick cards, watch the equities settle.

    Prints "serving on http://HOST:PORT/" first (with "?token=..." when other
    machines may use it); Ctrl-C stops it.  Needs the web extra: pip install
    'stud-odds\\[web]'.  See docs/web.md.

    Example: stud-odds serve --open
    """
    _check_options(port, max_job_seconds)
    names = _allowed_hosts(allow_host or [])
    token = _token(token, host)
    if db is not None:
        _check_database(db)
    listener = _listen(host, port)
    from stud_odds.web.app import create_app
    from stud_odds.web.connections import server_config
    from stud_odds.web.jobs import Jobs

    url = _url(listener, host, token)
    jobs = Jobs(max_seconds=max_job_seconds)
    # the app's lifespan warms the kernels up while it serves, and cancels the jobs at the end
    app = create_app(host, jobs, db, warm=True, allowed_hosts=names, token=token)
    config = server_config(app, log_level="warning", timeout_graceful_shutdown=1)
    server = _server_class()(config, jobs)
    console.print(f"serving on {url}", highlight=False, soft_wrap=True)
    if open_browser:
        import webbrowser

        webbrowser.open(url)
    try:
        server.run(sockets=[listener])
    except KeyboardInterrupt:  # uvicorn stops, then raises the signal it caught again
        error_console.print("stopped", highlight=False)
        raise typer.Exit(INTERRUPTED_EXIT) from None


def _check_options(port: int, max_job_seconds: float) -> None:
    """The web extra installed, and --port and --max-job-seconds in range."""
    try:
        import starlette  # noqa: F401
        import uvicorn  # noqa: F401
    except ImportError:
        fail("stud-odds serve needs the web extra: pip install 'stud-odds[web]'")
    if not 0 <= port <= 65535:
        fail(f"--port must be from 0 to 65535, not {port}")
    if not 0 < max_job_seconds < float("inf"):
        fail(f"--max-job-seconds must be a positive number of seconds, not {max_job_seconds}")


def _check_database(db: str) -> None:
    """A database it cannot use is refused before listening."""
    import stud_odds.db

    with stud_odds.db.open(db):
        pass


def _allowed_hosts(given: list[str]) -> list[str]:
    """--allow-host's names, each a bare host name (no port, no scheme)."""
    from stud_odds.web.access import hostname

    for name in given:
        if not hostname(name) or hostname(name) != name.lower().strip("[]"):
            fail(f"--allow-host takes a host name such as mybox.local, without a port or a "
                 f"scheme, not {name[:80]!r}")
    return list(given)


def _token(token: str | None, host: str) -> str | None:
    """The token other machines must give: --token, else $STUD_ODDS_TOKEN, else a new one
    when ``host`` is beyond loopback (with a warning), else none."""
    from stud_odds.web.access import AccessError, checked_token, listens_beyond_loopback, new_token

    if token is None and os.environ.get(TOKEN_VARIABLE):
        token, source = os.environ[TOKEN_VARIABLE], f"${TOKEN_VARIABLE}"
    else:
        source = "--token"
    try:
        if token is not None:
            token = checked_token(token, source)
    except AccessError as error:
        fail(str(error))
    if listens_beyond_loopback(host):
        token = token or new_token()
        error_console.print(f"[yellow]warning: listening on {host}: other machines that can "
                            "reach it can use this server with the token in its address[/]",
                            highlight=False, soft_wrap=True)
    return token


def _url(listener: socket.socket, host: str, token: str | None) -> str:
    """The page's address as printed: every interface's is this machine's on its network."""
    from stud_odds.web.access import EVERY_INTERFACE

    address = _reachable_address(listener) if host in EVERY_INTERFACE else host
    shown_host = f"[{address}]" if ":" in address else address
    url = f"http://{shown_host}:{listener.getsockname()[1]}/"
    return url if token is None else f"{url}?token={token}"


def _listen(host: str, port: int) -> socket.socket:
    """A listening socket, so that --port 0's port is known before the first line."""
    import socket

    from stud_odds.web.connections import LISTEN_QUEUE

    try:
        family = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0][0]
        # named TCP, so asyncio turns Nagle off on each connection (else every answer
        # written in two pieces waits 40 ms for the client's delayed ACK)
        listener = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind((host, port))
        listener.listen(LISTEN_QUEUE)
    except OSError as error:
        fail(f"cannot listen on {host} port {port}: {error.strerror or error}")
    listener.set_inheritable(True)
    return listener


def _reachable_address(listener: socket.socket) -> str:
    """This machine's address on its network, for the URL of a server listening on every
    interface (the route to a documentation address, asked of the kernel: no packet is
    sent); 127.0.0.1 or ::1 without a network."""
    import socket

    family = listener.family
    probe_address = "2001:db8::1" if family == socket.AF_INET6 else "192.0.2.1"
    try:
        with socket.socket(family, socket.SOCK_DGRAM) as probe:
            probe.connect((probe_address, 9))
            return probe.getsockname()[0]
    except OSError:
        return "::1" if family == socket.AF_INET6 else "127.0.0.1"


def _server_class():
    from stud_odds.web.connections import LimitedServer

    class Server(LimitedServer):
        """uvicorn's server (with serve's limits), whose Ctrl-C also cancels the running
        jobs at once.

        The lifespan's end comes too late for that: uvicorn first waits for the open
        responses to end, and an equity stream of a long count ends only when its job
        does (else uvicorn cancels it after timeout_graceful_shutdown, with a traceback).
        """

        def __init__(self, config, jobs) -> None:
            super().__init__(config)
            self.jobs = jobs

        def handle_exit(self, sig, frame) -> None:
            self.jobs.cancel_all()
            super().handle_exit(sig, frame)

    return Server


__all__ = ["serve"]
