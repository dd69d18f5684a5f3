"""API answers compressed (Flask-Compress): brotli or gzip when the client's ``Accept-Encoding``
takes it, for JSON, XML and plain text above ``COMPRESS_MIN_SIZE`` bytes (a small answer would
grow), with ``Vary: Accept-Encoding``. A feed page of 24 cards goes from 20 KB to about 5.

Never for streamed answers (media, ``Range`` requests: ``COMPRESS_STREAMS`` off) nor for what is
already encoded (the built web app's files are compressed at build time: ``core.assets``).
"""
from flask_compress import Compress

SETTINGS = {
    "COMPRESS_MIMETYPES": ["application/json", "application/problem+json", "application/xml",
                           "text/xml", "text/plain", "text/css", "application/javascript"],
    "COMPRESS_ALGORITHM": ["br", "gzip"],
    "COMPRESS_MIN_SIZE": 500,
    "COMPRESS_LEVEL": 6,  # gzip
    "COMPRESS_BR_LEVEL": 5,  # brotli: as core.assets compresses a page made at request time
    "COMPRESS_STREAMS": False,
    "COMPRESS_REGISTER": True,
}


def init_app(app):
    for name, value in SETTINGS.items():
        app.config.setdefault(name, value)
    Compress(app)
