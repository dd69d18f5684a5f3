"""Bounded requests: what the server refuses before any view runs, so no input can cause a 500.

* A body larger than ``MAX_CONTENT_LENGTH`` (2 MB) answers 413 before it is read.
* JSON nested too deep, text with a lone UTF-16 surrogate (``"\\ud800"``) or a NUL byte (which
  PostgreSQL cannot store) in the JSON body, the form or the query string answer 400.
* Ids in URLs (``<int:...>``) above the databases' 64-bit range are a 404, as any unknown id.
"""
import json

from flask import request
from werkzeug.exceptions import RequestEntityTooLarge
from werkzeug.routing import IntegerConverter

from core.errors import abort

MAX_ID = 2**63 - 1
MAX_DEPTH = 64


class IdConverter(IntegerConverter):
    """``<int:...>`` that only matches what a 64-bit id column can hold."""

    def __init__(self, url_map, fixed_digits=0, min=None, max=None, signed=False):
        super().__init__(url_map, fixed_digits, min, MAX_ID if max is None else max, signed)


def bad_text(value, depth=0):
    """Why ``value`` (decoded JSON or a string) cannot be stored, or None."""
    if isinstance(value, str):
        if "\x00" in value:
            return "Text must not contain NUL characters"
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            return "Text must be valid Unicode (no lone surrogates)"
        return None
    if depth > MAX_DEPTH:
        return f"JSON must not be nested more than {MAX_DEPTH} levels deep"
    if isinstance(value, dict):
        items = [*value.keys(), *value.values()]
    elif isinstance(value, list):
        items = value
    else:
        return None
    for item in items:
        problem = bad_text(item, depth + 1)
        if problem:
            return problem
    return None


def check_request():
    limit = request.max_content_length
    if limit is not None and (request.content_length or 0) > limit:
        raise RequestEntityTooLarge(f"The request body must be at most {limit // 1024 // 1024} MB")
    sources = [request.args] + ([request.form] if request.mimetype != "application/json" else [])
    for source in sources:
        for key, values in source.lists():
            problem = bad_text(key) or next(filter(None, map(bad_text, values)), None)
            if problem:
                abort(400, message=problem)
    if request.is_json and request.method in ("POST", "PUT", "PATCH", "DELETE"):
        data = request.get_data(cache=True)
        if not data:
            return
        try:
            value = json.loads(data)
        except RecursionError:
            abort(400, message=f"JSON must not be nested more than {MAX_DEPTH} levels deep")
        except ValueError:
            return  # the view's parser answers "Invalid JSON body" with its own message
        problem = bad_text(value)
        if problem:
            abort(400, message=problem)


def init_app(app):
    app.url_map.converters["int"] = IdConverter
    app.before_request(check_request)
