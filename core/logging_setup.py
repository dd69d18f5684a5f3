"""Log lines: text (``time LEVEL logger: message``) or, with ``DREADFORGE_LOG_FORMAT=json``, one
JSON object per line (``time``, ``level``, ``logger``, ``message``, ``request_id``, ``exception``);
the least level by ``DREADFORGE_LOG_LEVEL``. Each line of a request or of a job carries the
request's id (``core.request_id``)."""
import json
import logging
import time

from core.config import setting

TEXT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


class RequestIdFilter(logging.Filter):
    """Puts ``request_id`` on every record (None outside a request or a job)."""

    def filter(self, record):
        if not hasattr(record, "request_id"):
            from core.request_id import current
            try:
                record.request_id = current()
            except Exception:  # noqa: BLE001 - a log line never fails for its id
                record.request_id = None
        return True


class JsonFormatter(logging.Formatter):
    def format(self, record):
        line = {"time": time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created))
                + f".{int(record.msecs):03d}Z",
                "level": record.levelname, "logger": record.name,
                "message": record.getMessage(),
                "request_id": getattr(record, "request_id", None)}
        if record.exc_info:
            line["exception"] = self.formatException(record.exc_info)
        return json.dumps(line, default=str)


def formatter():
    return JsonFormatter() if setting("DREADFORGE_LOG_FORMAT") == "json" else logging.Formatter(TEXT)


def handler(stream=None):
    """A handler writing this process's log lines as configured."""
    made = logging.StreamHandler(stream)
    made.setFormatter(formatter())
    made.addFilter(RequestIdFilter())
    return made


def configure():
    """The root logger's handler and level, unless something configured it already (a test
    runner's capture)."""
    root = logging.getLogger()
    if not root.handlers:
        root.addHandler(handler())
        root.setLevel(setting("DREADFORGE_LOG_LEVEL"))
