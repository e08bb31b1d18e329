"""Unit tests of orphans.py and of figures.sweep's use of it; no simulation."""
import argparse
import contextlib
import io
import os
import tempfile
import unittest

import figures
import orphans

HEAD = "tag,seed,profile,sim_time_s,rev,ap_qdisc\n"


def write(path, text):
    with open(path, "w") as f:
        f.write(text)


def read(path):
    with open(path) as f:
        return f.read()


class DropOrphansTest(unittest.TestCase):
    def test_drops_only_rows_without_a_summary_row(self):
        with tempfile.TemporaryDirectory() as d:
            p = os.path.join(d, "x-series.csv")
            write(p, "tag,seed,t\na,1,0.5\nb,1,0.5\na,2,0.5\nb,1,1.0\n")
            self.assertEqual(orphans.drop_orphans(p, {("a", "1"), ("a", "2")}), 2)
            self.assertEqual(read(p), "tag,seed,t\na,1,0.5\na,2,0.5\n")
            self.assertEqual(orphans.drop_orphans(p, {("a", "1"), ("a", "2")}), 0)

    def test_missing_or_empty_files_drop_nothing(self):
        with tempfile.TemporaryDirectory() as d:
            self.assertEqual(orphans.drop_orphans(os.path.join(d, "none.csv"), set()), 0)
            self.assertEqual(orphans.drop_orphans(None, set()), 0)
            write(os.path.join(d, "empty.csv"), "")
            self.assertEqual(orphans.drop_orphans(os.path.join(d, "empty.csv"), set()), 0)


class SweepTest(unittest.TestCase):
    """A run stopped part-way left series rows and no summary row: the next sweep drops them before it runs
    the case again; a re-plot (nothing missing) leaves every file alone."""

    def setUp(self):
        self.out, self.run = figures.OUT, figures.run
        self.d = tempfile.mkdtemp()
        figures.OUT = self.d
        self.calls = []
        self.opts = argparse.Namespace(fresh=False, dry_run=False, scenario_args="", runs=1, first_seed=1,
                                       sim_time=1.0, warmup=0.0)
        write(os.path.join(self.d, "m.csv"), HEAD + "a,1,none,1.0,r,fq_codel\n")
        write(os.path.join(self.d, "m-series.csv"), "tag,seed,t\na,1,0.5\nb,1,0.5\n")  # b: stopped part-way

    def tearDown(self):
        figures.OUT, figures.run = self.out, self.run

    def fake_run(self, csv_path, tag, seed, *rest):
        self.calls.append((tag, seed, read(os.path.join(self.d, "m-series.csv"))))
        return 0.0

    def test_a_sweep_with_a_missing_run_drops_the_unfinished_rows_first(self):
        figures.run = self.fake_run
        with contextlib.redirect_stdout(io.StringIO()):
            figures.sweep("m", [("a", []), ("b", [])], self.opts, series=True)
        self.assertEqual(self.calls, [("b", 1, "tag,seed,t\na,1,0.5\n")])

    def test_a_replot_leaves_the_files_alone(self):
        figures.run = self.fake_run
        with contextlib.redirect_stdout(io.StringIO()):
            figures.sweep("m", [("a", [])], self.opts, series=True)
        self.assertEqual(self.calls, [])
        self.assertEqual(read(os.path.join(self.d, "m-series.csv")), "tag,seed,t\na,1,0.5\nb,1,0.5\n")


if __name__ == "__main__":
    unittest.main()
