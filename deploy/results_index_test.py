#!/usr/bin/env python3
"""The committed results index equals the one generated from the JSONs; the generator's rows and staleness."""
import json
import os
import sys
import subprocess
import tempfile
import unittest
from unittest import mock

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import results_index  # noqa: E402


class CommittedIndexTest(unittest.TestCase):
    def test_committed_index_is_up_to_date(self):
        with open(results_index.INDEX) as f:
            committed = f.read()
        generated = results_index.render([results_index.row(*r) for r in results_index.find_results()])
        self.assertEqual(committed, generated,
                         "deploy/lab/results/README.md is out of date: run python3 deploy/results_index.py --write")

    def test_every_result_folder_has_a_readme(self):
        for folder, _, _ in results_index.find_results():
            self.assertIsNotNone(results_index.readme_for(folder), f"{folder}: no README.md in it or its parent")


class RowTest(unittest.TestCase):
    def write(self, d, rel, obj):
        os.makedirs(os.path.join(d, os.path.dirname(rel)), exist_ok=True)
        with open(os.path.join(d, rel), "w") as f:
            json.dump(obj, f)

    def test_rows_come_from_lab_jsons_only(self):
        with tempfile.TemporaryDirectory() as d:
            self.write(d, "prototype/prototype.json", {
                "experiment": "prototype", "schema": "mpsdn-lab/1", "started": "2026-11-24T23:48:01Z",
                "params": {"commit": "3e71387", "profile": "mpsdn"},
                "goals": [{"met": True}, {"met": False}, {"met": True}]})
            self.write(d, "prototype/paper/prototype.json", {
                "experiment": "prototype", "schema": "mpsdn-lab/1", "started": "2026-11-24T20:17:37Z",
                "params": {"commit": "b607d39", "profile": "paper", "topology": "two-cells"}, "goals": []})
            self.write(d, "other/stats.json", {"not": "a result"})
            rows = [results_index.row(*r) for r in results_index.find_results(d)]
        self.assertEqual([r["folder"] for r in rows], ["prototype", "prototype/paper"])
        self.assertEqual(rows[0]["goals"], "2 of 3")
        self.assertEqual(rows[0]["topology"], "default")
        self.assertEqual(rows[0]["date"], "2026-11-24")
        self.assertEqual(rows[1]["goals"], "none recorded")
        self.assertEqual(rows[1]["topology"], "two-cells")
        self.assertIn("| prototype | 2026-11-24 | `b607d39` | paper | two-cells | – | none recorded |",
                      results_index.render(rows))

    def test_path_rtt_as_recorded(self):
        self.assertEqual(results_index.path_rtt({"wifi": 20, "lte": 40}), "wifi 20, lte 40")
        self.assertEqual(results_index.path_rtt(None), "–")

    def test_reported_goals_are_not_counted_as_missed_and_the_runners_topology_is_named(self):
        res = {"experiment": "prototype", "schema": "mpsdn-lab/1", "started": "2026-11-25T10:00:00Z",
               "params": {"topology": {"name": "multi-mp", "file": "topologies/multi-mp.json", "doc": {}}},
               "goals": [{"met": True}, {"met": None}, {"met": False}, {"met": None}]}
        r = results_index.row("prototype-multi-mp", "prototype.json", res)
        self.assertEqual((r["goals"], r["topology"]), ("1 of 2 (+2 reported)", "multi-mp"))

    def test_missing_params_say_unknown(self):
        r = results_index.row("x", "x.json", {"schema": "mpsdn-lab/1"})
        self.assertEqual((r["experiment"], r["date"], r["commit"], r["profile"]), ("unknown",) * 4)


class StaleTest(unittest.TestCase):
    def test_a_commit_unknown_to_git_is_neither_stale_nor_current(self):
        self.assertIsNone(results_index.is_stale("unknown", "HEAD"))
        self.assertIsNone(results_index.is_stale("0000000", "HEAD"))

    def test_a_result_is_stale_when_the_product_code_it_ran_on_is_not_the_current_one(self):
        # a repository of its own: the test does not depend on this checkout's depth
        with tempfile.TemporaryDirectory() as d:
            def run(*args):
                return subprocess.run(["git", "-C", d, "-c", "user.name=t", "-c", "user.email=t@t", *args],
                                      capture_output=True, text=True, check=True).stdout.strip()

            def commit(text):
                os.makedirs(os.path.join(d, "app"), exist_ok=True)
                with open(os.path.join(d, "app", "Law.java"), "w") as f:
                    f.write(text)
                run("add", "-A")
                run("commit", "-q", "-m", text)
                return run("rev-parse", "--short", "HEAD")

            run("init", "-q")
            one = commit("one")
            two = commit("two")
            with mock.patch.object(results_index, "TOP", d):
                self.assertFalse(results_index.is_stale(two, two))
                self.assertTrue(results_index.is_stale(one, two))
                self.assertFalse(results_index.is_stale(two + "-dirty", two))
            # the change reverted: a result from before it is current again, one made with it is stale
            back = commit("one")
            with mock.patch.object(results_index, "TOP", d):
                self.assertEqual(back, results_index.last_product_change())
                self.assertFalse(results_index.is_stale(one, back))
                self.assertTrue(results_index.is_stale(two, back))

    def test_a_change_to_tests_or_docs_is_not_a_product_change(self):
        with tempfile.TemporaryDirectory() as d:
            def run(*args):
                return subprocess.run(["git", "-C", d, "-c", "user.name=t", "-c", "user.email=t@t", *args],
                                      capture_output=True, text=True, check=True).stdout.strip()

            def commit(path):
                os.makedirs(os.path.join(d, os.path.dirname(path)), exist_ok=True)
                with open(os.path.join(d, path), "a") as f:
                    f.write("x\n")
                run("add", "-A")
                run("commit", "-q", "-m", path)
                return run("rev-parse", "--short", "HEAD")

            run("init", "-q")
            code = commit("app/src/main/java/Law.java")
            for path in ["app/src/test/java/LawTest.java", "southbound-ap-agent/internal/x/parse_test.go",
                         "southbound-ap-agent/internal/x/testdata/a.txt", "app/README.md",
                         "deploy/lab/experiments/uplink.json"]:
                commit(path)
                with mock.patch.object(results_index, "TOP", d):
                    self.assertEqual(code, results_index.last_product_change(), path)
            agent = commit("southbound-ap-agent/internal/x/parse.go")
            with mock.patch.object(results_index, "TOP", d):
                self.assertEqual(agent, results_index.last_product_change())


if __name__ == "__main__":
    unittest.main()
