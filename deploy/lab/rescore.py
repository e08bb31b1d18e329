#!/usr/bin/env python3
"""Scores committed lab results again with the scoring code in the repo: for every run-<n>/ of each result folder,
the Tier-1 shortfall goals are computed again from the run's own scoring data (whole_run.shortfall_goals, the
interval the app ran at from params.app_parameters) and the primary-change goals from its regulation log
(whole_run.primary_goals), replacing the run's own; the folder's summary.json
and README.md are then rebuilt (repeat.py --summarise-only). Nothing is run on the testbed.

  python3 deploy/lab/rescore.py deploy/lab/results/dynamic-demand [deploy/lab/results/... ...]
"""
import json
import os
import sys

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
    kept = [g for g in res.get("goals", []) if "Tier-1 shortfall" not in g.get("goal", "")
            and "after a primary change" not in g.get("goal", "")]
    res["goals"] = (whole_run.shortfall_goals(res, interval) + kept
                    + whole_run.primary_goals(os.path.dirname(path), res, interval))
    with open(path, "w") as f:
        json.dump(res, f, indent=1)
    return len(res["goals"])


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
