#!/usr/bin/env python3
"""Browser test of the app's page (/onos/mpsdn/ui/): the lab host serves the REST API and the page from the web
bundle (no testbed, no switch); two emulated cells' status files give the app live telemetry; a headless Chromium
(Debian's chromium + chromium-driver over WebDriver) logs in with BASIC as a browser does and loads the page. The
test asserts that the page shows what the API answers (every AP direction with its deciding signal, threshold and
Tier-2 limit, every UE with its connections' tiers and primary, the detection counters and station feeds), that
the per-AP charts have drawn the last polls, that it loaded nothing from another origin, and that the page and
its files need the login. Usage:

    python3 deploy/lab/page_test.py [--out DIR] [--screenshot docs/img/mpsdn-page.png --watch-s 150]
"""
import argparse
import json
import math
import os
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import topology  # noqa: E402
from rest_host import PASSWORD, USER, RestHost  # noqa: E402
from webdriver import Browser  # noqa: E402

PAGE_STATE = """
const rows = [...document.querySelectorAll('#aps-body tr')].map(r => {
  const sig = r.querySelector('[data-field=signal]');
  const values = [...sig.querySelectorAll('.value')].map(v => v.textContent);
  return {ap: r.dataset.ap, dir: r.dataset.direction, source: sig.dataset.source,
          signal: values[0], threshold: values[1], limit: r.querySelector('[data-field=limit]').dataset.kbps};
});
const ues = [...document.querySelectorAll('#ues-body tr')].map(r => ({
  id: r.dataset.ue, primary: r.querySelector('[data-field=primary]').textContent,
  conns: [...r.querySelectorAll('li')].map(li => [li.dataset.connAp, li.dataset.tier, li.dataset.primary])}));
const counters = Object.fromEntries([...document.querySelectorAll('#detection-counters div')]
  .map(d => [d.dataset.counter, d.querySelector('dd').textContent]));
const feeds = [...document.querySelectorAll('#detection-feeds li')].map(li => li.dataset.feed);
const charts = Object.fromEntries([...document.querySelectorAll('#charts figure')].map(f => [f.dataset.ap,
  Object.fromEntries([...f.querySelectorAll('path[data-series]')].map(p => [p.dataset.series,
    (p.getAttribute('d').match(/[LH]/g) || []).length + (p.getAttribute('d') ? 1 : 0)]))]));
const origins = [...new Set(performance.getEntriesByType('resource').map(e => new URL(e.name).origin))];
return {rows, ues, counters, feeds, charts, origins, status: document.getElementById('status').className,
        statusText: document.getElementById('status').textContent, here: location.origin};
"""


class Cells(threading.Thread):
    """Writes each lab cell's status file every 100 ms, as mpsdn-wifi-cell does: station queue lengths that
    rise and fall over a minute, so the occupancy the app reports moves."""

    def __init__(self, folder):
        super().__init__(daemon=True)
        self.paths = {ap: os.path.join(folder, f"cell-{ap}.json") for ap in topology.AP}
        self.stop = threading.Event()

    def run(self):
        t0 = time.time()
        while not self.stop.is_set():
            t = time.time() - t0
            for k, (ap, path) in enumerate(sorted(self.paths.items())):
                n = sum(1 for _u, a, _ip, _r in topology.RADIO if a == ap)
                fill = 0.5 + 0.45 * math.sin(2 * math.pi * t / 60 + k * 1.3)
                doc = {"time": round(time.time(), 3), "leaf_limit": topology.CELL_QUEUE_LIMIT,
                       "station_qlen": [int(round(fill * topology.CELL_QUEUE_LIMIT))] * n,
                       "station_backlogged": [True] * n}
                with open(path + ".tmp", "w") as f:
                    json.dump(doc, f)
                os.replace(path + ".tmp", path)
            self.stop.wait(0.1)


def expected_decision(ap, direction, params):
    """The signal, threshold and limit the page must show: the AP's own decision fields when the API gives them
    (one record per direction, or one object per field keyed by direction), else occupancy against CTh."""
    fields = ("signal", "threshold", "limit", "cap", "reason")
    rec = next((v[direction] for v in ap.values() if isinstance(v, dict) and isinstance(v.get(direction), dict)
                and any(f in v[direction] for f in fields)), None)
    if rec is None:
        rec = {}
        for k, v in ap.items():
            f = next((f for f in fields if f in k.lower()), None)
            if f and k not in ("tier2LimitKbps", "occupancy") and isinstance(v, dict) and direction in v:
                rec.setdefault(f, v[direction])
    limit = ap.get("tier2LimitKbps", {}).get(direction)
    if rec:
        val = lambda x: x.get("value") if isinstance(x, dict) else x  # noqa: E731
        lim = val(rec.get("limit"))
        sig = rec.get("signalValue", rec.get("signal"))   # /aps: signal is the signal's name, signalValue its value
        return "api", val(sig), val(rec.get("threshold")), lim if lim is not None else limit
    cth = ap.get("override", {}).get("cth", params.get("cth"))
    return "occupancy", ap.get("occupancy", {}).get(direction), cth, limit


def fmt(v):
    return "–" if v is None else f"{v:.2f}"


