"""Bench figures of the deployed tree (host only; printed, never asserted
here: ``tests/test_deploy.py`` holds the budget).

For each profile, what ``deploy`` would copy to a CIRCUITPY drive: the
``.py`` bytes against the budget (``deploy.PY_BUDGET``, 280 KB: a 2 MB Pico
keeps room to spare), split into the device package, the entry points and
``lib/``; the release zip's size; and the largest modules, since
CircuitPython compiles each ``.py`` in RAM at import.

``python -m minigam.host.bench.deploy`` prints them; ``bench`` calls
:func:`run`.
"""

import io
import sys
import zipfile

from minigam.host.hardware import deploy


def _zip_size(plan):
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        for dest, data in plan.files:
            zf.writestr(dest, data)
    return len(buf.getvalue())


def run(out=None):
    out = out or sys.stdout
    out.write("deploy size (what `deploy` copies; .py budget %d KB)\n"
              % (deploy.PY_BUDGET // 1000))
    plans = []
    groups = {}  # identical figures -> profile names (one line each)
    for name in deploy.profile_names():
        try:
            plan = deploy.build_plan(name)
        except deploy.DeployError as exc:
            out.write("  %-24s error: %s\n" % (name, exc))
            continue
        plans.append(plan)
        parts = {"minigam/": 0, "lib/": 0, "entry": 0}
        for dest, data in plan.files:
            if not dest.endswith(".py"):
                continue
            key = ("minigam/" if dest.startswith("minigam/") else
                   "lib/" if dest.startswith("lib/") else "entry")
            parts[key] += len(data)
        py = plan.py_bytes()
        line = ("    .py %.1f KB = %d%% of budget (minigam %.1f, "
                "lib %.1f, code/boot %.1f KB); %d files; zip %.1f KB; "
                "libs: %s\n" % (
                      py / 1000.0, round(100.0 * py / deploy.PY_BUDGET),
                      parts["minigam/"] / 1000.0, parts["lib/"] / 1000.0,
                      parts["entry"] / 1000.0, len(plan.files),
                      _zip_size(plan) / 1000.0,
                      " ".join(sorted(plan.libraries)) or "-"))
        groups.setdefault(line, []).append(name)
    for line, names in groups.items():
        out.write("  %s:\n%s" % (", ".join(names), line))
    if plans:
        biggest = sorted(((len(d), n) for n, d in plans[0].files
                          if n.endswith(".py")), reverse=True)[:5]
        out.write("  largest modules: %s\n" % ", ".join(
            "%s %.1f KB" % (n, size / 1000.0) for size, n in biggest))


if __name__ == "__main__":
    run()
