"""``stud-odds serve``: a local web page over the engine, and the JSON API under it.

Needs the ``web`` extra (Starlette, uvicorn); nothing here is imported by any
other command.  ``app`` holds the routes, ``fields`` reads a request's spot,
``jobs`` runs one engine job at a time, ``streams`` sends a job's output as it
comes, ``work`` is what the jobs do, ``access`` who may ask (Host names, the
token), ``deadlines`` a body's time limit, ``guard`` the Origin/size checks,
``connections`` uvicorn's limits (headers in time, the connection cap),
``openapi`` the API's document, ``static/`` the page.  docs/web.md describes
them, docs/security.md what they promise.
"""
