"""The hand database's schema, version by version (docs/database.md describes every column).

``SCHEMA_VERSION`` is the version this release writes and the newest it opens.
A file with an older version is brought up to date by ``MIGRATIONS`` (each
step one transaction); a file with a newer one is refused, untouched.

Money columns are integers in hundredths of the hand's unit (cents of a cash
game's currency, hundredths of a tournament chip), so sums stay exact.
"""

from __future__ import annotations

from stud_odds.db.units import FOLD_UNITS

SCHEMA_VERSION = 3

TABLES = ("schema_version", "files", "hands", "seats", "actions", "skipped", "player_days",
          "all_in_luck")

# Each stat's definition, over a player's seats ``s`` joined to their hands ``h``: used as
# it is by ``db stats`` on the hands, and to keep ``player_days`` (the same sums, per
# player, game, unit, stakes and day) up to date at each import.
FIGURES: tuple[tuple[str, str], ...] = (
    ("hands", "count(*)"),
    ("vpip", "sum(s.vpip)"),
    ("complete", "sum(s.complete)"),
    ("saw_4th", "sum(h.last_street >= 4 AND (s.folded IS NULL OR s.folded >= 4))"),
    ("saw_5th", "sum(h.last_street >= 5 AND (s.folded IS NULL OR s.folded >= 5))"),
    ("saw_6th", "sum(h.last_street >= 6 AND (s.folded IS NULL OR s.folded >= 6))"),
    ("saw_7th", "sum(h.last_street >= 7 AND (s.folded IS NULL OR s.folded >= 7))"),
    ("showdowns", "sum(h.showdown AND s.folded IS NULL)"),
    ("won_at_showdown", "sum(h.showdown AND s.folded IS NULL AND s.won > 0)"),
    ("stud8_showdowns_won",
     "sum(h.game = 'stud8' AND h.showdown AND s.folded IS NULL AND s.won > 0)"),
    ("scoops", "sum(h.game = 'stud8' AND h.showdown AND s.folded IS NULL AND s.won > 0 "
               "AND h.winners = 1)"),
    ("net", "sum(s.won - s.invested)"),
    ("net_big_bets",
     "total(CASE WHEN h.big_bet > 0 THEN (s.won - s.invested) * 1.0 / h.big_bet END)"),
    ("big_bet_hands", "sum(h.big_bet > 0)"),
    ("all_in_hands", "sum(s.all_in IS NOT NULL)"),
)

