"""Long Nardy's host AI tools (the device's ``minigam/nardy``): the rules, inputs and network in numba, self-play training by TD(0), the scripted players and the strength benchmark."""
