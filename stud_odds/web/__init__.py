"""``stud-odds serve``: a local web page over the engine, and the JSON API under it.

Needs the ``web`` extra (Starlette, uvicorn); nothing here is imported by any
other command.  ``app`` holds the page, the equity routes and ``create_app`` (its
lifespan starts and stops the jobs and the kernel loader: the server listens at
once, the numpy twins answer until each kernel the background compile finished is
loaded, and ``/api/health`` says how far), ``page_words`` every word the page shows,
from its owner; ``hand_routes`` the My hands routes (the database, history
uploads), ``answers`` what every route shares (every mistake a 4xx with one
sentence), ``fields`` reads a request's spot through the option schema, ``jobs``
runs one engine job at a time per lane, ``streams`` sends a job's output as it
comes, ``work`` is what the jobs do, ``uploads`` streams a file's body to a
private temporary file once its job is admitted, ``access`` who may ask (Host
names, the token), ``deadlines`` a body's time limit, ``guard`` the Origin/size
checks (the three middlewares, each an ``HttpMiddleware`` of ``middleware``),
``connections`` uvicorn's limits (headers in time, the connection cap),
``openapi`` the API's document, ``static/`` the page (ES modules, no build step;
app.js wires the others).  docs/web.md describes them, docs/security.md what they
promise.
"""
