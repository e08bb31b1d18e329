"""What the app ran with (issue 17): the lab runs the app at its defaults.

The lab sets no regulation parameter (no netcfg cth/alpha/rmKbps, no component property) unless it is asked
to: `--profile paper|mpsdn` passes the component property `profile` of RegulationManager (what
`cfg set org.mpsdn.impl.RegulationManager profile ...` does in ONOS). Every result records

  params.profile_setting   the --profile given (null: none, the app's default applies)
  params.app_properties    the component properties the lab passed ({} at defaults)
  params.app_overrides     those of them that differ from the app's defaults ({} at defaults): a --profile equal
                           to the app's default profile is a setting, not an override, and is not listed
  params.app_defaults      the app's defaults of the properties the lab passed (read from the built jar)
  params.profile           the profile in force, read back from the app's REST (GET /parameters) while the
                           regulation ran; null if the REST did not say
  params.app_parameters    the whole GET /parameters answer
  params.commit            the last commit that changed the tree's code (not *.md, not results), "-dirty" if changed
"""
import os
import re
import subprocess

import rest

# the constants classes of the components the lab passes properties to (the lab host sends each property to the
# component that declares it, AppProperties): RegulationManager, AgentTelemetryManager
CONSTANTS = ("org.mpsdn.impl.OsgiPropertyConstants", "org.mpsdn.impl.telemetry.OsgiPropertyConstants")
APP_JAR = "app/target/mpsdn-app-1.0.0-SNAPSHOT.jar"


def app_defaults(root):
    """{property name: default} of RegulationManager and AgentTelemetryManager, from the constants classes of the
    jar the lab runs (NAME = "property", NAME_DEFAULT = value)."""
    out = subprocess.run(["javap", "-constants", "-cp", os.path.join(root, APP_JAR), *CONSTANTS],
                         capture_output=True, text=True, check=True).stdout
    consts = {}
    for m in re.finditer(r"static final \S+ (\w+) = (.*);", out):
        v = m.group(2).strip()
        consts[m.group(1)] = v[1:-1] if v.startswith('"') else re.sub(r"(?<=\d)[dfL]$", "", v)
    return {name: consts[k + "_DEFAULT"] for k, name in consts.items() if k + "_DEFAULT" in consts}


def app_properties(profile, extra=None):
    """The component properties the lab passes to the app: none, the profile asked for (run_lab.py
    --profile), and any property an ablation names (run_lab.py --app-property, of RegulationManager or
    AgentTelemetryManager, e.g. streamTelemetry; recorded as an override);
    every other parameter stays at the app's default."""
    props = {} if profile is None else {"profile": profile}
    props.update(extra or {})
    return props


def parse_property(text):
    """NAME=VALUE of run_lab.py --app-property, as (name, value); ValueError naming the problem."""
    name, sep, value = text.partition("=")
    if not sep or not re.fullmatch(r"[A-Za-z][A-Za-z0-9]*", name) or not value:
        raise ValueError(f"--app-property {text!r}: want NAME=VALUE, NAME a property of RegulationManager or "
                         "AgentTelemetryManager")
    return name, value


def lab_properties(lab):
    """app_properties of a Lab (or of rest_fuzz's stand-in object, which has neither)."""
    return app_properties(getattr(lab, "profile", None), getattr(lab, "app_props", None))


def unknown(props, defaults):
    """The passed properties that no component the lab passes properties to declares (sorted): a component ignores
    a property it does not declare, so the run would go at the default while recording an override."""
    return sorted(set(props) - set(defaults))


def overrides(props, defaults):
    """The passed properties whose value differs from the app's default."""
    return {k: v for k, v in props.items() if str(defaults.get(k)) != str(v)}


def read_back(timeout_s=15.0):
    """GET /parameters of the running app, retried until it answers (None after timeout_s)."""
    import time
    deadline = time.time() + timeout_s
    while time.time() < deadline:
        p = rest.app_rest("parameters")
        if p is not None:
            return p
        time.sleep(0.5)
    return None


def record(res, lab):
    """Writes the app settings of the run into res["params"] (see the module doc)."""
    props = lab_properties(lab)
    defaults = app_defaults(lab.root)
    params = getattr(lab, "app_parameters", None)
    res["params"].update(commit=commit(lab.root), profile_setting=lab.profile, app_properties=props,
                         app_overrides=overrides(props, defaults),
                         app_defaults={k: defaults.get(k) for k in props} or {"profile": defaults.get("profile")},
                         profile=(params or {}).get("profile"), app_parameters=params)
    return res


def commit(root):
    """The last commit that changed code in the tree (documentation and committed results excluded, so runs of
    one code state record one commit while their results are committed), with "-dirty" if such files differ
    from HEAD; None outside git."""
    code = ["--", ".", ":!*.md", ":!deploy/lab/results"]
    try:
        head = subprocess.run(["git", "-C", root, "log", "-1", "--format=%h"] + code, capture_output=True,
                              text=True, check=True).stdout.strip()
        dirty = subprocess.run(["git", "-C", root, "diff", "--quiet", "HEAD"] + code).returncode != 0
        return head + ("-dirty" if dirty else "")
    except (OSError, subprocess.CalledProcessError):
        return None


def interval_s(lab):
    """The app's regulation interval in force (s), from REST /parameters; its default if the REST did not say."""
    p = getattr(lab, "app_parameters", None) or {}
    return float(p.get("intervalMs") or app_defaults(lab.root)["intervalMs"]) / 1000.0
