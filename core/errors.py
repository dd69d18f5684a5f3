"""Every error leaves the API as JSON ``{"code", "status", "message", "errors"?}``; never a trace.
While the database cannot be reached a request answers 503 ``DATABASE_DOWN`` (not 500): a load
balancer or a client tries again later."""
import json
import logging

import peewee
from flask import request
from flask_smorest import Api as SmorestApi
from flask_smorest import Blueprint as SmorestBlueprint
from flask_smorest import abort  # noqa: F401  (re-exported for the API modules)
from webargs.flaskparser import FlaskParser
from werkzeug.exceptions import HTTPException, InternalServerError
from werkzeug.http import HTTP_STATUS_CODES

log = logging.getLogger(__name__)

DATABASE_DOWN = "The database is unavailable. Please try again shortly."
#: SQLite's errors that say the file cannot be used now (its others are the code's mistakes)
SQLITE_UNAVAILABLE = ("unable to open", "disk i/o", "locked", "readonly database",
                      "database or disk is full")


#: what a 404 that no route took means, asked in turn (``core.routing`` registers "Story not found"
#: for an id too large for any row): each returns the message, or None
NO_ROUTE_MESSAGES = []


def error_body(code, message):
    """The JSON bytes of an error answered outside Flask (the web server's own refusals), in the
    shape of the API's: ``{"code", "status", "message"}``."""
    return json.dumps({"code": code, "status": HTTP_STATUS_CODES.get(code, "Error"),
                       "message": message}, separators=(",", ":")).encode()


def database_unreachable(exc):
    """Whether ``exc`` says the database cannot be reached or used now: PostgreSQL's connection
    errors (refused, ended by the server, the pool's wait run out), SQLite's file errors."""
    if isinstance(exc, peewee.InterfaceError):
        return True  # a connection already closed under the request
    if not isinstance(exc, peewee.OperationalError):
        return getattr(type(exc), "__name__", "") == "MaxConnectionsExceeded"
    if any(type(cause).__module__.startswith("psycopg") for cause in _causes(exc)):
        return True  # psycopg2's OperationalError: the connection, not the query
    text = str(exc).lower()
    return any(part in text for part in SQLITE_UNAVAILABLE)


def _causes(exc, depth=5):
    """The errors ``exc`` was raised from (peewee wraps the driver's, once or more)."""
    while exc is not None and depth:
        yield exc
        exc, depth = exc.__cause__ or exc.__context__, depth - 1


class Parser(FlaskParser):
    """Request validation errors are 400s (422 is kept for content the moderation refuses)."""

    DEFAULT_VALIDATION_STATUS = 400


class Blueprint(SmorestBlueprint):
    ARGUMENTS_PARSER = Parser()


def first_message(errors):
    """The first human message inside a marshmallow error structure."""
    if isinstance(errors, str):
        return errors
    if isinstance(errors, list):
        for item in errors:
            found = first_message(item)
            if found:
                return found
    if isinstance(errors, dict):
        for key in ("_schema",):
            if key in errors:
                return first_message(errors[key])
        for value in errors.values():
            found = first_message(value)
            if found:
                return found
    return None


def schema_name(schema):
    """OpenAPI component names: the class name; a modified schema (only/exclude/partial) inline.
    The story plan's parts (``core.story_plan``) are named ``Plan…`` (``PlanPerson``, never
    taken for the admin's ``Person``)."""
    from apispec.ext.marshmallow.common import resolve_schema_cls
    if not isinstance(schema, type) and (schema.only or schema.exclude or schema.partial):
        return None
    cls = resolve_schema_cls(schema)
    name = cls.__name__
    name = name[:-6] if name.endswith("Schema") and len(name) > 6 else name
    prefix = SCHEMA_PREFIXES.get(cls.__module__, "")
    return name if name.startswith(prefix) or name.startswith("Story" + prefix) else prefix + name


#: the component names of a module's schemas begin so (the plan's ``Person`` is ``PlanPerson``)
SCHEMA_PREFIXES = {"core.story_plan": "Plan"}


STORABLE_TEXT = "^[^\x00]*$"  # no NUL byte: PostgreSQL cannot store one (core.bounds)


def storable_text(self, field, **kwargs):
    """apispec attribute function: every documented string says it cannot hold a NUL byte (a
    field with a pattern of its own says it there)."""
    from marshmallow import fields
    if isinstance(field, fields.String) and not isinstance(field, (fields.Email, fields.Url)) \
            and "pattern" not in kwargs.get("ret", {}):
        return {"pattern": STORABLE_TEXT}
    return {}


def schema_rules(schema):
    """The rules a schema states about its whole body (``Meta.openapi``, e.g. ``anyOf``)."""
    return dict(getattr(getattr(schema, "Meta", None), "openapi", None) or {})


class Api(SmorestApi):
    def __init__(self, app=None, **kwargs):
        from apispec.ext.marshmallow import MarshmallowPlugin, OpenAPIConverter

        class Converter(OpenAPIConverter):
            def schema2jsonschema(self, schema):
                return {**super().schema2jsonschema(schema), **schema_rules(schema)}

        plugin = MarshmallowPlugin(schema_name_resolver=schema_name)
        plugin.Converter = Converter
        kwargs.setdefault("spec_kwargs", {})["marshmallow_plugin"] = plugin
        super().__init__(app, **kwargs)

    def _init_spec(self, *args, **kwargs):
        super()._init_spec(*args, **kwargs)
        self.ma_plugin.converter.add_attribute_function(storable_text)

    def handle_http_exception(self, error):
        if isinstance(error, InternalServerError) or not isinstance(error, HTTPException):
            original = getattr(error, "original_exception", None) or error
            if database_unreachable(original):
                log.warning("database unavailable on %s %s: %s", request.method, request.path,
                            str(original).strip().splitlines()[0] if str(original).strip() else
                            type(original).__name__)
                return ({"code": 503, "status": "Service Unavailable", "message": DATABASE_DOWN},
                        503, {"Retry-After": "5"})
            log.error("unhandled error on %s %s", request.method, request.path,
                      exc_info=(type(original), original, original.__traceback__))
            return {"code": 500, "status": "Internal Server Error",
                    "message": "Something went wrong on our side. Please try again."}, 500
        payload, code, headers = super().handle_http_exception(error)
        account = (getattr(error, "data", None) or {}).get("account")
        if account:  # a refused account says why by code ("banned", "deactivated"), not by text
            payload["account"] = account
        if getattr(error, "valid_methods", None):  # a 405 names the methods allowed (RFC 9110)
            headers = {**(headers or {}), "Allow": ", ".join(sorted(error.valid_methods))}
        errors = payload.get("errors")
        if isinstance(errors, dict) and set(errors) <= {"json", "query", "view_args", "form"}:
            merged = {}
            for part in errors.values():
                merged.update(part if isinstance(part, dict) else {"_schema": part})
            payload["errors"] = errors = merged
        if code == 404 and request.url_rule is None:  # no route: an id too large for any row?
            said = (explain() for explain in NO_ROUTE_MESSAGES)
            payload["message"] = next((message for message in said if message), None) or payload.get("message")
        if not payload.get("message"):
            payload["message"] = first_message(errors) or error.description or error.name
        return payload, code, headers
