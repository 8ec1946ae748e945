"""Serve a built page over HTTP on this computer, for trying it (any
static file server, or a code-hosting site's pages, does as well)."""

import functools
import http.server
import threading

TYPES = {".js": "text/javascript", ".json": "application/json",
         ".uf2": "application/octet-stream",
         ".bin": "application/octet-stream"}


class _Quiet(http.server.SimpleHTTPRequestHandler):
    extensions_map = dict(http.server.SimpleHTTPRequestHandler.extensions_map,
                          **TYPES)

    def log_message(self, *args):
        pass


def server(folder, port=0, host="127.0.0.1"):
    """A server of ``folder`` (not yet serving); port 0: any free port.
    Its address: ``"http://%s:%d/" % srv.server_address``."""
    handler = functools.partial(_Quiet, directory=folder)
    return http.server.ThreadingHTTPServer((host, port), handler)


def in_background(folder):
    """(server, url): ``folder`` served from a thread until
    ``server.shutdown()``."""
    srv = server(folder)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    return srv, "http://%s:%d/" % srv.server_address
