"""The host commands: ``python -m minigam.host <command>`` runs ``minigam.host.cli.<command>.main``."""
