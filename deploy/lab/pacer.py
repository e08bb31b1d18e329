#!/usr/bin/env python3
"""A rate-limited download paced at the application, for the lab's multipath (MPTCP) users (issue 17).

    pacer.py serve PORT                          # in the server namespace (under mptcpize for MPTCP)
    pacer.py fetch HOST PORT RATE_MBPS SECONDS    # in the UE's namespace; prints iperf3-like JSON
    pacer.py push HOST PORT RATE_MBPS SECONDS     # the same upward: the UE sends, the server counts and answers

Why not iperf3 -b: iperf3 3.12 lets a stream write while its average rate SINCE THE START is below the target
(iperf_api.c, iperf_check_throttle: bytes_sent * 8 / (now - start_time) < rate), so after MPTCP stalls on a
metered subflow it catches up at line rate: in an idle-capacity run UE2's "12 Mb/s" demand averaged 14.8 Mb/s
over Wi-Fi with bursts of 20-30 Mb/s. Kernel pacing (iperf3 --fq-rate, SO_MAX_PACING_RATE) is refused by MPTCP
sockets. This server writes 8 KB blocks on a fixed schedule, like a paced video server, and never catches up by
more than SLACK_S: a block whose slot passed longer ago than that is skipped (the schedule restarts at now).
The fetch side reads until the server closes and prints {"end": {"sum_received": {"bits_per_second": b}}},
the part of iperf3's -J output the experiments read. A push (uplink) sends "up RATE SECONDS", then the paced
blocks, then closes its sending side; the server counts what it received and answers "BYTES SECONDS", which the
push side prints in the same form.
"""
import json
import socket
import sys
import threading
import time

BLOCK = 8192
SLACK_S = 0.05


def send_paced(conn, rate_bps, seconds):
    block = b"\0" * BLOCK
    gap = BLOCK * 8 / rate_bps
    start = time.monotonic()
    nxt = start
    while True:
        now = time.monotonic()
        if now - start >= seconds:
            return
        if nxt > now:
            time.sleep(nxt - now)
        conn.sendall(block)
        nxt += gap
        if time.monotonic() - nxt > SLACK_S:
            nxt = time.monotonic()   # behind schedule (a stall): skip the missed slots, do not burst


def receive_all(conn):
    """Reads until the peer closes its sending side; returns (bytes, seconds from the first block)."""
    received, start = 0, None
    while True:
        b = conn.recv(65536)
        if not b:
            return received, (time.monotonic() - start) if start else 0.0
        start = start or time.monotonic()
        received += len(b)


def read_line(conn):
    line = b""
    while not line.endswith(b"\n"):
        c = conn.recv(1)
        if not c:
            break
        line += c
    return line.decode().split()


def handle(conn):
    with conn:
        try:
            line = read_line(conn)
            if line and line[0] == "up":
                n, secs = receive_all(conn)
                conn.sendall(f"{n} {secs:.3f}\n".encode())
                return
            send_paced(conn, float(line[0]), float(line[1]))
        except (OSError, ValueError, IndexError) as e:
            print(f"pacer: connection dropped: {e}", file=sys.stderr, flush=True)


def serve(port):
    srv = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    srv.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    srv.bind(("0.0.0.0", port))
    srv.listen(16)
    while True:
        conn, _ = srv.accept()
        threading.Thread(target=handle, args=(conn,), daemon=True).start()


def fetch(host, port, rate_mbps, seconds):
    received = 0
    with socket.create_connection((host, port), timeout=10) as s:
        s.settimeout(seconds + 10)
        s.sendall(f"{rate_mbps * 1e6} {seconds}\n".encode())
        start = time.monotonic()
        while True:
            b = s.recv(65536)
            if not b:
                break
            received += len(b)
        elapsed = max(1e-6, time.monotonic() - start)
    print(json.dumps({"end": {"sum_received": {"bytes": received, "seconds": round(elapsed, 3),
                                               "bits_per_second": received * 8 / elapsed}},
                      "pacer": {"rate_mbps": rate_mbps, "block": BLOCK, "slack_s": SLACK_S}}))


def push(host, port, rate_mbps, seconds):
    with socket.create_connection((host, port), timeout=10) as s:
        s.settimeout(seconds + 10)
        s.sendall(f"up {rate_mbps * 1e6} {seconds}\n".encode())
        send_paced(s, rate_mbps * 1e6, seconds)
        s.shutdown(socket.SHUT_WR)
        got = read_line(s)
    received, elapsed = int(got[0]), max(1e-6, float(got[1]))
    print(json.dumps({"end": {"sum_received": {"bytes": received, "seconds": round(elapsed, 3),
                                               "bits_per_second": received * 8 / elapsed}},
                      "pacer": {"rate_mbps": rate_mbps, "block": BLOCK, "slack_s": SLACK_S, "direction": "uplink"}}))


def main(argv):
    if len(argv) == 2 and argv[0] == "serve":
        serve(int(argv[1]))
    elif len(argv) == 5 and argv[0] == "fetch":
        fetch(argv[1], int(argv[2]), float(argv[3]), float(argv[4]))
    elif len(argv) == 5 and argv[0] == "push":
        push(argv[1], int(argv[2]), float(argv[3]), float(argv[4]))
    else:
        print(__doc__, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
