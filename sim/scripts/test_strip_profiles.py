"""Unit tests of strip_profiles.py; no simulation."""
import csv
import os
import tempfile
import unittest

import strip_profiles


class StripProfilesTest(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp()
        self.csv = os.path.join(self.dir, "fig13.csv")
        with open(self.csv, "w") as f:
            f.write("tag,seed,profile,rev\nx-none,1,none,a\nx-paper,1,paper,a\nx-mpsdn,1,mpsdn,a\nx-none,2,none,a\n")

    def rows(self, path):
        with open(path) as f:
            return list(csv.DictReader(f))

    def test_removes_the_profiles_and_keeps_a_whole_copy(self):
        keep = os.path.join(self.dir, "old")
        self.assertEqual(strip_profiles.main(["--profiles", "paper,mpsdn", "--keep-in", keep, self.csv]), 0)
        self.assertEqual([(r["tag"], r["seed"]) for r in self.rows(self.csv)], [("x-none", "1"), ("x-none", "2")])
        self.assertEqual(len(self.rows(os.path.join(keep, "fig13.csv"))), 4)

    def test_refuses_to_overwrite_a_kept_copy(self):
        keep = os.path.join(self.dir, "old")
        os.makedirs(keep)
        open(os.path.join(keep, "fig13.csv"), "w").close()
        self.assertEqual(strip_profiles.main(["--profiles", "mpsdn", "--keep-in", keep, self.csv]), 1)
        self.assertEqual(len(self.rows(self.csv)), 4)  # nothing stripped

    def test_a_csv_without_profiles_is_an_error(self):
        bad = os.path.join(self.dir, "old.csv")
        with open(bad, "w") as f:
            f.write("tag,seed\nx,1\n")
        with self.assertRaises(ValueError):
            strip_profiles.strip(bad, {"paper"})


if __name__ == "__main__":
    unittest.main()
