"""The tests' local host (find_browser.serve) answers like a static host, quietly.

A browser that closes a page while a file is still on its way drops the
connection: the server's write then fails with a broken pipe, which says only
that. It used to print a traceback into the test run's output; a real error of
the handler is still reported.
"""

from __future__ import annotations

import http.client
import socket
import struct
import urllib.parse
from pathlib import Path

import find_browser


def drop_mid_file(url: str, path: str) -> None:
    """Ask for ``path`` and close the connection at once, with a reset (no lingering)."""
    parts = urllib.parse.urlsplit(url)
    with socket.create_connection((parts.hostname, parts.port)) as connection:
        connection.setsockopt(
            socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0)
        )
        connection.sendall(f"GET /{path} HTTP/1.1\r\nHost: x\r\n\r\n".encode())


def test_a_dropped_connection_prints_nothing_and_the_server_goes_on(
    tmp_path: Path, capfd
) -> None:
    (tmp_path / "index.html").write_text("<p>index</p>", encoding="utf-8")
    (tmp_path / "big.bin").write_bytes(
        b"x" * 20_000_000
    )  # far more than a socket buffers
    with find_browser.serve(tmp_path) as url:
        for _ in range(5):
            drop_mid_file(url, "big.bin")
        parts = urllib.parse.urlsplit(url)
        answer = http.client.HTTPConnection(parts.hostname, parts.port, timeout=10)
        answer.request("GET", "/index.html")
        assert answer.getresponse().read() == b"<p>index</p>"
        answer.close()
    errors = capfd.readouterr().err
    assert "Traceback" not in errors and "Broken pipe" not in errors, errors


def test_another_error_of_a_request_is_still_reported(capfd) -> None:
    server = find_browser.SiteServer(("127.0.0.1", 0), find_browser.SiteHandler)
    try:
        try:
            raise ValueError("a real mistake in the handler")
        except ValueError:
            server.handle_error(None, ("127.0.0.1", 0))
    finally:
        server.server_close()
    assert "ValueError: a real mistake in the handler" in capfd.readouterr().err
