"""``stud-odds serve``: a local web page over the engine, and the JSON API under it.

Needs the ``web`` extra (Starlette, uvicorn); nothing here is imported by any
other command.  ``app`` holds the routes, ``fields`` reads a request's spot,
``jobs`` runs one engine job at a time, ``streams`` sends a job's output as it
comes, ``work`` is what the jobs do, ``guard`` the Host/Origin/size checks,
``static/`` the page.  docs/web.md describes them.
"""
