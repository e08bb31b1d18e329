#!/usr/bin/env python3
"""Unit test of the testbed's experiment cleanup (no namespaces, no processes: fakes):
python3 deploy/lab/testbed_test.py"""
import os
import subprocess
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from shell import terminate  # noqa: E402
from testbed import Lab  # noqa: E402
import network  # noqa: E402


class FakeProc:
    def __init__(self, name, stopped):
        self.name = name
        self.running = True
        self.stopped = stopped

    def poll(self):
        return None if self.running else 0

    def terminate(self):
        self.running = False
        self.stopped.append(self.name)

    def wait(self, timeout=None):
        return 0

    def kill(self):
        self.running = False


class StopMatchingTest(unittest.TestCase):
    def setUp(self):
        self.stopped = []
        self.lab = Lab(tempfile.mkdtemp(), tempfile.mkdtemp())

    def proc(self, name, listed=True):
        p = FakeProc(name, self.stopped)
        if listed:
            self.lab.procs.append(p)
        return p

    def test_stops_the_given_then_the_named_then_the_controller(self):
        srv = [self.proc("iperf3-srv-ue1"), self.proc("iperf3-srv-ue2")]
        ctl = self.proc("controller")
        other = self.proc("agent-wifi")
        self.proc("step-iperf3-ue3")
        self.proc("step-iperf3-ue1-backlogged")
        self.lab.stop_matching(srv, prefix="step-iperf3", ctl=ctl)
        self.assertEqual(self.stopped, ["iperf3-srv-ue1", "iperf3-srv-ue2", "step-iperf3-ue3",
                                        "step-iperf3-ue1-backlogged", "controller"])
        self.assertEqual(self.lab.procs, [other])
        self.assertTrue(other.running)

    def test_no_prefix_and_no_controller(self):
        srv = [self.proc("iperf3-srv-ue1"), self.proc("gone", listed=False)]
        kept = self.proc("step-iperf3-ue3")
        self.lab.stop_matching(srv, ctl=None)
        self.assertEqual(self.stopped, ["iperf3-srv-ue1", "gone"])
        self.assertEqual(self.lab.procs, [kept])


class Stubborn(FakeProc):
    """A process that ignores SIGTERM."""

    def terminate(self):
        self.stopped.append("term " + self.name)

    def wait(self, timeout=None):
        raise subprocess.TimeoutExpired(self.name, timeout)

    def kill(self):
        self.running = False
        self.stopped.append("kill " + self.name)


class TerminateTest(unittest.TestCase):
    def test_kills_what_does_not_end_and_leaves_what_has_ended(self):
        stopped = []
        terminate(Stubborn("host", stopped), timeout_s=0.01)
        ended = FakeProc("done", stopped)
        ended.running = False
        terminate(ended)
        self.assertEqual(stopped, ["term host", "kill host"])


class StaleBridgesTest(unittest.TestCase):
    """Open vSwitch keeps bridges in its database across restarts; the lab removes its own leftovers, only those."""

    def setUp(self):
        self.cmds = []
        self.listed = "br-int\nmpl-brw\nmpl-brl\nother-mpl-x\n"
        self._sh = network.sh
        network.sh = self.fake_sh

    def tearDown(self):
        network.sh = self._sh

    def fake_sh(self, cmd, check=True, capture=False):
        self.cmds.append(cmd)
        if cmd == "ovs-vsctl list-br":
            return self.listed
        if cmd.startswith("pgrep"):
            return 1   # not running: the lab starts it
        return "" if capture else 0

    def test_removes_only_the_lab_prefix(self):
        self.assertEqual(["mpl-brw", "mpl-brl"], network.remove_bridges())
        dels = [c for c in self.cmds if "del-br" in c]
        self.assertEqual(["ovs-vsctl --if-exists del-br mpl-brw", "ovs-vsctl --if-exists del-br mpl-brl"], dels)

    def test_starting_ovs_clears_the_leftovers_before_adding_bridges(self):
        lab = Lab(tempfile.mkdtemp(), tempfile.mkdtemp())
        lab._start_ovs()
        self.assertTrue(lab.started_ovs)
        start = next(i for i, c in enumerate(self.cmds) if " start " in c)
        first_del = next(i for i, c in enumerate(self.cmds) if "del-br mpl-brw" in c)
        self.assertLess(start, first_del)

    def test_nothing_to_remove(self):
        self.listed = "br-int\n"
        self.assertEqual([], network.remove_bridges())
        self.assertFalse([c for c in self.cmds if "del-br" in c])


if __name__ == "__main__":
    unittest.main()
