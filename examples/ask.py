#!/usr/bin/env python3
"""ask.py -- libcarcassonne-rules from Python with ctypes: no server, no build step.

Run: python3 ask.py   (with libcarcassonne-rules.so.0 where the loader finds it,
e.g. installed, or LD_LIBRARY_PATH=/path/to/lib). CARCASSONNE_RULES_LIB names
another file.
"""
import ctypes
import json
import os
import sys

lib = ctypes.CDLL(os.environ.get("CARCASSONNE_RULES_LIB", "libcarcassonne-rules.so.0"))
lib.crl_ask.restype = ctypes.c_int
lib.crl_ask.argtypes = [ctypes.c_char_p, ctypes.c_char_p, ctypes.c_char_p, ctypes.c_size_t,
                        ctypes.POINTER(ctypes.c_void_p), ctypes.POINTER(ctypes.c_size_t),
                        ctypes.POINTER(ctypes.c_char_p)]
lib.crl_free.argtypes = [ctypes.c_void_p]
lib.crl_version.restype = ctypes.c_char_p


def ask(method, path, body=None):
    """(status, content type, parsed answer) of one request."""
    data = json.dumps(body).encode() if body is not None else b""
    answer, length, ctype = ctypes.c_void_p(), ctypes.c_size_t(), ctypes.c_char_p()
    status = lib.crl_ask(method.encode(), path.encode(), data, len(data),
                         ctypes.byref(answer), ctypes.byref(length), ctypes.byref(ctype))
    try:
        text = ctypes.string_at(answer, length.value).decode()
    finally:
        lib.crl_free(answer)
    return status, ctype.value.decode(), json.loads(text)


position = {"players": ["red", "blue"], "tiles": [{"tile": "base.D", "x": 0, "y": 0, "rot": 0}],
            "figures": []}
status, ctype, answer = ask("POST", "/v1/placements", {"position": position, "tile": "base.E"})
print(lib.crl_version().decode(), status, ctype, len(answer["placements"]), "placements")
status, ctype, problem = ask("POST", "/v1/placements", {"position": position, "tile": "base.ZZ"})
print(status, ctype, problem["title"], problem["pointer"])
sys.exit(0 if status == 422 else 1)
