#!/usr/bin/env python3
"""REST fuzz run: the lab host serves the app's REST API (stand-in services, no switch and no Open vSwitch
needed) and schemathesis fuzzes every operation of the API document the host serves (the Swagger 2.0 document
that onos-maven-plugin generated into the web bundle, served as-is at /onos/mpsdn/swagger.json). The run fails
on any 5xx (check not_a_server_error) and when an operation refuses every request generated from its documented
schema (warning validation_mismatch, rest_fuzz_schemathesis.toml). Usage:

    python3 deploy/lab/rest_fuzz.py [--max-examples N] [--max-time S] [--out DIR]

schemathesis comes from /opt/mpsdn-venv (deploy/setup-host.sh installs it) or $SCHEMATHESIS.
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from rest_host import PASSWORD, USER, RestHost  # noqa: E402

SETTINGS = os.path.join(HERE, "rest_fuzz_schemathesis.toml")


def schemathesis():
    exe = os.environ.get("SCHEMATHESIS") or "/opt/mpsdn-venv/bin/schemathesis"
    if not os.path.exists(exe):
        exe = shutil.which("schemathesis")
    if not exe:
        sys.exit("rest_fuzz: schemathesis not found (run deploy/setup-host.sh)")
    return exe


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--max-examples", type=int, default=100, help="test cases per operation and phase")
    ap.add_argument("--max-time", type=int, default=0, help="time budget in seconds (0: none)")
    ap.add_argument("--seed", type=int, default=None)
    ap.add_argument("--out", default=None, help="folder for the host log and the JUnit report")
    args = ap.parse_args()
    st = schemathesis()
    out = os.path.abspath(args.out or tempfile.mkdtemp(prefix="mpsdn-rest-fuzz-"))
    try:
        host = RestHost(out).__enter__()
    except RuntimeError as e:
        sys.exit(f"rest_fuzz: {e}")
    try:
        doc = host.url("swagger.json")
        # pass 1 fuzzes every parameter; pass 2 pins the path identifiers to configured APs and UEs so that the
        # fuzzed bodies reach the resources' logic behind the 404s of unknown identifiers
        base = open(SETTINGS).read()
        known = os.path.join(out, "known-ids.toml")
        with open(known, "w") as f:
            f.write(base + '"path.apId" = "wifi"\n"path.ueId" = "ue2"\n')   # into the settings' last table
        rc = 0
        for name, pre in (("free", ["--config-file", SETTINGS]), ("known-ids", ["--config-file", known])):
            rc |= fuzz(st, pre, doc, args, os.path.join(out, f"schemathesis-{name}.xml"))
            if not host.alive():
                sys.exit(f"rest_fuzz: lab host died during the run (see {host.log_path})")
        print(f"rest_fuzz: schemathesis exit {rc}; host log {host.log_path}", flush=True)
        return rc
    finally:
        host.close()


def fuzz(st, pre, doc, args, junit):
    """One schemathesis run (5xx is the failing check); returns its exit code."""
    cmd = [st] + pre + ["run", doc, "--auth", f"{USER}:{PASSWORD}", "--checks", "not_a_server_error",
                        "--max-examples", str(args.max_examples), "--workers", "1", "--no-color",
                        "--report", "junit", "--report-junit-path", junit]
    if args.max_time:
        cmd += ["--max-time", str(args.max_time)]
    if args.seed is not None:
        cmd += ["--seed", str(args.seed)]
    print("rest_fuzz:", " ".join(cmd), flush=True)
    return subprocess.call(cmd, cwd=os.path.dirname(junit))


if __name__ == "__main__":
    sys.exit(main())
