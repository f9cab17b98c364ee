"""The database's units as a player reads them (one unit per kind of money, "$" and "USD"
the same dollars, tournament chips and play money apart, an older file folded the same
way), and the db commands' words in an 80-column terminal: the README's examples run as
written on the fixtures."""

import re
import shlex
import sqlite3
from pathlib import Path

import pytest
from typer.testing import CliRunner

import stud_odds.db
from stud_odds.cli import app
from stud_odds.db.schema import REFRESH_DAYS, SCHEMA_VERSION
from stud_odds.db.units import money_text, stored_unit

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data" / "histories"
PLAYER = ROOT / "tests" / "data" / "player"  # "$" headers, play money, a $400/$800 hand


def run(*args, env=None):
    return CliRunner(env={"COLUMNS": "80", **(env or {})}).invoke(app, ["db", *map(str, args)])


@pytest.fixture(scope="module")
def hands(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("units") / "hands.sqlite"
    with stud_odds.db.open(path) as db:
        db.import_files([DATA, PLAYER])
    return path


def test_stored_unit_folds_pokerstars_spellings():
    assert stored_unit("USD", None) == stored_unit("$", None) == "USD"
    assert stored_unit("€", None) == "EUR" and stored_unit("£", None) == "GBP"
    assert stored_unit("chips", "169962475") == "tournament chips"
    assert stored_unit("USD", "169962475") == "tournament chips"  # a buy-in's currency aside
    assert stored_unit("chips", None) == "play money"
    assert money_text(-0.03, "USD") == "-$0.03" and money_text(8016.33, "USD") == "+$8,016.33"
    assert money_text(-405, "tournament chips") == "-405 tournament chips"
    assert money_text(-405, "tournament chips", named=False) == "-405"


def test_dollars_are_one_unit_and_chips_stay_apart(hands):
    with stud_odds.db.open(hands, read_only=True) as db:
        units = dict(db.query("SELECT unit, count(*) FROM hands GROUP BY unit").data)
        hero = {row["game"]: row for row in db.stats("Hero").rows()}
        dollars = db.query("SELECT sum(s.won - s.invested) FROM seats s JOIN hands h "
                           "ON h.id = s.hand_id WHERE s.name = 'Hero' AND (h.stakes LIKE '$%')"
                           ).data[0][0]
    assert set(units) == {"USD", "tournament chips", "play money"}
    # "$0.10/$0.20" and "$0.10/$0.20 USD" hands in one figure, with every dollar hand's
    assert set(hero["all"]["net"]) == {"USD", "tournament chips", "play money"}
    assert hero["all"]["net"]["USD"] == pytest.approx(dollars / 100)
    assert hero["stud"]["net"]["play money"] == pytest.approx(241)


def _as_version_2(path: Path) -> None:
    """Make ``path`` what version 2 wrote: the units as the headers spell them ("$" where
    no currency follows, "chips" for tournaments and play money), player_days by them."""
    with sqlite3.connect(path) as connection:
        connection.execute("UPDATE hands SET unit = 'chips' WHERE unit IN "
                           "('tournament chips', 'play money')")
        connection.execute("UPDATE hands SET unit = '$' WHERE unit = 'USD' AND stakes NOT LIKE "
                           "'% USD'")
        connection.execute("DELETE FROM player_days")
        connection.execute(REFRESH_DAYS.replace("h.id BETWEEN ? AND ?", "1"))
        connection.execute("UPDATE schema_version SET version = 2")
    connection.close()


def test_a_version_2_file_gives_the_same_answer(hands, tmp_path):
    with stud_odds.db.open(hands, read_only=True) as db:
        before = db.stats("Hero").rows()
    old = tmp_path / "old.sqlite"
    old.write_bytes(hands.read_bytes())
    _as_version_2(old)
    with sqlite3.connect(old) as connection:
        assert {"$", "USD", "chips"} <= {u for (u,) in connection.execute(
            "SELECT DISTINCT unit FROM player_days")}
    connection.close()
    with stud_odds.db.open(old) as db:  # migrated on opening, in one transaction
        assert db.stats("Hero").rows() == before
        assert db.query("SELECT version FROM schema_version").data == ((SCHEMA_VERSION,),)


def test_stats_say_whose_and_one_net_per_unit_in_80_columns(hands):
    result = run("stats", "--db", hands, "--player", "Hero")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0].strip() == "Hero's stats"
    assert all(len(line.rstrip()) <= 80 and "…" not in line for line in lines[:-1])
    net = {line.split("  ")[0].strip(): line for line in lines if "net won" in line}
    assert list(net) == ["net won, USD", "net won, tournament chips", "net won, play money"]
    assert "$" in net["net won, USD"] and "+241" in net["net won, play money"]
    assert "big bets per 100 hands" in result.stdout


