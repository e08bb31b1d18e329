"""The lab host serving the app's REST API and page without a testbed: stand-in services, no switch and no Open
vSwitch (--devices 0), the lab's netcfg with the UEs registered, and each cell's telemetry read from a status file
(absent files: no telemetry, the agents count as down). rest_fuzz.py and page_test.py use it.

    with RestHost(out, cell_status={"wifi": path, ...}) as host:
        host.url("aps")   # http://127.0.0.1:<port>/onos/mpsdn/aps
"""
import base64
import json
import os
import subprocess
import sys
import time
import types
import urllib.error
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import controller  # noqa: E402  (config writer and class path of the lab host)
import topology  # noqa: E402
from shell import terminate  # noqa: E402

ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
USER, PASSWORD = "onos", "rocks"
CONTEXT = "/onos/mpsdn"


class RestHost:
    def __init__(self, out, cell_status=None, start_timeout_s=60):
        self.out = os.path.abspath(out)
        os.makedirs(self.out, exist_ok=True)
        self.cell_status = cell_status or {a: os.path.join(self.out, f"no-cell-{a}.json") for a in topology.AP}
        self.start_timeout_s = start_timeout_s
        self.proc = None
        self.port = None
        self._log = None

    def __enter__(self):
        # the Lab attributes LabController.write_configs reads: the default topology, its LTE cell the reference eNB
        cfg = types.SimpleNamespace(out=self.out, cell_status=self.cell_status, ue_source="registered",
                                    topo=topology.DEFAULT, is_enb=lambda a: a["kind"] == "lte")
        netcfg, labcfg = controller.LabController.write_configs(cfg)
        port_file = os.path.join(self.out, "rest-port")
        if os.path.exists(port_file):
            os.remove(port_file)
        self._log = open(self.log_path, "w")
        self.proc = subprocess.Popen(
            ["java", "-Xmx256m", "-XX:+UseSerialGC", "-cp", controller.lab_classpath(ROOT),
             "org.mpsdn.lab.host.LabHost", "--mode", "mpsdn", "--of-port", "0", "--devices", "0",
             "--netcfg", netcfg, "--lab-config", labcfg, "--rest-port", "0", "--rest-port-file", port_file,
             "--rest-user", USER, "--rest-password", PASSWORD],
            stdout=self._log, stderr=subprocess.STDOUT, start_new_session=True)
        deadline = time.time() + self.start_timeout_s
        while not os.path.exists(port_file) or not open(port_file).read().strip():
            if self.proc.poll() is not None:
                self.close()
                raise RuntimeError(f"lab host exited with {self.proc.returncode} (see {self.log_path})")
            if time.time() > deadline:
                self.close()
                raise RuntimeError(f"lab host did not serve REST within {self.start_timeout_s} s "
                                   f"(see {self.log_path})")
            time.sleep(0.2)
        self.port = int(open(port_file).read())
        return self

    def __exit__(self, *exc):
        self.close()

    def close(self):
        if self.proc is not None:
            terminate(self.proc, timeout_s=10)
        if self._log is not None:
            self._log.close()
            self._log = None

    @property
    def log_path(self):
        return os.path.join(self.out, "lab-host.log")

    def alive(self):
        return self.proc is not None and self.proc.poll() is None

    def url(self, path=""):
        return f"http://127.0.0.1:{self.port}{CONTEXT}/{path}"

    def get(self, path, auth=True):
        """(status, body bytes) of a GET; auth=False sends no credentials."""
        req = urllib.request.Request(self.url(path))
        if auth:
            token = base64.b64encode(f"{USER}:{PASSWORD}".encode()).decode()
            req.add_header("Authorization", "Basic " + token)
        try:
            with urllib.request.urlopen(req, timeout=10) as r:
                return r.status, r.read()
        except urllib.error.HTTPError as e:
            return e.code, e.read()

    def json(self, path):
        status, body = self.get(path)
        if status != 200:
            raise RuntimeError(f"GET {path}: HTTP {status}: {body[:200]!r}")
        return json.loads(body)
