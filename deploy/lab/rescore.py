#!/usr/bin/env python3
"""Scores committed lab results again with the scoring code in the repo: for every run-<n>/ of each result folder,
the Tier-1 and multipath shortfall goals are computed again from the run's own scoring data
(whole_run.shortfall_goals of both, the interval the app ran at from params.app_parameters) and the
primary-change goals from its regulation log
(whole_run.primary_goals) and the detection goals from its detection snapshots and stale evidence
(whole_run.detection_goals, the topology's radios from params.radio) and whether the lab had CPU to spare
(whole_run.cpu_goals, from the machine's reads), replacing the run's own; the folder's summary.json
and README.md are then rebuilt (repeat.py --summarise-only). Nothing is run on the testbed.

  python3 deploy/lab/rescore.py deploy/lab/results/dynamic-demand [deploy/lab/results/... ...]
"""
import json
import os
import sys
import types

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import repeat  # noqa: E402
import scoring  # noqa: E402
import whole_run  # noqa: E402


def rescore_run(path):
    """Replaces the shortfall goals of one result JSON (in place); returns how many goals it has now."""
    with open(path) as f:
        res = json.load(f)
    if "scoring" not in res:
        raise ValueError(f"{path}: no scoring data (a result from before whole-run scoring)")
    interval = scoring.interval_ms_of(res)
    lab = _lab_of(res["params"])
    redone = ("Tier-1 shortfall", "multipath shortfall", "after a primary change", whole_run.CPU_GOAL) \
        + (("detection (no registration)",) if lab else ())
    kept = [g for g in res.get("goals", []) if not any(r in g.get("goal", "") for r in redone)]
    detection = whole_run.detection_goals(lab, res, whole_run.app_parameter(lab, "rmKbps", "RM_KBPS")) if lab else []
    res["goals"] = (whole_run.shortfall_goals(res, interval) + whole_run.shortfall_goals(res, interval, "multipath")
                    + kept + detection
                    + whole_run.primary_goals(os.path.dirname(path), res, interval) + whole_run.cpu_goals(res))
    with open(path, "w") as f:
        json.dump(res, f, indent=1)
    return len(res["goals"])


def _lab_of(params):
    """What whole_run.detection_goals reads of the lab, from a result's params; None for a result that has no
    radios or UE source recorded (its detection goals are kept as they are)."""
    radio, source = params.get("radio"), params.get("ue_source")
    if not isinstance(radio, list) or not source:
        return None
    return types.SimpleNamespace(ue_source=source, topo=types.SimpleNamespace(radio=[tuple(r) for r in radio]),
                                 app_parameters=params.get("app_parameters") if isinstance(
                                     params.get("app_parameters"), dict) else None)


def rescore_folder(dest):
    """Every run of a result folder, then its summary and README."""
    n = 1
    while os.path.isdir(os.path.join(dest, f"run-{n}")):
        run = os.path.join(dest, f"run-{n}")
        name = next(f for f in sorted(os.listdir(run)) if f.endswith(".json") and _is_result(run, f))
        rescore_run(os.path.join(run, name))
        n += 1
    return repeat.resummarise(os.path.abspath(dest), [])


def _is_result(run, name):
    try:
        with open(os.path.join(run, name)) as f:
            return str(json.load(f).get("schema", "")).startswith("mpsdn-lab")
    except (OSError, ValueError, AttributeError):
        return False


def main(argv=None):
    dests = sys.argv[1:] if argv is None else argv
    if not dests:
        sys.exit(__doc__)
    for d in dests:
        rescore_folder(d)
        print(f"rescored {d}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
