"""``stud-odds serve``: its options, the web extra, its first line, Ctrl-C."""

from __future__ import annotations

import os
import signal
import subprocess
import sys

import httpx2 as httpx
import pytest
from typer.testing import CliRunner

from stud_odds.cli import app
from stud_odds.console import fail

runner = CliRunner()


def test_without_the_web_extra_serve_names_the_install_command(monkeypatch):
    monkeypatch.setitem(sys.modules, "uvicorn", None)  # import uvicorn raises ImportError
    result = runner.invoke(app, ["serve"])
    assert result.exit_code == 2
    assert "pip install 'stud-odds[web]'" in result.output


def test_a_port_out_of_range_is_refused():
    result = runner.invoke(app, ["serve", "--port", "70000"])
    assert result.exit_code == 2 and "--port" in result.output


def test_another_host_prints_one_warning_line(monkeypatch):
    monkeypatch.setattr("stud_odds.cli.serve._listen", lambda host, port: fail("stop here"))
    result = runner.invoke(app, ["serve", "--host", "0.0.0.0"])
    warnings = [line for line in result.output.splitlines() if line.startswith("warning")]
    assert len(warnings) == 1 and "0.0.0.0" in warnings[0]
    quiet = runner.invoke(app, ["serve"])
    assert "warning" not in quiet.output


def test_other_commands_do_not_load_the_web_stack():
    code = ("import sys, stud_odds.cli; "
            "assert not {'uvicorn', 'starlette'} & set(sys.modules), sorted(sys.modules)")
    subprocess.run([sys.executable, "-c", code], check=True)


@pytest.mark.slow
def test_serve_prints_its_address_first_answers_and_stops_at_ctrl_c():
    with subprocess.Popen([sys.executable, "-m", "stud_odds", "serve", "--port", "0"],
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                          env={**os.environ, "COLUMNS": "200"}) as process:  # pipes closed
        try:
            first = process.stdout.readline().strip()
            assert first.startswith("serving on http://127.0.0.1:") and first.endswith("/")
            url = first.removeprefix("serving on ")
            assert httpx.get(url + "api/health", timeout=30).status_code == 200
            endless = [("hand", "AhKh/Qh"), ("hand", "7c7d/2s"), ("hand", "xx/9d"),
                       ("trials", "1e8"), ("seed", "1")]
            with httpx.Client(timeout=30) as client, \
                    client.stream("GET", url + "api/equity/stream", params=endless) as stream:
                lines = stream.iter_lines()
                assert next(line for line in lines if line.startswith("event:")) == "event: partial"
                process.send_signal(signal.SIGINT)  # with a job running: it is cancelled at once
                assert process.wait(timeout=30) == 130
        finally:
            if process.poll() is None:
                process.kill()
                process.wait()
        errors = process.stderr.read()
    assert "Traceback" not in errors


@pytest.mark.parametrize("command", [["serve", "-h"]])
def test_help(command):
    result = runner.invoke(app, command)
    assert result.exit_code == 0 and "--open" in result.output and "--port" in result.output


def test_serve_shows_the_job_limit_the_server_keeps():
    # cli_serve spells the default out so that --help loads no web stack
    from stud_odds.cli import serve as cli_serve
    from stud_odds.web.jobs import JOB_TIME_LIMIT

    assert cli_serve.MAX_JOB_SECONDS == JOB_TIME_LIMIT
