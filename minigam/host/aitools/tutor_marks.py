"""What the tutor's two calibrations share (MINIGAM's against the exact
values, ``minigam.host.aitools.quarter.tutor_calibration``; Long Nardy's
against a roll of look-ahead, ``minigam.host.aitools.nardy.tutor_limits``):
the estimate's flags counted against the reference's.
"""


def flags(losses, est_t, ref_t):
    """``(flagged, false alarms, misses)`` of ``losses``, ``(estimate,
    reference)`` pairs, when the estimate flags a loss above ``est_t`` and
    the reference above ``ref_t``."""
    f = fa = miss = 0
    for est, ref in losses:
        e = est > est_t
        x = ref > ref_t
        f += e
        fa += e and not x
        miss += x and not e
    return f, fa, miss


def pct(a, b):
    """``a`` as a percentage of ``b`` ("-" when ``b`` is 0)."""
    return "%.1f%%" % (100.0 * a / b) if b else "-"
