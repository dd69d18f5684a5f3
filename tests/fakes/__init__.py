"""Small in-process fakes of external services, served over real sockets for tests."""
