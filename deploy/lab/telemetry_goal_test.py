import json
import os
import tempfile
import unittest

import telemetry_goal


def line(t, stream=True, **counters):
    return json.dumps({"t": t, "poller": counters, "stream_telemetry": stream})


class TelemetryGoalTest(unittest.TestCase):
    def run_goal(self, lines, controller="lab host, mpsdn app components"):
        with tempfile.TemporaryDirectory() as d:
            with open(os.path.join(d, "metrics.jsonl"), "w") as f:
                f.write("\n".join(lines + ["not json"]) + "\n")
            res = {"phases": {"a": {"controller": controller}},
                   "scoring": {"phases": {"a": {"t0_epoch": 100.0, "end_s": 10.0}}}}
            return telemetry_goal.telemetry_goals(d, res)

    def test_counts_only_what_grew_inside_the_phase(self):
        g = self.run_goal([line(99, accepted=5, streamed=5), line(105, accepted=9, streamed=9),
                           line(110, accepted=12, streamed=11, calls=1), line(120, accepted=30, missedReports=4)])
        self.assertEqual(1, len(g))
        self.assertEqual(0, g[0]["value"])
        self.assertTrue(g[0]["met"])
        self.assertEqual(7, g[0]["counters"]["accepted"])
        self.assertEqual(6, g[0]["counters"]["streamed"])
        self.assertEqual(1, g[0]["counters"]["calls"])

    def test_the_stream_setting_is_read_inside_the_phase_only(self):
        g = self.run_goal([line(101, accepted=2), line(130, stream=False, accepted=9)])
        self.assertEqual(True, g[0]["stream_telemetry"])

    def test_a_missed_report_or_window_misses_the_goal(self):
        g = self.run_goal([line(101, accepted=2), line(102, accepted=4, missedWindows=1),
                           line(103, accepted=5, missedWindows=1, missedReports=2)])
        self.assertEqual(3, g[0]["value"])
        self.assertFalse(g[0]["met"])

    def test_a_restarted_lab_host_counts_from_zero(self):
        g = self.run_goal([line(99, accepted=50), line(101, accepted=52), line(102, accepted=3), line(103, accepted=4)])
        self.assertEqual(2 + 3 + 1, g[0]["counters"]["accepted"])

    def test_no_report_at_all_is_not_met(self):
        g = self.run_goal([line(101), line(102)])
        self.assertFalse(g[0]["met"])

    def test_phases_without_the_app_are_not_judged(self):
        self.assertEqual([], self.run_goal([line(101, accepted=2)], controller="lab host, port forwarding only"))


if __name__ == "__main__":
    unittest.main()
