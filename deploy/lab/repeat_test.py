"""repeat.summarise: every run's value, median and range per goal and per phase's Tier-1 shortfall."""
import os
import tempfile
import unittest

import repeat


def doc(short, met, value):
    return {"schema": "mpsdn-lab/1",
            "goals": [{"goal": "ue1 keeps its share", "phase": "mpsdn", "value": value, "target": ">= 0.95", "met": met},
                      {"goal": "shortfall", "value": {"total_s": short}, "target": None, "met": None}],
            "tier1_shortfall": {"mpsdn": {"total_s": short, "total_s_per_min": short / 2}}}


class SummariseTest(unittest.TestCase):
    def test_median_range_and_met_counts(self):
        s = repeat.summarise([doc(4.0, True, 0.97), doc(10.0, False, 0.90), doc(6.0, True, 0.99)])
        g = s["goals"][0]
        self.assertEqual((g["goal"], g["median"], g["min"], g["max"]), ("ue1 keeps its share [mpsdn]", 0.97, 0.9, 0.99))
        self.assertEqual((g["met_runs"], g["judged_runs"]), (2, 3))
        self.assertEqual(s["goals"][1]["judged_runs"], 0)
        self.assertEqual(s["tier1_shortfall"]["mpsdn"]["total_s"]["median"], 6.0)
        self.assertEqual(s["tier1_shortfall"]["mpsdn"]["total_s_per_min"]["max"], 5.0)
        self.assertEqual(s["tcp_congestion_control"], ["not recorded"])

    def test_the_runs_congestion_controls_are_listed(self):
        a, b = doc(4.0, True, 0.97), doc(6.0, True, 0.99)
        a["params"], b["params"] = {"tcp_congestion_control": "cubic"}, {"tcp_congestion_control": "bbr"}
        self.assertEqual(repeat.summarise([a, b, None])["tcp_congestion_control"], ["bbr", "cubic", "not recorded"])

    def test_a_run_without_a_result_counts_as_missing_not_as_zero(self):
        s = repeat.summarise([doc(4.0, True, 0.97), None])
        g = s["goals"][0]
        self.assertEqual((g["values"], g["median"], g["judged_runs"]), ([0.97, None], 0.97, 1))
        self.assertEqual(s["tier1_shortfall"]["mpsdn"]["total_s"]["values"], [4.0, None])


class ClearTest(unittest.TestCase):
    def test_the_previous_result_goes_and_a_nested_result_stays(self):
        with tempfile.TemporaryDirectory() as d:
            for p in ("old.json", "run-1/x.json", "sockets/s.txt", "paper/README.md", "paper/run-1/y.json"):
                os.makedirs(os.path.dirname(os.path.join(d, p)), exist_ok=True)
                open(os.path.join(d, p), "w").close()
            repeat.clear(d)
            self.assertEqual(sorted(os.listdir(d)), ["paper"])
            self.assertEqual(sorted(os.listdir(os.path.join(d, "paper"))), ["README.md", "run-1"])


if __name__ == "__main__":
    unittest.main()
