"""Bounded requests: what the server refuses before any view runs, so no input can cause a 500.

* A body larger than ``MAX_CONTENT_LENGTH`` (2 MB) answers 413 before it is read.
* JSON nested deeper than Python's parser goes answers 400.
* Text with a NUL byte (which PostgreSQL cannot store) or a lone UTF-16 surrogate (``"\\ud800"``)
  in the query string or a form answers 400; in a JSON body, every field an ``InputSchema`` reads
  is checked (``core.schemas.common``), and the OpenAPI document says so (a ``pattern``).
"""
import json

from flask import request
from werkzeug.exceptions import RequestEntityTooLarge

from core.errors import abort

DEEP_MESSAGE = "JSON is nested too deeply"
NUL_MESSAGE = "Text must not contain NUL characters"
SURROGATE_MESSAGE = "Text must be valid Unicode (no lone surrogates)"


def text_problem(value):
    """Why the string ``value`` cannot be stored (a NUL byte, a lone surrogate), or None."""
    if "\x00" in value:
        return NUL_MESSAGE
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return SURROGATE_MESSAGE
    return None


def check_request():
    limit = request.max_content_length
    if limit is not None and (request.content_length or 0) > limit:
        raise RequestEntityTooLarge(f"The request body must be at most {limit // 1024 // 1024} MB")
    sources = [request.args] + ([request.form] if request.mimetype != "application/json" else [])
    for source in sources:
        for key, values in source.lists():
            problem = next(filter(None, map(text_problem, [key, *values])), None)
            if problem:
                abort(400, message=problem)
    if request.is_json and request.method in ("POST", "PUT", "PATCH", "DELETE"):
        data = request.get_data(cache=True)
        if not data:
            return
        try:
            json.loads(data)
        except RecursionError:
            abort(400, message=DEEP_MESSAGE)
        except ValueError:
            return  # the view's parser answers "Invalid JSON body" with its own message


def init_app(app):
    app.before_request(check_request)
