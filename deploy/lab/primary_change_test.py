#!/usr/bin/env python3
"""Unit tests of primary_change (no testbed): python3 -m unittest primary_change_test"""
import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import primary_change as pc  # noqa: E402


class PrimaryChangeTest(unittest.TestCase):
    def test_changes_of_known_users_in_phase_seconds(self):
        rows = [{"t": 100.0, "primaries": {}}, {"t": 101.0, "primaries": {"auto-2": "wifi", "auto-9": "lte"}},
                {"t": 131.1, "primaries": {"auto-2": "lte", "auto-9": "wifi"}},
                {"t": 162.1, "primaries": {"auto-2": "wifi"}}]
        self.assertEqual(pc.primary_changes(rows, 100.0, {"auto-2": "ue2"}),
                         [(31.1, "ue2", "wifi", "lte"), (62.1, "ue2", "lte", "wifi")])

    def test_cycles_until_the_one_second_mean_reaches_80_percent_of_the_settled_share(self):
        # change at 30 s; 2 Mb/s until 33.0 s, then 20 (the settled median from 40 s); the 1-s means: (32.5, 33.5]
        # holds 2 and 20 (11 < 16), (33.0, 34.0] only 20 >= 16 -> 4 s = 2 cycles of 2 s
        samples = [(30 + 0.5 * i, 2.0 if 30 + 0.5 * i < 33.5 else 20.0) for i in range(60)]
        self.assertEqual(pc.recovery(samples, 30.0, 59.5, 2.0), 2.0)
        # the next change before the share settles: nothing to compare with, None
        self.assertIsNone(pc.recovery(samples, 30.0, 39.5, 2.0))

    def test_what_the_old_primary_carried_before_the_change_does_not_count(self):
        # 20 Mb/s until the change at 31 s, nothing until 41 s, then 11: the window (30, 31] would reach 8.8 at once;
        # only samples after 31 s count, and the first 1-s mean >= 8.8 ends at 41.5 s (0 and 11 average 5.5 at 41.0)
        samples = [(30 + 0.5 * i, 20.0 if 30 + 0.5 * i <= 31 else 0.0 if 30 + 0.5 * i < 41 else 11.0) for i in range(60)]
        self.assertEqual(pc.recovery(samples, 31.0, 59.5, 2.0), 5.25)

    def test_a_user_stalled_through_the_settled_span_never_recovered(self):
        samples = [(30 + 0.5 * i, 20.0 if 30 + 0.5 * i <= 31 else 0.1) for i in range(60)]
        self.assertIsNone(pc.recovery(samples, 31.0, 59.5, 2.0))

    def test_app_ids_map_to_topology_users_by_their_addresses(self):
        res = {"params": {"radio": [["ue2", "wifi", "10.0.1.2", 54], ["ue2", "lte", "10.0.2.2", 34],
                                    ["ue4", "lte", "10.0.2.4", 46]]},
               "phases": {"mpsdn": {"detection": {"ues": {"ues": [
                   {"id": "auto-2", "multipath": True, "connections": [{"ip": "10.0.1.2"}, {"ip": "10.0.2.2"}]},
                   {"id": "auto-4", "multipath": False, "connections": [{"ip": "10.0.2.4"}]},
                   {"id": "auto-7", "multipath": True, "connections": [{"ip": "192.0.2.1"}]}]}}}}}
        self.assertEqual(pc.ue_of_id(res, "mpsdn"), {"auto-2": "ue2"})
        # two app ids on one topology UE (two single-path ids of its two addresses): neither is judged
        res["phases"]["mpsdn"]["detection"]["ues"]["ues"] = [
            {"id": "auto-2", "multipath": True, "connections": [{"ip": "10.0.1.2"}]},
            {"id": "auto-5", "multipath": True, "connections": [{"ip": "10.0.2.2"}]}]
        self.assertEqual(pc.ue_of_id(res, "mpsdn"), {})


if __name__ == "__main__":
    unittest.main()
