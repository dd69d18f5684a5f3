"""Dumping hot responses without marshmallow's per-field machinery, from the schema itself.

``Dumper(StorySchema)`` reads the schema's fields once (their JSON names, attributes and types) and
then turns an object, or a row of a hand-written select, into the same dict ``StorySchema().dump``
gives (tests/test_fast_paths.py checks it), at a fraction of the cost. The OpenAPI schema stays the
contract: a field type it does not know makes the dumper refuse to build, never guess.
"""
import datetime as dt
import json

from marshmallow import fields
from marshmallow.utils import missing

from core.schemas.common import UTCDateTime

UTC = dt.UTC


def _int(value):
    return None if value is None else int(value)


def _str(value):
    return None if value is None else str(value)


def _bool(value):
    return None if value is None else bool(value)


def _float(value):
    return None if value is None else float(value)


def _utc(value):
    if value is None:
        return None
    if isinstance(value, str):  # SQLite's text, as peewee stores a datetime
        value = dt.datetime.fromisoformat(value)
    if value.tzinfo is None:
        value = value.replace(tzinfo=UTC)
    return value.isoformat()


def _list(value):
    """A list of strings, or a JSON column's text of one (a row of a hand-written select)."""
    if isinstance(value, (str, bytes)):
        value = json.loads(value)
    return [str(item) for item in value]


CONVERTERS = ((fields.List, _list), (UTCDateTime, _utc), (fields.Boolean, _bool), (fields.Float, _float),
              (fields.Integer, _int), (fields.String, _str))


def converter(field):
    for kind, convert in CONVERTERS:
        if isinstance(field, kind):
            return convert
    raise TypeError(f"no fast dump for {type(field).__name__}")


class Dumper:
    """``dump(obj)``: the schema's dump of a model object (attributes, nested objects)."""

    def __init__(self, schema, exclude=()):
        schema = schema() if isinstance(schema, type) else schema
        self.fields = []
        for name, field in schema.dump_fields.items():
            if name in exclude:
                continue
            key, attribute = field.data_key or name, field.attribute or name
            default = field.dump_default
            if isinstance(field, fields.Nested):
                self.fields.append((name, key, attribute, Dumper(field.schema).dump, default))
            else:
                self.fields.append((name, key, attribute, converter(field), default))

    def dump(self, obj):
        out = {}
        for _name, key, attribute, convert, default in self.fields:
            value = getattr(obj, attribute, default)
            if value is not missing:
                out[key] = None if value is None else convert(value)
        return out

    def row_dumper(self, columns, nested=None):
        """A function dumping a row (tuple) of ``columns`` (attribute names, in select order);
        ``nested``: ``{name: (Dumper, columns)}`` for nested objects read from the same row,
        their columns following the outer ones. A field with no column gets its default."""
        nested = nested or {}
        index = {name: i for i, name in enumerate(columns)}
        plan, offset = [], len(columns)
        inner = {}
        for name, (dumper, inner_columns) in nested.items():
            inner[name] = (dumper, offset, offset + len(inner_columns), inner_columns)
            offset += len(inner_columns)
        for name, key, attribute, convert, default in self.fields:
            if name in inner:
                dumper, start, stop, inner_columns = inner[name]
                plan.append((key, 0, dumper.row_dumper(inner_columns), (start, stop)))
            elif attribute in index:
                plan.append((key, index[attribute], convert, None))
            elif default is not missing:
                plan.append((key, -1, default, None))

        def dump_row(row):
            out = {}
            for name, i, convert, span in plan:
                if span is not None:
                    out[name] = convert(row[span[0]:span[1]])
                elif i < 0:
                    out[name] = convert
                else:
                    value = row[i]
                    out[name] = None if value is None else convert(value)
            return out
        return dump_row
