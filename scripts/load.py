#!/usr/bin/env python3
"""Replays the bursts that once took the server down, against the release binary on a fresh
SQLite file, and prints what they cost: 600 concurrent password resets with made-up tokens,
600 concurrent registrations (each from its own client address, through a trusted proxy, so no
per-address limit hides the hashing), and 50 parallel wrong passwords for one account. While
the bursts run it samples the server's resident memory and times /healthz.

Usage: scripts/load.py [--binary PATH]   (default: target/release/heatdesk, built if missing)
"""

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PORT = 18321
BASE = f"http://127.0.0.1:{PORT}"


def request(method, path, body=None, client=None):
    """Status and seconds taken; the answer's body is read and dropped."""
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(BASE + path, data=data, method=method)
    if data is not None:
        req.add_header("Content-Type", "application/json")
    if client:
        req.add_header("X-Forwarded-For", client)
    start = time.perf_counter()
    try:
        with urllib.request.urlopen(req, timeout=120) as answer:
            answer.read()
            status = answer.status
    except urllib.error.HTTPError as error:
        error.read()
        status = error.code
    except OSError:
        status = 0  # refused or reset: counted as a failure to answer
    return status, time.perf_counter() - start


def registration(n):
    return {
        "first_name": "Load Co", "last_name": "Load Co Trading", "business_name": "Load Co",
        "email": f"load{n}@example.com", "mobile": "07700 900123",
        "address_line1": "1 High Street", "address_line2": "", "town": "Leeds", "city": "Leeds",
        "post_code": "LS1 4AP", "password": "correct horse battery", "is_business": 1,
        "is_same_address": 1,
    }


def client(n):
    return f"10.{n // 65536 % 256}.{n // 256 % 256}.{n % 256}"


class Watch:
    """Samples the server's RSS and times /healthz until stopped."""

    def __init__(self, pid):
        self.pid, self.rss_kib, self.health = pid, [], []
        self.running = True
        self.threads = [threading.Thread(target=self.memory), threading.Thread(target=self.probe)]
        for thread in self.threads:
            thread.start()

    def memory(self):
        while self.running:
            for line in Path(f"/proc/{self.pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    self.rss_kib.append(int(line.split()[1]))
            time.sleep(0.05)

    def probe(self):
        while self.running:
            status, took = request("GET", "/healthz")
            self.health.append((status, took))
            time.sleep(0.02)

    def stop(self):
        self.running = False
        for thread in self.threads:
            thread.join()
        latencies = sorted(took * 1000 for status, took in self.health if status == 200)
        p99 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))] if latencies else None
        return {
            "peak_rss_mb": round(max(self.rss_kib) / 1024, 1),
            "healthz_ok": f"{len(latencies)}/{len(self.health)}",
            "healthz_p50_ms": round(statistics.median(latencies), 1) if latencies else None,
            "healthz_p99_ms": round(p99, 1) if p99 is not None else None,
        }


def burst(name, calls, pid):
    watch = Watch(pid)
    start = time.perf_counter()
    with ThreadPoolExecutor(max_workers=len(calls)) as pool:
        statuses = list(pool.map(lambda call: call()[0], calls))
    took = time.perf_counter() - start
    figures = watch.stop()
    counts = {status: statuses.count(status) for status in sorted(set(statuses))}
    print(f"{name}: {len(calls)} calls in {took:.1f} s, answers {counts}, {figures}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", default=str(ROOT / "target" / "release" / "heatdesk"))
    binary = Path(parser.parse_args().binary)
    if not binary.exists():
        subprocess.run(["cargo", "build", "--release", "--bin", "heatdesk"], cwd=ROOT, check=True)
    data = tempfile.mkdtemp(prefix="heatdesk-load-")
    server = subprocess.Popen(
        [str(binary), "serve", "--bind", f"127.0.0.1:{PORT}", "--database-url",
         f"sqlite://{data}/load.db", "--trusted-proxy", "127.0.0.1"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    try:
        for _ in range(100):
            if request("GET", "/healthz")[0] == 200:
                break
            time.sleep(0.1)
        else:
            sys.exit("the server did not start")
        print(f"{binary} on {data}/load.db, {len(open('/proc/cpuinfo').read().split('processor')) - 1} cores")
        resets = [
            (lambda n=n: request("POST", "/v2/auth/reset_password",
                                 {"token": f"made-up-{n}", "password": "a new password"},
                                 client(n)))
            for n in range(600)
        ]
        burst("600 resets with made-up tokens", resets, server.pid)
        registrations = [
            (lambda n=n: request("POST", "/v2/auth", registration(n), client(1000 + n)))
            for n in range(600)
        ]
        burst("600 registrations", registrations, server.pid)
        wrong = [
            (lambda: request("POST", "/v2/auth/login",
                             {"email": "load0@example.com", "password": "wrong password"},
                             client(5000)))
            for _ in range(50)
        ]
        burst("50 parallel wrong passwords for one account", wrong, server.pid)
    finally:
        server.terminate()
        server.wait()


if __name__ == "__main__":
    main()
