#!/usr/bin/env python3
"""tools/pgo-train.py BIN [ROUTE=BODY ...] -- the training run of the
profile-guided release build (the Makefile's PGO).

BIN is the release binary built with -fprofile-generate. It is started as a
server on a port the system picks, and answers, over one kept-alive
connection, what clients ask most: GET /healthz, and each POST /v1/ROUTE
with the JSON file BODY, ROUNDS times in turn (in English, and a round in
German: a language's sentences are looked up on the same path). Then it is
stopped as an operator stops it (SIGTERM), so that it exits through main()
and writes its counts (the .gcda files beside its objects).

A body is sent as it is in the file; the bench's position in each layout
clients send (compact, Python's spacing, pretty, members reversed, UTF-8
names) is among them, so that no layout's path is treated as cold.

Every answer must be 200: an answer that is not means the workload is not
the one meant, and the build stops (exit status 1).
"""
import http.client
import signal
import subprocess
import sys

ROUNDS = 60


def fail(message):
    print(f"pgo-train: {message}", file=sys.stderr)
    sys.exit(1)


def start(binary):
    server = subprocess.Popen(
        [binary, "--host", "127.0.0.1", "--port", "0", "--no-access-log", "--threads", "2"],
        stdout=subprocess.PIPE, text=True)
    line = server.stdout.readline()
    prefix = "listening on http://127.0.0.1:"
    if not line.startswith(prefix):
        server.kill()
        fail(f"the server did not start ({line.strip()!r})")
    return server, int(line[len(prefix):])


def ask(conn, method, path, body=None):
    headers = {"Content-Type": "application/json"} if body is not None else {}
    conn.request(method, path, body=body, headers=headers)
    answer = conn.getresponse()
    answer.read()
    if answer.status != 200:
        fail(f"{method} {path} answered {answer.status}")


def main(argv):
    if len(argv) < 2:
        fail("usage: pgo-train.py BIN [ROUTE=BODY ...]")
    cases = []
    for arg in argv[2:]:
        route, _, path = arg.partition("=")
        with open(path, "rb") as f:
            cases.append(("/v1/" + route, f.read()))
    server, port = start(argv[1])
    try:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        for round_ in range(ROUNDS):
            query = "?lang=de" if round_ == ROUNDS - 1 else ""
            ask(conn, "GET", "/healthz")
            for route, body in cases:
                ask(conn, "POST", route + query, body)
        conn.close()
    finally:
        server.send_signal(signal.SIGTERM)
        status = server.wait(timeout=60)
    if status != 0:
        fail(f"the server exited with status {status}")


if __name__ == "__main__":
    main(sys.argv)
