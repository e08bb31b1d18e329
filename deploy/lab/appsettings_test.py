"""Unit tests of appsettings: what the lab passes to the app and how it records overrides."""
import unittest

import appsettings


class AppPropertiesTest(unittest.TestCase):
    def test_defaults_pass_nothing(self):
        self.assertEqual({}, appsettings.app_properties(None))

    def test_ablation_property_is_an_override(self):
        props = appsettings.app_properties("mpsdn", {"meterBurstMs": "1000"})
        self.assertEqual({"profile": "mpsdn", "meterBurstMs": "1000"}, props)
        defaults = {"profile": "mpsdn", "meterBurstMs": "100"}
        self.assertEqual({"meterBurstMs": "1000"}, appsettings.overrides(props, defaults))

    def test_unknown_properties(self):
        defaults = {"profile": "mpsdn", "streamTelemetry": "false"}
        self.assertEqual([], appsettings.unknown({"streamTelemetry": "true"}, defaults))
        self.assertEqual(["streamTelemetri"], appsettings.unknown({"streamTelemetri": "true", "profile": "x"},
                                                                   defaults))

    def test_parse_property(self):
        self.assertEqual(("meterBurstMs", "1000"), appsettings.parse_property("meterBurstMs=1000"))
        for bad in ("meterBurstMs", "=5", "meterBurstMs=", "meter-burst=5"):
            with self.assertRaisesRegex(ValueError, "NAME=VALUE"):
                appsettings.parse_property(bad)


if __name__ == "__main__":
    unittest.main()
