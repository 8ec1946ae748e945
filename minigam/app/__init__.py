"""The handheld app: screens (displayio) and the tick-driven state machine."""
