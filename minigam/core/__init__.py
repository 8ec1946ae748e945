"""What the three games share: fair dice (``dice``), the turn flow
(``flow`` and ``flow24``: the 24-point games'), the saves' error and
checksum (``saveframe``) and the networks' native kernels (``native``,
on the MINIGAM firmware only).
"""