def compare(page, api):
    """Differences between what the page shows and what the API answered (empty: none)."""
    errs = []
    want_rows = {}
    for ap in api["aps"]:
        for d in ap["directions"]:
            src, sig, thr, lim = expected_decision(ap, d.lower(), api["parameters"])
            want_rows[(ap["id"], d.lower())] = {"source": src, "signal": fmt(sig), "threshold": fmt(thr),
                                                "limit": "" if lim is None else str(lim)}
    got_rows = {(r["ap"], r["dir"]): {k: r[k] for k in ("source", "signal", "threshold", "limit")}
                for r in page["rows"]}
    if got_rows != want_rows:
        errs.append(f"AP rows: page {got_rows} != API {want_rows}")
    want_ues = {u["id"]: {"primary": u.get("primaryAp") or "–",
                          "conns": [[c["apId"], c.get("tier", ""), str(bool(c["primary"])).lower()]
                                    for c in u["connections"]]} for u in api["ues"]}
    got_ues = {u["id"]: {"primary": u["primary"], "conns": u["conns"]} for u in page["ues"]}
    if got_ues != want_ues:
        errs.append(f"UEs: page {got_ues} != API {want_ues}")
    det = api["detection"]
    if page["counters"].get("packets") != str(det["events"].get("packets", 0)):
        errs.append(f"detection packets: page {page['counters'].get('packets')} != API {det['events']}")
    if page["counters"].get("users grouped") != str(len(det["users"])):
        errs.append(f"detection users: page {page['counters'].get('users grouped')} != API {len(det['users'])}")
    if sorted(page["feeds"]) != sorted(f["apId"] for f in det["stationFeeds"]):
        errs.append(f"station feeds: page {page['feeds']} != API {det['stationFeeds']}")
    return errs


def check_login(host):
    """The page and its files need the login, as the REST API does; ui redirects to ui/."""
    for path in ("ui/", "ui/mpsdn.js"):
        status, _ = host.get(path, auth=False)
        assert status == 401, f"GET {path} without login: {status}, want 401"
    status, body = host.get("ui/")
    assert status == 200 and b"<title>mpsdn" in body, f"GET ui/: {status}"
    status, body = host.get("ui/no-such-file.js")
    assert status == 404 and b"file:" in body, f"GET ui/no-such-file.js: {status} {body[:200]!r}"


def run(host, out, screenshot, watch_s=0):
    check_login(host)
    deadline = time.time() + 60
    while not all(a.get("occupancy") for a in host.json("aps")["aps"]):
        assert time.time() < deadline, "no AP reported occupancy within 60 s (cells' telemetry not read?)"
        time.sleep(0.5)
    url = host.url("ui/").replace("http://", f"http://{USER}:{PASSWORD}@")
    with Browser(1400, 1200, log_path=os.path.join(out, "chromedriver.log")) as b:
        b.get(url)
        b.wait_for("return document.body && document.body.dataset.loaded", 30, "the page's first poll")
        # three polls at least: every chart has a line
        b.wait_for("return [...document.querySelectorAll('path[data-series$=-signal]')]"
                   ".every(p => (p.getAttribute('d').match(/L/g) || []).length >= 2) && "
                   "document.querySelectorAll('path[data-series$=-signal]').length > 0", 40, "3 points per chart")
        time.sleep(watch_s)   # a longer watch draws minutes of history (for the screenshot in the docs)
        b.script("window.mpsdnPage.stop()")
        errs = []
        for _attempt in range(5):   # the page and the API read the same state when no cycle ran in between
            b.async_script("window.mpsdnPage.refresh().then(arguments[0])")
            page = b.script(PAGE_STATE)
            api = {p: host.json(p) for p in ("aps", "ues", "detection", "parameters")}
            api["aps"], api["ues"] = api["aps"]["aps"], api["ues"]["ues"]
            errs = compare(page, api)
            if not errs:
                break
            time.sleep(0.7)
        assert not errs, "page differs from the API:\n" + "\n".join(errs)
        assert page["status"] != "error", f"page reports an error: {page['statusText']}"
        assert page["origins"] == [page["here"]], f"page loaded from other origins: {page['origins']}"
        assert sorted(page["charts"]) == sorted(a["id"] for a in api["aps"]), f"charts: {page['charts']}"
        for ap in api["aps"]:
            assert page["rows"] and all(r["signal"] != "–" for r in page["rows"] if r["ap"] == ap["id"]), \
                f"AP {ap['id']} shows no signal: {page['rows']}"
        png = b.screenshot(os.path.join(out, "mpsdn-page.png"))
    if screenshot:
        os.makedirs(os.path.dirname(os.path.abspath(screenshot)), exist_ok=True)
        with open(png, "rb") as src, open(screenshot, "wb") as dst:
            dst.write(src.read())
    print(f"page_test: OK ({len(page['rows'])} AP directions, {len(page['ues'])} UEs); screenshot {png}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=None, help="folder for the logs and the screenshot")
    ap.add_argument("--screenshot", default=None, help="also write the screenshot here (e.g. docs/img/...)")
    ap.add_argument("--watch-s", type=float, default=0, help="seconds the page polls before the checks")
    args = ap.parse_args()
    out = os.path.abspath(args.out or tempfile.mkdtemp(prefix="mpsdn-page-test-"))
    os.makedirs(out, exist_ok=True)
    cells = Cells(out)
    cells.start()
    try:
        with RestHost(out, cell_status=cells.paths) as host:
            run(host, out, args.screenshot, args.watch_s)
    finally:
        cells.stop.set()
    return 0


if __name__ == "__main__":
    sys.exit(main())
