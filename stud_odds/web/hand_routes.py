"""The routes of the "My hands" section: the hand database of ``serve --db`` (``GET
/api/db``, ``POST /api/db/import?name=F``, ``GET /api/db/stats|luck|starts``) and a
history file replayed (``POST /api/history``).

The routes that take a file are admitted as a job before the body is read, which
streams to a temporary file (:mod:`stud_odds.web.uploads`).
"""

from __future__ import annotations

from functools import partial
from pathlib import Path

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from stud_odds.web import work
from stud_odds.web.answers import nobody_there, page_of, shown_request_path
from stud_odds.web.fields import RequestError
from stud_odds.web.guard import limit_of
from stud_odds.web.jobs import DB_JOB, IMPORT_JOB, REPLAY_JOB, Jobs, WebJob
from stud_odds.web.streams import GONE, JobStream, cancelled_on_disconnect
from stud_odds.web.uploads import Upload, receive_upload, shown_name, upload_name


def _db_path(request: Request) -> str:
    path = request.state.db_path
    if path is None:
        raise RequestError("this server has no hand database: start it with "
                           "stud-odds serve --db PATH")
    return path


async def db_info_route(request: Request) -> Response:
    """Whether the page has a hand database, and its file's name (where the server keeps
    it is not the page's business)."""
    path = request.state.db_path
    return JSONResponse({"enabled": path is not None,
                         "name": None if path is None else Path(path).name})


async def _received(request: Request, job: WebJob) -> Upload:
    """An admitted upload job's body, in a temporary file; the job is let go if the body
    cannot be had (too large, empty, the client gone)."""
    try:
        return await receive_upload(request, limit_of(request.scope))
    except BaseException:
        request.state.jobs.discard(job)
        raise


async def db_import_route(request: Request) -> Response:
    path = _db_path(request)
    name = upload_name(request.query_params.get("name"))
    jobs: Jobs = request.state.jobs
    job = jobs.admit(None, IMPORT_JOB)  # a full lane answers 503 before the body is sent
    upload = await _received(request, job)
    try:
        outcome = await cancelled_on_disconnect(
            request.receive, lambda: jobs.run(job, partial(work.db_import, path, upload.path,
                                                           name)))
    finally:
        jobs.discard(job)
        upload.close()
    if outcome is GONE:
        return nobody_there()
    answer, stopped = outcome
    if not stopped:
        return JSONResponse(answer)
    # stopped between parts: every whole part is stored, and a second import adds the rest
    kept = (f"part of {shown_name(name)} was imported ({answer['sentence']})"
            if answer["new"] or answer["already"] else f"nothing of {shown_name(name)} was stored")
    why = (IMPORT_JOB.over_time(jobs.max_seconds, kept) if job.timed_out else
           f"the import was cancelled with {kept}; {IMPORT_JOB.advice}")
    return JSONResponse({"error": why, **answer}, status_code=409)


async def db_answer_route(request: Request) -> Response:
    path = _db_path(request)
    what = request.path_params["what"]
    if what not in ("stats", "luck", "starts"):
        raise RequestError(f"there is no {shown_request_path(f'/api/db/{what}')}: ask stats, luck "
                           "or starts")
    query = request.query_params
    jobs: Jobs = request.state.jobs
    answer = await jobs.run_now(None, partial(work.db_answer, path, what, query.get("player"),
                                              query.get("game")), DB_JOB)
    return JSONResponse(answer)


async def history_route(request: Request) -> Response:
    jobs: Jobs = request.state.jobs
    job = jobs.admit(page_of(request), REPLAY_JOB)  # a full lane: 503 before the body is sent
    upload = await _received(request, job)
    return JobStream(jobs, job, partial(work.history_stream, upload.path),
                     "application/x-ndjson", work.history_failure, on_end=upload.close)


__all__ = ["db_answer_route", "db_import_route", "db_info_route", "history_route"]
