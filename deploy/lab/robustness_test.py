"""Unit tests of robustness.py's judging (no lab: the kernel probes are replaced)."""
import unittest
from unittest import mock

import robustness


class KernelMultipathTest(unittest.TestCase):
    def judged(self, active, backups):
        probe = robustness.soak_probe
        with mock.patch.object(probe, "kernel_subflows", side_effect=lambda ue: active.get(ue, [])), \
                mock.patch.object(probe, "backup_addresses", side_effect=lambda ue: backups.get(ue, [])):
            return robustness.kernel_multipath()

    def test_active_on_both_radios(self):
        self.assertEqual(self.judged({"ue2": ["10.0.1.2", "10.0.2.2"], "ue3": ["10.0.1.3", "10.0.2.3"]}, {}),
                         [["10.0.1.2", "10.0.2.2"], ["10.0.1.3", "10.0.2.3"]])

    def test_other_path_a_backup_the_app_asked_for_is_judged(self):
        self.assertEqual(self.judged({"ue2": ["10.0.1.2"], "ue3": ["10.0.2.3"]},
                                     {"ue2": ["10.0.2.2"], "ue3": ["10.0.1.3"]}),
                         [["10.0.1.2", "10.0.2.2"], ["10.0.1.3", "10.0.2.3"]])

    def test_an_idle_second_path_without_backup_or_no_active_path_is_not(self):
        self.assertEqual(self.judged({"ue2": ["10.0.1.2"]}, {"ue3": ["10.0.1.3", "10.0.2.3"]}), [])


if __name__ == "__main__":
    unittest.main()
