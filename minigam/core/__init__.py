"""What the three games share: fair dice (``dice``) and the network
evaluators' native kernels (``native``, on the MINIGAM firmware only).
"""
