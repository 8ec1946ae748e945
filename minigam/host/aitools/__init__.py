"""AI tooling: the exact solver, network training, the strength benchmark, the Perfect player, scripted players, the tutor's calibration and the weights files."""
