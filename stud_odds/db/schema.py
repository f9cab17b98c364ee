"""The hand database's schema, version by version (docs/database.md describes every column).

``SCHEMA_VERSION`` is the version this release writes and the newest it opens.
A file with an older version is brought up to date by ``MIGRATIONS`` (each
step one transaction); a file with a newer one is refused, untouched.

Money columns are integers in hundredths of the hand's unit (cents of a cash
game's currency, hundredths of a tournament chip), so sums stay exact.
"""

from __future__ import annotations

SCHEMA_VERSION = 1

TABLES = ("schema_version", "files", "hands", "seats", "actions", "skipped")

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
"""

# version -> the statements that bring a file of that version to the next one
MIGRATIONS: dict[int, str] = {}

__all__ = ["MIGRATIONS", "SCHEMA", "SCHEMA_VERSION", "TABLES"]
