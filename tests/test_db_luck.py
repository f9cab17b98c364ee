"""stud_odds.db luck: the same all-in figures as ``stud-odds history`` on the same hands,
computed once and stored, the running totals, the migration from schema version 1, the
command line and the plot."""

import io
import json
import sqlite3
from pathlib import Path

import pytest
from typer.testing import CliRunner

import stud_odds.db
import stud_odds.history.replaying as replaying
from stud_odds.cli import app
from stud_odds.db import DatabaseError
from stud_odds.db.schema import ALL_IN_LUCK, SCHEMA_VERSION
from stud_odds.db.units import stored_unit
from stud_odds.history.running import run as history_run

DATA = Path(__file__).parent / "data" / "histories"
ALL_IN = (DATA / "stud8_tournament.txt").read_text(encoding="utf-8")
NUMBER = "29356803850"
TIME = "2009/06/14 12:15:00"


def cli(*args):
    return CliRunner().invoke(app, ["db", *map(str, args)])


def _copy(number: str, time: str, hero: str = "Hero") -> str:
    """The sample stud8 hand (the hero all in on 5th street, 3 players to the showdown)
    under another number and time, its hero maybe renamed."""
    return (ALL_IN.replace(NUMBER, number).replace(TIME, time)
            .replace("Hero", hero)) + "\n\n"


@pytest.fixture(scope="module")
def histories(tmp_path_factory):
    """Files with five all-in hands of Hero's (their times out of hand-number order) and
    one of Bob's, beside the cash-game samples (no all-in, another unit)."""
    folder = tmp_path_factory.mktemp("histories")
    (folder / "allin.txt").write_text(
        _copy("29356803861", "2009/06/14 12:40:00")
        + _copy("29356803862", "2009/06/14 12:20:00")
        + _copy("29356803863", "2009/06/14 12:30:00")
        + _copy("29356803864", "2009/06/14 12:50:00")
        + _copy("29356803865", "2009/06/14 12:45:00", hero="Bob"), encoding="utf-8")
    files = [folder / "allin.txt", DATA / "stud8_tournament.txt", DATA / "stud_cash.txt",
             DATA / "razz.txt"]
    return files


@pytest.fixture()
def database(histories, tmp_path):
    path = tmp_path / "hands.sqlite"
    with stud_odds.db.open(path) as db:
        db.import_files(histories)
    return path


@pytest.fixture(scope="module")
def history_luck(histories):
    """history's all-in luck over the same files, by hand number (the files' heroes)."""
    summary = history_run(histories)
    return {entry.hand_id: entry for entry in summary.luck}


def test_luck_is_historys_on_the_same_hands(database, history_luck):
    assert len(history_luck) == 6  # the check below is not empty
    seen = {}
    with stud_odds.db.open(database) as db:
        for player in ("Hero", "Bob"):
            result = db.luck(player)
            for row in result.all_in:
                seen[row.number] = (player, row)
    assert seen.keys() == history_luck.keys()
    for number, (_player, row) in seen.items():
        entry = history_luck[number]
        assert (row.all_in_street, row.equity, row.pot, row.expected, row.luck,
                row.luck_big_bets, row.unit) == (
            entry.street, entry.equity, entry.pot, entry.expected, entry.luck,
            entry.luck_big_bets, stored_unit(entry.unit, "169962475")), number  # all of a
        # tournament: the database's unit folds history's "chips" into "tournament chips"
        assert row.net == pytest.approx(-405.0)
        assert row.adjusted == pytest.approx(entry.expected - 405.0)
        assert row.net - row.adjusted == pytest.approx(entry.luck)
    # the copies' equities differ: each hand's seeds come from its number, as in history
    assert len({row.equity for _, row in seen.values()}) > 1