def test_a_plot_of_several_units_and_a_game_work(hands, tmp_path):
    pytest.importorskip("matplotlib")
    for extra in ([], ["--game", "stud"], ["--money"]):
        target = tmp_path / f"luck{len(extra)}.png"
        result = run("luck", "--db", hands, "--player", "Hero", "--plot", target, *extra)
        assert result.exit_code == 0, result.output
        assert f"to {target}" in result.stderr and target.read_bytes()[:4] == b"\x89PNG"
    assert "(3 charts: USD, tournament chips, play money)" in " ".join(result.stderr.split())


def test_filters_that_keep_no_hand_say_what_there_is(hands):
    result = run("stats", "--db", hands, "--since", "2099-01-01")
    assert result.exit_code == 2
    assert re.search(r"error: \S*hands\.sqlite holds no hands from 2099-01-01 on; its hands run "
                     r"from 2009-06-14 to 20\d\d-\d\d-\d\d", result.stderr.replace("\n", " "))
    assert "import" not in result.stderr
    result = run("luck", "--db", hands, "--stakes", "$5/$10")
    assert result.exit_code == 2
    said = " ".join(result.stderr.split())
    assert "holds no hands at stakes '$5/$10'" in said
    assert "--stakes '$0.10/$0.20 USD'" in said and "--stakes '$0.10/$0.20'" in said
    for choice in re.findall(r"--stakes '([^']+)'", said):  # as typed, they work
        assert run("stats", "--db", hands, "--stakes", choice).exit_code == 0, choice
    nobody = run("luck", "--db", hands, "--player", "Nobody")
    said = " ".join(nobody.stderr.split())
    assert nobody.exit_code == 2 and "(players in most hands: --player Hero, " in said
    typed = re.findall(r"--player ('[^']+'|[^,)]+)", said)
    assert len(typed) == 3
    for choice in typed:  # as typed in a shell, they work
        assert run("stats", "--db", hands, *shlex.split(f"--player {choice}")).exit_code == 0
    empty = run("stats", "--db", hands.parent / "new.sqlite")
    assert empty.exit_code == 2


def test_import_in_80_columns_keeps_names_and_says_each_thing_once(tmp_path):
    folder = tmp_path / "Tri long folder name" / "HandHistory"
    folder.mkdir(parents=True)
    long_name = "HH20230202 Trident II - 7 Card Stud Limit.txt"
    (folder / long_name).write_bytes((DATA / "bad_hands.txt").read_bytes())
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes on the game\n", encoding="utf-8")
    result = run("import", "--db", tmp_path / "h.sqlite", folder, notes)
    assert result.exit_code == 2
    out = result.stdout
    assert out.startswith("2 files: 2 new, 0 already in the database; 5 could not be read; "
                          "1 file not imported")
    assert str(folder / long_name) in out.splitlines()  # the whole name, on a line of its own
    assert re.search(r"^ +41? ?\d* +260000000002 +line 41: 'of' is not a card", out, re.M) \
        or "260000000002  line 41: 'of' is not a card" in out
    assert all(len(line.rstrip()) <= 80 and "…" not in line for line in out.splitlines()
               if line.startswith(" ") and "notes.txt" not in line)
    said = out + result.stderr
    assert said.count("holds no hands") == 1 and said.count("notes.txt") <= 3
    assert f"error: 1 of 2 files not imported: {notes}" in result.stderr


def _readme_db_commands() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    block = text[text.index("### Your own hands"):]
    block = block[block.index("```bash") + len("```bash"):]
    block = block[:block.index("```")]
    return [line.split("  #")[0].strip() for line in block.splitlines() if line.strip()]


def test_the_readme_db_examples_run_as_written_on_the_fixtures(tmp_path, monkeypatch):
    pytest.importorskip("matplotlib")
    commands = _readme_db_commands()
    assert len(commands) >= 6 and all(c.startswith("stud-odds db ") for c in commands)
    monkeypatch.chdir(tmp_path)
    env = {"STUD_ODDS_DB": str(tmp_path / "hands.sqlite")}
    for command in commands:
        words = shlex.split(command)[1:]
        if words[:2] == ["db", "import"]:  # the player's folder: the fixtures
            words = ["db", "import", str(DATA), str(PLAYER)]
        result = CliRunner(env={"COLUMNS": "80", **env}).invoke(app, words)
        assert result.exit_code == 0, (command, result.output)
        assert "Traceback" not in result.output
    assert (tmp_path / "luck.png").read_bytes()[:4] == b"\x89PNG"


def test_money_without_a_plot_is_refused(hands):
    result = run("luck", "--db", hands, "--player", "Hero", "--money")
    assert result.exit_code == 2
    assert "--money draws the plot in money: give --plot FILE.png too" in result.stderr
