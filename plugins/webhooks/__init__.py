"""Sample engagement plugin: posts events to operator-configured webhooks (queued on RQ)."""
