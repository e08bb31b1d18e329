"""Unit tests of merge_lane.py; no simulation."""
import csv
import os
import tempfile
import unittest

import merge_lane

SUMMARY = "tag,seed,wns_mbps\n"
FLOWS = "tag,seed,ue,th_mbps\n"


class MergeLaneTest(unittest.TestCase):
    def setUp(self):
        self.main = tempfile.mkdtemp()
        self.lane = os.path.join(self.main, "lane")
        self.write(self.main, "fig18.csv", SUMMARY + "a,1,70\n")
        self.write(self.main, "fig18-flows.csv", FLOWS + "a,1,0,2\na,1,1,3\n")

    def write(self, d, name, text):
        os.makedirs(d, exist_ok=True)
        with open(os.path.join(d, name), "w") as f:
            f.write(text)

    def rows(self, d, name):
        with open(os.path.join(d, name)) as f:
            return [(r["tag"], r["seed"]) for r in csv.DictReader(f)]

    def test_a_seeded_lane_appends_only_its_new_runs(self):
        self.assertEqual(merge_lane.main(["fig18", self.main, self.lane, "--seed-lane"]), 0)
        with open(os.path.join(self.lane, "fig18.csv"), "a") as f:
            f.write("b,2,71\n")
        with open(os.path.join(self.lane, "fig18-flows.csv"), "a") as f:
            f.write("b,2,0,4\n")
        self.assertEqual(merge_lane.main(["fig18", self.lane, self.main]), 0)
        self.assertEqual(self.rows(self.main, "fig18.csv"), [("a", "1"), ("b", "2")])
        self.assertEqual(self.rows(self.main, "fig18-flows.csv"), [("a", "1"), ("a", "1"), ("b", "2")])

    def test_a_run_already_in_main_is_not_appended_twice(self):
        self.write(self.lane, "fig18.csv", SUMMARY + "a,1,70\n")
        self.write(self.lane, "fig18-flows.csv", FLOWS + "a,1,0,2\n")
        self.assertEqual(merge_lane.main(["fig18", self.lane, self.main]), 0)
        self.assertEqual(len(self.rows(self.main, "fig18.csv")), 1)
        self.assertEqual(len(self.rows(self.main, "fig18-flows.csv")), 2)

    def test_a_new_run_without_flow_rows_changes_nothing(self):
        self.write(self.lane, "fig18.csv", SUMMARY + "b,2,71\n")
        self.write(self.lane, "fig18-flows.csv", FLOWS)
        self.assertEqual(merge_lane.main(["fig18", self.lane, self.main]), 1)
        self.assertEqual(self.rows(self.main, "fig18.csv"), [("a", "1")])

    def test_a_different_header_changes_nothing(self):
        self.write(self.lane, "fig18.csv", "tag,seed,other\nb,2,71\n")
        self.write(self.lane, "fig18-flows.csv", FLOWS + "b,2,0,4\n")
        self.assertEqual(merge_lane.main(["fig18", self.lane, self.main]), 1)
        self.assertEqual(self.rows(self.main, "fig18.csv"), [("a", "1")])

    def test_seeding_refuses_to_overwrite_a_lane(self):
        self.write(self.lane, "fig18.csv", SUMMARY)
        self.assertEqual(merge_lane.main(["fig18", self.main, self.lane, "--seed-lane"]), 1)


if __name__ == "__main__":
    unittest.main()
