"""The handheld app: screens (displayio) and the tick-driven state machine.

``minigam.app.start.build_app(hw, seed=None)`` is what ``code.py`` and the
simulator call: it builds :class:`minigam.app.app.App` on a hardware
profile. This package file holds nothing else: on stock CircuitPython it
stays in the heap as long as any of the app's modules.
"""
