"""Unit tests of primary_age.py (primary staleness under longer execution intervals, from one run's bridge
lines); no simulation."""
import json
import os
import tempfile
import unittest

import primary_age as pa


def cycle(seq, t, assoc):
    """A cycle request: ue -> APs associated; ue0 and ue1 multipath, ue2 single-path."""
    cons = [{"ue": u, "ap": a} for u, aps in assoc.items() for a in aps]
    return {"type": "cycle", "seq": seq, "timeMs": int(t * 1000),
            "ues": [{"id": "ue0", "multipath": True}, {"id": "ue1", "multipath": True},
                    {"id": "ue2", "multipath": False}], "connections": cons}


def decision(seq, prim):
    return {"type": "decision", "seq": seq, "primaries": [{"ue": u, "ap": a} for u, a in prim.items()]}


# cycles every 2 s from t = 1; ue0 roams wifi0 -> wifi1 before t = 7 and its primary follows; ue1 stays
ASSOC = [{"ue0": ["wifi0", "lte"], "ue1": ["wifi1", "lte"], "ue2": ["wifi0"]}] * 3 + \
        [{"ue0": ["wifi1", "lte"], "ue1": ["wifi1", "lte"], "ue2": ["wifi0"]}] * 3
PRIM = [{"ue0": "wifi0", "ue1": "lte", "ue2": "wifi0"}] * 3 + [{"ue0": "wifi1", "ue1": "lte", "ue2": "wifi0"}] * 3


class PrimaryAgeTest(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()
        self.prefix = os.path.join(self.dir.name, "run")
        with open(self.prefix + ".req", "w") as f:
            f.write(json.dumps({"type": "config"}) + "\n")
            for i, a in enumerate(ASSOC):
                f.write(json.dumps(cycle(i + 1, 1 + 2 * i, a)) + "\n")
        with open(self.prefix + ".ans", "w") as f:
            f.write(json.dumps({"type": "ready"}) + "\n")
            for i, p in enumerate(PRIM):
                f.write(json.dumps(decision(i + 1, p)) + "\n")
        self.cycles = pa.load(self.prefix)

    def tearDown(self):
        self.dir.cleanup()

    def test_load_pairs_requests_and_decisions_and_keeps_multipath_users_only(self):
        self.assertEqual(len(self.cycles), 6)
        self.assertEqual(self.cycles[3][0], 7.0)
        self.assertEqual(self.cycles[3][3], {"ue0": "wifi1", "ue1": "lte"})

    def test_in_force_is_the_last_decision_on_the_interval_grid(self):
        self.assertEqual(pa.in_force(self.cycles, 3, 2.0), 2)  # EI 2: the previous cycle
        self.assertEqual(pa.in_force(self.cycles, 5, 4.0), 4)  # grid 1, 5, 9: t = 11 -> 9
        self.assertEqual(pa.in_force(self.cycles, 4, 4.0), 2)  # t = 9 -> grid 5
        self.assertEqual(pa.in_force(self.cycles, 5, 30.0), 0)

    def test_a_long_interval_leaves_the_roamed_user_on_the_ap_it_left(self):
        n, differ, gone, users = pa.staleness(self.cycles, 30.0, warmup=0)
        self.assertEqual((n, users), (5, 2.0))
        # instants t = 7, 9, 11 hold ue0 on wifi0 (first decision) while the fresh one says wifi1: 1 of 2 users
        self.assertAlmostEqual(differ, 3 * 0.5 / 5)
        self.assertAlmostEqual(gone, 3 * 0.5 / 5)
        n, differ, gone, _ = pa.staleness(self.cycles, 2.0, warmup=0)
        self.assertAlmostEqual(differ, 0.5 / 5)  # only at t = 7, the decision of t = 5

    def test_changes_counts_a_primary_change_after_roaming(self):
        self.assertEqual(pa.changes(self.cycles, warmup=0), (1, 1, 0, 10.0))

    def test_changes_counts_a_flip_undone_at_the_next_cycle(self):
        a = {"ue0": {"wifi0", "lte"}}
        flips = [(t, {"ue0"}, a, {"ue0": p}) for t, p in [(1, "wifi0"), (3, "lte"), (5, "wifi0"), (7, "wifi0")]]
        self.assertEqual(pa.changes(flips, warmup=0), (2, 0, 1, 6))

    def test_summary_gives_median_and_range_over_runs(self):
        runs = [{2.0: (0.1, 0.0)}, {2.0: (0.3, 0.02)}, {2.0: (0.2, 0.01)}]
        self.assertEqual(pa.summary(runs, [2.0]).splitlines()[-1], "| 2 | 20.0 % (10.0-30.0) | 1.0 % (0.0-2.0) |")


if __name__ == "__main__":
    unittest.main()