def test_hands_in_time_order_with_running_totals_per_unit(database):
    with stud_odds.db.open(database) as db:
        result = db.luck("Hero")
    times = [row.time for row in result.hands]
    assert times == sorted(times)
    totals: dict[str, list[float]] = {}
    for row in result.hands:
        net, adjusted = totals.setdefault(row.unit, [0.0, 0.0])
        totals[row.unit] = [net + row.net, adjusted + row.adjusted]
        assert row.running_net == pytest.approx(totals[row.unit][0])
        assert row.running_adjusted == pytest.approx(totals[row.unit][1])
        if row.luck is None:
            assert row.adjusted == row.net
    chips = result.totals()["tournament chips"]
    assert chips["all_in_hands"] == 5
    assert chips["net"] - chips["adjusted"] == pytest.approx(chips["luck"])
    assert result.totals()["USD"]["all_in_hands"] == 0
    all_in = [row.number for row in result.all_in]
    assert all_in == ["29356803850", "29356803862", "29356803863", "29356803861",
                      "29356803864"]  # by time, not by number
    assert result.computed == 5 and result.stored


def _count_equity(monkeypatch) -> list:
    calls = []
    real = replaying.equity

    def counting(*args, **kwargs):
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(replaying, "equity", counting)
    return calls


def test_equities_are_stored_and_not_recomputed(database, monkeypatch):
    calls = _count_equity(monkeypatch)
    with stud_odds.db.open(database) as db:
        first = db.luck("Hero")
    assert calls and first.computed == 5
    computed = len(calls)
    with stud_odds.db.open(database) as db:  # another run, another connection
        second = db.luck("Hero")
        stored = db.query("SELECT count(*), count(equity) FROM all_in_luck").data
    assert len(calls) == computed and second.computed == 0
    assert second == first.__class__(**{**first.__dict__, "computed": 0})
    assert stored == ((5, 5),)
    # a filter asks for nothing new; Bob's hand is computed once, when first asked for
    with stud_odds.db.open(database) as db:
        assert db.luck("Hero", stakes="60/120").computed == 0
        assert db.luck("Bob").computed == 1
        assert db.luck("Bob").computed == 0
    # the command line reads them too
    result = cli("luck", "--db", database, "--player", "Hero", "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["computed"] == 0


def test_a_read_only_database_computes_without_storing(database, monkeypatch):
    with stud_odds.db.open(database, read_only=True) as db:
        result = db.luck("Hero")
    assert result.computed == 5 and not result.stored
    with sqlite3.connect(database) as connection:
        assert connection.execute("SELECT count(*) FROM all_in_luck").fetchone() == (0,)
    connection.close()


def _version_1(path: Path) -> None:
    """Make ``path`` a version-1 file: the same tables less all_in_luck."""
    with sqlite3.connect(path) as connection:
        connection.execute("DROP TABLE all_in_luck")
        connection.execute("UPDATE schema_version SET version = 1")
    connection.close()


def _tables(path: Path) -> set[str]:
    with sqlite3.connect(path) as connection:
        names = {name for (name,) in connection.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table'")}
        version = connection.execute("SELECT version FROM schema_version").fetchall()
    connection.close()
    return names, version


def test_a_version_1_file_is_migrated_in_one_transaction(database, monkeypatch):
    import stud_odds.db.store as store

    assert SCHEMA_VERSION == 3
    _version_1(database)
    assert _tables(database)[1] == [(1,)]
    # a migration that fails half way leaves the version-1 file as it was
    monkeypatch.setattr(store, "MIGRATIONS", {1: ALL_IN_LUCK + "; SELECT * FROM nowhere"})
    with pytest.raises(DatabaseError, match="no such table: nowhere"):
        stud_odds.db.open(database)
    names, version = _tables(database)
    assert "all_in_luck" not in names and version == [(1,)]
    monkeypatch.undo()
    # the real one: db luck (and db stats, a read-only open) bring it up to date first
    with stud_odds.db.open(database, read_only=True) as db:
        assert db.stats("Hero").by_game
    names, version = _tables(database)
    assert "all_in_luck" in names and version == [(3,)]
    with stud_odds.db.open(database) as db:
        assert db.luck("Hero").computed == 5
        assert db.luck("Hero").computed == 0


def test_the_command_line(database):
    result = cli("luck", "--db", database)
    assert result.exit_code == 0, result.output
    assert "all-in hands" in result.stdout and "29356803862" in result.stdout
    assert "5 all-in equities computed now and stored" in result.stdout
    result = cli("luck", "--db", database, "--player", "Hero", "--csv")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0].startswith("player,number,time,game,stakes,unit,net,adjusted,")
    assert len(lines) == 1 + 8  # every hand of his: 5 stud8, 3 in the cash samples
    result = cli("luck", "--db", database, "--stakes", "60/120", "--json")
    assert json.loads(result.stdout)["player"] == "Player0"  # in most hands at 60/120
    result = cli("luck", "--db", database, "--stakes", "60/120", "-p", "Hero", "--json")
    data = json.loads(result.stdout)
    assert data["filters"] == {"stakes": "60/120"}
    assert set(data["totals"]) == {"tournament chips"} and len(data["hands"]) == 5
    assert data["totals"]["tournament chips"]["all_in_hands"] == 5
    result = cli("luck", "--db", database, "--json", "--csv")
    assert result.exit_code == 2 and "cannot be used together" in result.stderr
    result = cli("luck", "--db", database, "--player", "Nobody")
    assert result.exit_code == 2 and "Nobody plays no hand" in result.stderr


def test_plot_without_matplotlib_is_one_sentence(database, tmp_path, monkeypatch):
    import sys

    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib fails
    target = tmp_path / "luck.png"
    result = cli("luck", "--db", database, "--plot", target)
    assert result.exit_code == 2
    assert "plots need matplotlib: pip install 'stud-odds[plot]'" in result.stderr
    assert "Traceback" not in result.output and not target.exists()
    with sqlite3.connect(database) as connection:  # refused before any work
        assert connection.execute("SELECT count(*) FROM all_in_luck").fetchone() == (0,)
    connection.close()


def test_the_plot(database, tmp_path):
    """A tracker's all-in EV graph: a chart per unit (never one refusal for several), in
    big bets with the axes' units, from 0, both lines visible; in money on request."""
    pytest.importorskip("matplotlib")
    from PIL import Image

    from stud_odds.db.plotting import ADJUSTED_STYLE, WON_STYLE, luck_figure, plot_luck

    target = tmp_path / "luck.png"
    result = cli("luck", "--db", database, "--player", "Hero", "--plot", target)
    assert result.exit_code == 0, result.output
    assert f"wrote the plot (2 charts: USD, tournament chips) to {target}" in result.stderr
    with Image.open(target) as image:
        assert image.format == "PNG" and image.size[0] == 800
    with stud_odds.db.open(database) as db:
        luck = db.luck("Hero")
    figure = luck_figure(luck)
    assert "Hero" in figure._suptitle.get_text()
    cash, tournament = figure.axes
    assert (cash.get_ylabel(), tournament.get_ylabel()) == ("big bets", "big bets")
    assert cash.get_xlabel() == "hands" and "tournament chips" in tournament.get_title()
    chips = [row for row in luck.hands if row.unit == "tournament chips"]
    won, adjusted = tournament.get_lines()[1:3]  # after the zero line
    assert won.get_label().startswith("won") and adjusted.get_label().startswith("all-in")
    assert list(won.get_xdata()) == list(range(6))
    assert list(won.get_ydata()) == [0.0, *(row.running_net_big_bets for row in chips)]
    assert won.get_ydata()[-1] == pytest.approx(sum(row.net for row in chips) / 120)
    assert list(adjusted.get_ydata()) == [0.0, *(row.running_adjusted_big_bets
                                                 for row in chips)]
    # drawn so that neither hides the other: the wide solid line under the dashed one
    assert won.get_linestyle() == "-" and adjusted.get_linestyle() != "-"
    assert won.get_linewidth() > adjusted.get_linewidth()
    assert adjusted.get_zorder() > won.get_zorder()
    assert (WON_STYLE["color"], ) != (ADJUSTED_STYLE["color"], )
    import matplotlib.pyplot

    matplotlib.pyplot.close(figure)
    figure = luck_figure(luck, money=True)
    cash, tournament = figure.axes
    assert (cash.get_ylabel(), tournament.get_ylabel()) == ("USD ($)", "tournament chips")
    won, adjusted = tournament.get_lines()[1:3]
    assert list(won.get_ydata()) == [0.0, *(row.running_net for row in chips)]
    assert adjusted.get_ydata()[-1] == pytest.approx(
        chips[-1].running_net - sum(row.luck for row in luck.all_in))
    matplotlib.pyplot.close(figure)
    stream = io.BytesIO()  # a stream as a target too
    assert plot_luck(luck, stream) == "2 charts: USD, tournament chips"
    assert stream.getvalue().startswith(b"\x89PNG")


def test_ctrl_c_keeps_the_figures_committed_and_the_next_run_computes_the_rest(
        database, monkeypatch):
    import stud_odds.db.luck as luck_module
    import stud_odds.history.replaying as replaying

    real = replaying.all_in_luck
    calls = []

    def stopping(*args, **kwargs):
        calls.append(1)
        if len(calls) == 3:
            raise KeyboardInterrupt
        return real(*args, **kwargs)

    monkeypatch.setattr(luck_module, "COMMIT_EVERY_S", 0.0)  # a commit after each hand
    monkeypatch.setattr(replaying, "all_in_luck", stopping)
    result = cli("luck", "--db", database, "--player", "Hero")
    assert result.exit_code == 130
    assert "interrupted" in result.stderr and "computes the rest" in result.stderr
    with sqlite3.connect(database) as connection:
        assert connection.execute("SELECT count(*) FROM all_in_luck").fetchone() == (2,)
    connection.close()
    monkeypatch.setattr(replaying, "all_in_luck", real)
    with stud_odds.db.open(database) as db:
        assert db.luck("Hero").computed == 3


def test_a_hand_rebuilt_from_its_rows_is_the_parsers(tmp_path):
    """What luck's equities are computed from: every stored hand of the samples, rebuilt,
    equals the parser's (all but the file name and the betting lines)."""
    from stud_odds.db.luck import hand_from_rows
    from stud_odds.history.model import HandHistory
    from stud_odds.history.pokerstars import read

    path = tmp_path / "hands.sqlite"
    parsed = {item.id: item for file in sorted(DATA.glob("*.txt")) for item in read(file)
              if isinstance(item, HandHistory)}
    with stud_odds.db.open(path) as db:
        db.import_files([DATA])
        ids = dict(db.query("SELECT number, id FROM hands").data)
        assert ids.keys() == parsed.keys() and len(ids) >= 8
        for number, hand_id in ids.items():
            rebuilt = hand_from_rows(db.store.connection, hand_id)
            original = parsed[number]
            for name in ("id", "game", "stakes", "big_bet", "tournament", "table",
                         "hero", "players", "last_street", "community", "showdown", "pot",
                         "rake", "time", "time_zone", "small_bet", "ante", "bring_in",
                         "line"):
                assert getattr(rebuilt, name) == getattr(original, name), (number, name)
            # the unit as the database folds it ("$" is "USD"; chips: tournament or play)
            assert rebuilt.unit == stored_unit(original.unit, original.tournament), number


def test_matplotlib_is_imported_only_for_a_plot(database):
    import subprocess
    import sys

    code = ("import sys; from typer.testing import CliRunner; from stud_odds.cli import app; "
            f"r = CliRunner().invoke(app, ['db', 'luck', '--db', {str(database)!r}]); "
            "assert r.exit_code == 0, r.output; "
            "assert 'matplotlib' not in sys.modules, 'matplotlib imported'")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stderr


def test_the_plot_never_replaces_the_database(database):
    before = database.read_bytes()
    for target in (database, f"{database}-wal"):
        result = cli("luck", "--db", database, "--plot", target)
        assert result.exit_code == 2 and "is also the input" in result.stderr, result.output
    assert database.read_bytes() == before
