"""Field checks shared by the lab's description files (topologies, experiments): every error names the file and the
field, e.g. "topology t: ues[1].radios[1].ap: ..."."""


def fail(error, kind, where, field, msg):
    raise error(f"{kind} {where}: {field}: {msg}")


def keys(error, kind, where, field, obj, allowed):
    """obj is an object with no field outside allowed."""
    if not isinstance(obj, dict):
        fail(error, kind, where, field, f"want an object, got {type(obj).__name__}")
    extra = sorted(set(obj) - allowed)
    if extra:
        fail(error, kind, where, f"{field}.{extra[0]}", f"unknown field (known: {', '.join(sorted(allowed))})")
