"""A file sent to the server (``POST /api/history``, ``POST /api/db/import?name=F``): its
body streamed into a private temporary file, never held whole in memory, and the name
the user gave it, made safe to show.

The job lanes admit an upload before its body is read (a full lane answers 503 at
once); the body is then written as it arrives, refused past the route's limit, and
the file is deleted once the job has ended, however it ended.
"""

from __future__ import annotations

import os
import re
import tempfile
import unicodedata
from dataclasses import dataclass
from pathlib import Path

from starlette.requests import Request

from stud_odds.errors import blame
from stud_odds.web.fields import RequestError
from stud_odds.web.guard import too_large

DEFAULT_NAME = "upload.txt"
NAME_MOST = 255  # characters: no file system names a file longer
SHOWN_MOST = 60  # characters of a name in a sentence
_FOLDERS = re.compile(r"[/\\]")


def upload_name(given: str | None) -> str:
    """The file's own name from ``?name=``: its last path part, each control or invisible
    formatting character (newlines, bidi overrides, surrogates) as ``?``; at most
    NAME_MOST characters, else RequestError naming ``name``.  None or blank: upload.txt."""
    name = _FOLDERS.split(given or "")[-1]
    if len(name) > NAME_MOST:
        with blame("name"):
            raise RequestError(f"'name': a file name has at most {NAME_MOST} characters, "
                               f"not {len(name):,}")
    name = "".join("?" if unicodedata.category(char).startswith("C") else char
                   for char in name).strip()
    return DEFAULT_NAME if name in ("", ".", "..") else name


def shown_name(name: str) -> str:
    """A name as a sentence shows it: a long one cut in the middle, its end (the
    extension) kept."""
    if len(name) <= SHOWN_MOST:
        return name
    return f"{name[:SHOWN_MOST - 20]}…{name[-19:]}"


@dataclass
class Upload:
    """A request's body in a private temporary file (``close()`` deletes it)."""

    path: Path
    size: int = 0
    blank: bool = True  # nothing but white space (or nothing)

    def close(self) -> None:
        self.path.unlink(missing_ok=True)


async def receive_upload(request: Request, limit: int) -> Upload:
    """The body written to a temporary file (mode 0600) as it arrives: TooLarge past
    ``limit`` bytes, RequestError when it is empty, ClientDisconnect when the client goes
    away mid-body; on any of them the file is already deleted."""
    descriptor, name = tempfile.mkstemp(prefix="stud-odds-upload-", suffix=".txt")
    upload = Upload(Path(name))
    try:
        with os.fdopen(descriptor, "wb") as file:
            async for chunk in request.stream():
                upload.size += len(chunk)
                if upload.size > limit:
                    raise too_large(limit)
                upload.blank = upload.blank and not chunk.strip()
                file.write(chunk)  # to the page cache: no wait worth a thread
        if upload.blank:
            raise RequestError("the upload is empty: send a PokerStars hand-history file")
    except BaseException:
        upload.close()
        raise
    return upload


__all__ = ["DEFAULT_NAME", "NAME_MOST", "Upload", "receive_upload", "shown_name",
           "upload_name"]
