"""The API as an OpenAPI 3 document, served at ``GET /api/openapi.json``.

The operations are the app's own routes, as Starlette's ``SchemaGenerator`` finds
them, so no route is left out of the document (nor out of the fuzz test, which reads
its routes from here); each route's description is its handler's docstring, and its
parameters and body come from the option schema (:mod:`stud_odds.request.schema`),
the same fields every door reads.  A route this module does not describe yet is
listed all the same, its summary saying so (and a test fails).
"""

from __future__ import annotations

import inspect
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute
from starlette.schemas import SchemaGenerator

from stud_odds.request.schema import OPTIONS
from stud_odds.web.fields import PAGE_PARAMETER, QUERY_FIELDS, REQUEST_FIELDS
from stud_odds.web.river import RIVER_SOLVE_SCHEMAS, RIVER_SPOT_FIELDS

NOT_DESCRIBED = "(not described yet)"
ERROR = {"description": "A mistake: one sentence saying what to change.",
         "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}}

_NUMBER_OR_TEXT = {"oneOf": [{"type": "number"}, {"type": "string"}]}
_FIELD_SCHEMAS: dict[str, dict[str, Any]] = {
    "hands": {"type": "array", "items": {"type": "string"}},
    "folds": {"type": "array", "items": {"type": "string"}},
    "dead": {"oneOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}]},
    "exact": {"type": "boolean"},
    "classes": {"type": "boolean"},
    "trials": {"oneOf": [{"type": "integer"}, {"type": "string"}]},
    "seed": {"oneOf": [{"type": "integer"}, {"type": "string"}]},
    "precision": _NUMBER_OR_TEXT,
    "max_time": _NUMBER_OR_TEXT,
    "pot": _NUMBER_OR_TEXT,
    "to_call": _NUMBER_OR_TEXT,
}


def _field_schema(name: str) -> dict[str, Any]:
    return {**_FIELD_SCHEMAS.get(name, {"type": "string"}), "description": OPTIONS[name].help}


def _spot_query() -> list[dict[str, Any]]:
    """The page's query string: one parameter per spot field (docs/web.md)."""
    parameters = []
    for query, field in QUERY_FIELDS.items():
        repeated = OPTIONS[field].repeated
        schema = {"type": "array", "items": {"type": "string"}} if repeated else \
            {"type": "string"}
        parameters.append({"name": query, "in": "query", "required": False, "schema": schema,
                           "explode": True, "description": OPTIONS[field].help})
    parameters.append({"name": PAGE_PARAMETER, "in": "query", "required": False,
                       "schema": {"type": "string"},
                       "description": "The page's id: its newer job cancels its older one."})
    return parameters


def _file_body(what: str) -> dict[str, Any]:
    return {"required": True, "description": what,
            "content": {"application/octet-stream": {
                "schema": {"type": "string", "format": "binary"}}}}


def _operations() -> dict[tuple[str, str], dict[str, Any]]:
    """(method, path) -> what the document says of it beside the handler's docstring."""
    spot = _spot_query()
    return {
        ("get", "/"): {"summary": "The page (HTML); ?token=T keeps a token in a cookie.",
                       "parameters": [{"name": "token", "in": "query", "required": False,
                                       "schema": {"type": "string"}}]},
        ("get", "/api/health"): {"summary": "The version, and how far the kernels are."},
        ("get", "/api/words"): {"summary": "The words the page shows that the engine owns."},
        ("get", "/api/openapi.json"): {"summary": "This document."},
        ("get", "/api/spot"): {"summary": "A spot's street, who acts, and its command line.",
                               "parameters": spot},
        ("post", "/api/equity"): {
            "summary": "A spot's equities: stud-odds equity --json's object.",
            "requestBody": {"required": True, "content": {"application/json": {"schema": {
                "type": "object",
                "properties": {name: _field_schema(name) for name in REQUEST_FIELDS}}}}},
            "parameters": [{"name": "X-Stud-Odds-Page", "in": "header", "required": False,
                            "schema": {"type": "string"}}]},
        ("get", "/api/equity/stream"): {
            "summary": "Server-sent events: partial, progress, estimate, then result or "
                       "failure.", "parameters": spot},
        ("get", "/api/outs"): {
            "summary": "A seat's equity after each card it may receive next.",
            "parameters": [*spot, {"name": "player", "in": "query", "required": True,
                                   "schema": {"type": "string"},
                                   "description": OPTIONS["player"].help}]},
        ("post", "/api/river"): {
            "summary": "A seventh-street spot solved heads-up: stud-odds river --json's "
                       "object, by hand class.",
            "requestBody": {"required": True, "content": {"application/json": {"schema": {
                "type": "object", "required": ["hands", "pot"],
                "properties": {**{name: _field_schema(name) for name in RIVER_SPOT_FIELDS},
                               **RIVER_SOLVE_SCHEMAS}}}}},
            "parameters": [{"name": PAGE_PARAMETER, "in": "query", "required": False,
                            "schema": {"type": "string"},
                            "description": "The page's id: its newer solve cancels its "
                                           "older one."}]},
        ("post", "/api/history"): {
            "summary": "A PokerStars hand-history file replayed: JSON Lines.",
            "requestBody": _file_body("A PokerStars hand-history file.")},
        ("get", "/api/db"): {"summary": "Whether the server has a hand database (serve --db)."},
        ("post", "/api/db/import"): {
            "summary": "A hand-history file imported into the hand database.",
            "parameters": [{"name": "name", "in": "query", "required": False,
                            "schema": {"type": "string"},
                            "description": "The file's name, for the answer."}],
            "requestBody": _file_body("A PokerStars hand-history file.")},
        ("get", "/api/db/{what}"): {
            "summary": "db stats, db luck or db starts --json's object.",
            "parameters": [{"name": "what", "in": "path", "required": True,
                            "schema": {"type": "string", "enum": ["stats", "luck", "starts"]}},
                           {"name": "player", "in": "query", "required": False,
                            "schema": {"type": "string"}},
                           {"name": "game", "in": "query", "required": False,
                            "schema": {"type": "string"}}]},
    }


def openapi_document(routes: list[BaseRoute]) -> dict[str, Any]:
    """The OpenAPI 3 document of ``routes`` (the app's)."""
    from stud_odds import __version__

    generator = SchemaGenerator({"openapi": "3.0.3", "info": {
        "title": "stud-odds", "version": __version__,
        "description": "The JSON API of stud-odds serve (docs/web.md). Every mistake is a "
                       "4xx answer {\"error\": \"<one sentence>\"}."}})
    described = _operations()
    paths: dict[str, dict[str, Any]] = {}
    for endpoint in generator.get_endpoints(routes):
        method = endpoint.http_method.lower()
        operation = dict(described.get((method, endpoint.path), {"summary": NOT_DESCRIBED}))
        docstring = inspect.getdoc(endpoint.func)
        if docstring:
            operation["description"] = docstring
        operation.setdefault("responses", {"200": {"description": "The answer."},
                                           "4XX": ERROR})
        paths.setdefault(endpoint.path, {})[method] = operation
    return {**generator.base_schema, "paths": paths, "components": {"schemas": {"Error": {
        "type": "object", "required": ["error"],
        "properties": {"error": {"type": "string"}, "field": {"type": "string"},
                       "seat": {"type": "integer"}}}}}}


async def openapi_route(request: Request) -> Response:
    """This API as an OpenAPI 3 document."""
    return JSONResponse(openapi_document(request.app.routes))


__all__ = ["NOT_DESCRIBED", "openapi_document", "openapi_route"]
