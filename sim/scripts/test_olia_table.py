"""Unit tests of olia_table.py (the OLIA check's table from olia.csv); no simulation."""
import unittest

import olia_table


def row(tag, seed, what, ns3, reno, olia, source="olia-ns3-flows.csv"):
    return {"source": source, "tag": tag, "seed": seed, "what": what, "ns3_mpreno": str(ns3),
            "model_mpreno": str(reno), "model_olia": str(olia)}


class OliaTableTest(unittest.TestCase):
    def test_error_of_the_mean_and_worst_seed(self):
        rows = [row("ci4-s100", "1", "wns", 30.0, 33.0, 40.0), row("ci4-s100", "2", "wns", 34.0, 33.0, 40.0)]
        (src, tag, what, n, m, sd, reno, err, worst, olia), = olia_table.summarize(rows)
        self.assertEqual((src, tag, what, n), ("olia-ns3-flows.csv", "ci4-s100", "wns", 2))
        self.assertAlmostEqual(m, 32.0)
        self.assertAlmostEqual(reno, 33.0)
        self.assertAlmostEqual(err, 1.0 / 32.0)
        self.assertAlmostEqual(worst, 0.1)  # seed 1: 33 against 30
        self.assertAlmostEqual(olia, 40.0)

    def test_small_layouts_first_then_quantities_in_order(self):
        rows = [row("s0-none", "1", "wns", 80, 81, 81, source="fig5_10-flows.csv"),
                row("ci4-s0", "1", "wns", 40, 41, 41), row("ci4-s0", "1", "lte", 16, 17, 17),
                row("ci4-s0", "1", "wifi0", 24, 24, 24)]
        order = [(s[0], s[2]) for s in olia_table.summarize(rows)]
        self.assertEqual(order, [("olia-ns3-flows.csv", "wifi0"), ("olia-ns3-flows.csv", "lte"),
                                 ("olia-ns3-flows.csv", "wns"), ("fig5_10-flows.csv", "wns")])


if __name__ == "__main__":
    unittest.main()