SCHEMA = """
CREATE TABLE schema_version (
    version INTEGER NOT NULL
);
CREATE TABLE files (
    id INTEGER PRIMARY KEY,
    path TEXT NOT NULL UNIQUE,
    size INTEGER NOT NULL,
    modified TEXT NOT NULL,
    imported TEXT NOT NULL,
    hands INTEGER NOT NULL,
    skipped INTEGER NOT NULL,
    other_games INTEGER NOT NULL
);
CREATE TABLE hands (
    id INTEGER PRIMARY KEY,
    site TEXT NOT NULL,
    number TEXT NOT NULL,
    game TEXT NOT NULL CHECK (game IN ('stud', 'stud8', 'razz')),
    time TEXT,
    time_zone TEXT,
    stakes TEXT,
    unit TEXT NOT NULL,
    small_bet INTEGER,
    big_bet INTEGER,
    ante INTEGER,
    bring_in INTEGER,
    tournament TEXT,
    table_name TEXT,
    hero TEXT,
    players INTEGER NOT NULL,
    last_street INTEGER NOT NULL,
    community TEXT,
    showdown INTEGER NOT NULL,
    pot INTEGER NOT NULL,
    rake INTEGER NOT NULL,
    winners INTEGER NOT NULL,
    file_id INTEGER NOT NULL REFERENCES files (id),
    line INTEGER NOT NULL,
    UNIQUE (site, number)
);
CREATE INDEX hands_time ON hands (time);
CREATE TABLE seats (
    hand_id INTEGER NOT NULL REFERENCES hands (id),
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    chips INTEGER NOT NULL,
    hole TEXT,
    upcards TEXT NOT NULL,
    river TEXT,
    shown INTEGER NOT NULL,
    folded INTEGER,
    all_in INTEGER,
    invested INTEGER NOT NULL,
    won INTEGER NOT NULL,
    vpip INTEGER NOT NULL,
    complete INTEGER NOT NULL,
    PRIMARY KEY (hand_id, seat)
) WITHOUT ROWID;
CREATE INDEX seats_name ON seats (name);
CREATE TABLE actions (
    hand_id INTEGER NOT NULL REFERENCES hands (id),
    seq INTEGER NOT NULL,
    street INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    verb TEXT NOT NULL,
    amount INTEGER NOT NULL,
    all_in INTEGER NOT NULL,
    PRIMARY KEY (hand_id, seq)
) WITHOUT ROWID;
CREATE TABLE skipped (
    file_id INTEGER NOT NULL REFERENCES files (id),
    line INTEGER NOT NULL,
    site TEXT NOT NULL,
    number TEXT,
    game TEXT,
    stud INTEGER NOT NULL,
    reason TEXT NOT NULL,
    PRIMARY KEY (file_id, line)
) WITHOUT ROWID;
CREATE TABLE player_days (
    name TEXT NOT NULL,
    game TEXT NOT NULL,
    unit TEXT NOT NULL,
    stakes TEXT NOT NULL,
    day TEXT NOT NULL,
""" + "".join(
    f"    {name} {'REAL' if name == 'net_big_bets' else 'INTEGER'} NOT NULL,\n"
    for name, _ in FIGURES) + """    PRIMARY KEY (name, game, unit, stakes, day)
) WITHOUT ROWID;
"""

# player_days' rows for the hands with ids from ? to ? (one import's new hands), added in

def _refresh_days(hands: str) -> str:
    """Adds the hands that ``hands`` (a WHERE condition on h) picks to player_days."""
    return (
        "INSERT INTO player_days (name, game, unit, stakes, day, "
        + ", ".join(name for name, _ in FIGURES) + ") "
        "SELECT s.name, h.game, h.unit, coalesce(h.stakes, ''), "
        "coalesce(substr(h.time, 1, 10), ''), "
        + ", ".join(expression for _, expression in FIGURES)
        + f" FROM seats AS s JOIN hands AS h ON h.id = s.hand_id WHERE {hands} "
        "GROUP BY 1, 2, 3, 4, 5 "
        "ON CONFLICT (name, game, unit, stakes, day) DO UPDATE SET "
        + ", ".join(f"{name} = {name} + excluded.{name}" for name, _ in FIGURES))


REFRESH_DAYS = _refresh_days("h.id BETWEEN ? AND ?")  # an import's new hands, first to last

# version 2: each all-in luck figure, computed once by ``db luck`` (history's definition,
# stud_odds.history.replaying._luck) and kept: never recomputed by a later run
ALL_IN_LUCK = """
CREATE TABLE all_in_luck (
    hand_id INTEGER NOT NULL REFERENCES hands (id),
    seat INTEGER NOT NULL,
    street INTEGER NOT NULL,
    equity REAL,
    pot REAL,
    expected REAL,
    luck REAL,
    trials INTEGER NOT NULL,
    seed INTEGER NOT NULL,
    PRIMARY KEY (hand_id, seat)
) WITHOUT ROWID;
"""
SCHEMA += ALL_IN_LUCK

# version -> the statements that bring a file of that version to the next one
MIGRATIONS: dict[int, str] = {
    1: ALL_IN_LUCK,  # the all-in luck table, empty: db luck fills it as it is asked
    # version 3: "$" and "USD" are one unit, tournament chips and play money two (units.py);
    # player_days, keyed by unit, is summed again from the hands
    2: FOLD_UNITS + "DELETE FROM player_days;\n"
       + _refresh_days("1"),
}

__all__ = ["ALL_IN_LUCK", "FIGURES", "MIGRATIONS", "REFRESH_DAYS", "SCHEMA", "SCHEMA_VERSION",
           "TABLES"]
