"""A minimal W3C WebDriver client (standard library only) for Debian's chromium-driver and chromium, headless,
with no network use of the browser's own (no component updates, sync, QUIC or background networking)."""
import base64
import json
import os
import shutil
import socket
import subprocess
import tempfile
import time
import urllib.error
import urllib.request

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-dev-shm-usage"]


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class WebDriverError(RuntimeError):
    pass


class Browser:
    """A headless Chromium session: Browser(width, height) as a context manager."""

    def __init__(self, width=1400, height=1000, log_path=None):
        self.size = (width, height)
        self.log_path = log_path
        self.driver = None
        self.session = None
        self.profile = None
        self._log = None

    def __enter__(self):
        for exe in (CHROMIUM, CHROMEDRIVER):
            if not os.access(exe, os.X_OK):
                raise WebDriverError(f"{exe} missing: install chromium and chromium-driver (deploy/setup-host.sh)")
        self.port = free_port()
        self._log = open(self.log_path, "w") if self.log_path else subprocess.DEVNULL
        self.driver = subprocess.Popen([CHROMEDRIVER, f"--port={self.port}"], stdout=self._log,
                                       stderr=subprocess.STDOUT, start_new_session=True)
        deadline = time.time() + 30
        while True:
            try:
                if self._call("GET", "/status").get("ready"):
                    break
            except (OSError, WebDriverError):
                pass
            if time.time() > deadline or self.driver.poll() is not None:
                self.close()
                raise WebDriverError("chromedriver did not become ready")
            time.sleep(0.2)
        self.profile = tempfile.mkdtemp(prefix="mpsdn-chromium-")
        args = FLAGS + [f"--user-data-dir={self.profile}", f"--window-size={self.size[0]},{self.size[1]}"]
        caps = {"capabilities": {"alwaysMatch": {"browserName": "chrome", "goog:chromeOptions": {
            "binary": CHROMIUM, "args": args}}}}
        self.session = self._call("POST", "/session", caps)["sessionId"]
        return self

    def __exit__(self, *exc):
        self.close()

    def close(self):
        if self.session:
            try:
                self._call("DELETE", f"/session/{self.session}")
            except (OSError, WebDriverError):
                pass
            self.session = None
        if self.driver is not None and self.driver.poll() is None:
            self.driver.terminate()
            try:
                self.driver.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.driver.kill()
        if self._log not in (None, subprocess.DEVNULL):
            self._log.close()
        if self.profile:
            shutil.rmtree(self.profile, ignore_errors=True)
            self.profile = None

    def _call(self, method, path, body=None):
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(f"http://127.0.0.1:{self.port}{path}", data=data, method=method,
                                     headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(req, timeout=60) as r:
                return json.loads(r.read() or b"{}").get("value") or {}
        except urllib.error.HTTPError as e:
            raise WebDriverError(f"{method} {path}: {e.code} {e.read()[:500]!r}") from None

    def _s(self, method, path, body=None):
        return self._call(method, f"/session/{self.session}{path}", body)

    def get(self, url):
        self._s("POST", "/url", {"url": url})

    def script(self, js, *args):
        """Runs js (a function body; arguments in `arguments`) and returns its value."""
        return self._s("POST", "/execute/sync", {"script": js, "args": list(args)})

    def async_script(self, js, *args):
        """Runs js whose last argument is the callback that ends it."""
        return self._s("POST", "/execute/async", {"script": js, "args": list(args)})

    def wait_for(self, js, timeout_s, what):
        """Polls js until it returns a truthy value; returns it."""
        deadline = time.time() + timeout_s
        while True:
            v = self.script(js)
            if v:
                return v
            if time.time() > deadline:
                raise WebDriverError(f"timed out after {timeout_s} s waiting for {what}")
            time.sleep(0.25)

    def screenshot(self, path):
        png = base64.b64decode(self._s("GET", "/screenshot"))
        with open(path, "wb") as f:
            f.write(png)
        return path
