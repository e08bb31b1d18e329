"""GETs of the lab's HTTP endpoints: the app's REST API on the lab host and the reference eNB's metrics."""
import base64
import json
import urllib.request

from topology import ENB_METRICS


def app_rest(path, timeout=3):
    """GET of the app's REST API on the lab host (ONOS's default port and credentials); None if it fails."""
    req = urllib.request.Request(f"http://127.0.0.1:8181/onos/mpsdn/{path}")
    req.add_header("Authorization", "Basic " + base64.b64encode(b"onos:rocks").decode())
    try:
        with urllib.request.urlopen(req, timeout=timeout) as r:
            return json.loads(r.read())
    except (OSError, ValueError):
        return None


def enb_metrics():
    with urllib.request.urlopen(ENB_METRICS, timeout=2) as r:
        return json.loads(r.read())

