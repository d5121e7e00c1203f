#!/usr/bin/env python3
"""Measures the heating core on this machine (figures for the issue notes, not a test):

- GET /v2/rooms with 20 rooms and their live state, and PUT /v2/radiators/set-temperature,
  with wrk (Debian's `wrk` package) against the release binary on a fresh SQLite file;
- the simulated fleet at 1,000 radiators: CPU share of one core and RSS over a minute of real
  time, at the default time scale (a report per radiator per minute) and at 60x;
- the schedule engine's round at 1,000 radiators under a schedule on all 50 rooms: the first
  round (every radiator set) and a quiet one (nothing to do), from the engine's own log.

Usage: scripts/bench.py  (builds the release binary first; needs wrk).
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BINARY = os.path.join(ROOT, "target", "release", "heatdesk")
PORT = 18181
BASE = f"http://127.0.0.1:{PORT}"
TICKS_PER_SECOND = os.sysconf("SC_CLK_TCK")


def call(method, path, body=None, token=None):
    request = urllib.request.Request(BASE + path, method=method)
    request.add_header("content-type", "application/json")
    if token:
        request.add_header("authorization", f"Bearer {token}")
    data = json.dumps(body).encode() if body is not None else None
    with urllib.request.urlopen(request, data) as response:
        return json.load(response)


def start(database_dir, time_scale, log=None):
    url = f"sqlite://{database_dir}/bench.db?mode=rwc"
    process = subprocess.Popen(
        [BINARY, "serve", "--bind", f"127.0.0.1:{PORT}", "--database-url", url,
         "--time-scale", str(time_scale)],
        env={**os.environ, "RUST_LOG": "warn,heatdesk::schedules::engine=debug", "NO_COLOR": "1"},
        stdout=log,
    )
    for _ in range(100):
        try:
            urllib.request.urlopen(BASE + "/healthz")
            return process
        except OSError:
            time.sleep(0.1)
    raise SystemExit("the server did not start")


def engine_rounds(data):
    """Two engine rounds' figures from the log: the first after a schedule covers every room,
    and the next (nothing to do)."""
    log_path = os.path.join(data, "server.log")
    with open(log_path, "w") as log:
        server = start(data, 1, log)
        try:
            token, _ = business("engine@bench.example", 50, 20)
            rooms = [room["id"] for room in call("GET", "/v2/rooms", None, token)["data"]["rooms"]]
            call("POST", "/v2/schedules", {
                "name": "All day", "schedule_for": "room", "target_ids": rooms,
                "duration": "every_day", "slots": [{"start": "00:00", "end": "24:00", "setpoint": 19}],
                "setback": None}, token)
            rounds = []
            deadline = time.time() + 150
            while len(rounds) < 2 and time.time() < deadline:
                time.sleep(1)
                with open(log_path) as written:
                    lines = written.readlines()
                applied = [i for i, line in enumerate(lines) if "schedules applied" in line]
                if applied:
                    after = [line for line in lines[applied[0] + 1:] if "schedule round" in line]
                    rounds = [lines[applied[0]]] + after[:1]
            return [line.split("ms=")[1].split()[0] for line in rounds]
        finally:
            server.terminate()
            server.wait()


def business(email, rooms, radiators_per_room):
    call("POST", "/v2/auth", {
        "first_name": "Bench Ltd", "last_name": "Bench", "business_name": "Bench Ltd",
        "email": email, "mobile": "07700 900999", "address_line1": "1 Test Way",
        "address_line2": "", "town": "Leeds", "city": "Leeds", "post_code": "LS1 1AA",
        "password": "bench password", "is_business": 1, "is_same_address": 1,
    })
    token = call("POST", "/v2/auth/login", {"email": email, "password": "bench password"})
    token = token["data"]["user"]["access_token"]
    radiator = None
    for r in range(rooms):
        room = call("POST", "/v2/rooms", {"name": f"Room {r:03}"}, token)["data"]["room"]["id"]
        for n in range(radiators_per_room):
            answer = call("POST", f"/v2/rooms/{room}/radiators", {
                "uid": f"B-{email[:5]}-{r:03}-{n:02}", "name": f"Radiator {r:03}-{n:02}",
                "min_temperature": 7, "max_temperature": 26,
            }, token)
            radiator = answer["data"]["room"]["radiators"][-1]["id"]
    return token, radiator


def wrk(path, token, script=None, seconds=20):
    # Start from a quiet disk: what earlier runs left to write back would slow this one's fsyncs.
    os.sync()
    time.sleep(2)
    command = ["wrk", "-t2", "-c32", f"-d{seconds}s", "--latency",
               "-H", f"Authorization: Bearer {token}"]
    if script:
        command += ["-s", script]
    output = subprocess.run(command + [BASE + path], capture_output=True, text=True).stdout
    lines = [line.strip() for line in output.splitlines()]
    rate = next(line for line in lines if line.startswith("Requests/sec"))
    p99 = next(line for line in lines if line.startswith("99%"))
    errors = [line for line in lines if "Non-2xx" in line or "Socket errors" in line]
    return f"{rate}; p99 {p99.split()[-1]}" + (f"; {errors}" if errors else "")


def cpu_and_rss(pid, seconds):
    def ticks():
        with open(f"/proc/{pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        return int(fields[11]) + int(fields[12])
    start_ticks, start = ticks(), time.time()
    time.sleep(seconds)
    share = (ticks() - start_ticks) / TICKS_PER_SECOND / (time.time() - start)
    with open(f"/proc/{pid}/status") as status:
        rss = next(line for line in status if line.startswith("VmRSS")).split()[1]
    return f"{share * 100:.2f} % of one core, RSS {int(rss) / 1024:.1f} MiB"


def main():
    if not shutil.which("wrk"):
        raise SystemExit("install wrk first: apt-get install -y wrk")
    subprocess.run(["cargo", "build", "--release", "--bin", "heatdesk"], cwd=ROOT, check=True)
    with tempfile.TemporaryDirectory() as data:
        server = start(data, 60)
        try:
            token, radiator = business("rooms@bench.example", 20, 2)
            time.sleep(3)  # let the fleet report, so the rooms carry live state
            print("GET /v2/rooms (20 rooms, 40 radiators):", wrk("/v2/rooms", token))
            script = os.path.join(data, "set.lua")
            with open(script, "w") as lua:
                lua.write('wrk.method = "PUT"\nwrk.headers["Content-Type"] = "application/json"\n'
                          f'wrk.body = \'{{"radiator_id": {radiator}, "temperature": 21.5}}\'\n')
            print("PUT /v2/radiators/set-temperature:",
                  wrk("/v2/radiators/set-temperature", token, script))
        finally:
            server.terminate()
            server.wait()
    for scale in (1, 60):
        with tempfile.TemporaryDirectory() as data:
            server = start(data, scale)
            try:
                business("fleet@bench.example", 50, 20)
                time.sleep(5)
                print(f"fleet of 1,000 radiators at time scale {scale}:",
                      cpu_and_rss(server.pid, 60))
            finally:
                server.terminate()
                server.wait()
    engine()


def engine():
    with tempfile.TemporaryDirectory() as data:
        rounds = engine_rounds(data)
        if len(rounds) == 2:
            print(f"schedule engine at 1,000 radiators: setting every one {rounds[0]} ms, "
                  f"a round with nothing to do {rounds[1]} ms")
        else:
            print("schedule engine: no rounds logged within 150 s", rounds)


if __name__ == "__main__":
    sys.exit(main())
