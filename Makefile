# MINIGAM developer commands. `make play` starts the desktop simulator,
# `make test` installs everything into .venv / .venv-stubs / node_modules
# and runs every test and device gate.
PY ?= python3
VENV := .venv
STUBS := .venv-stubs
VPY := $(VENV)/bin/python

.PHONY: play test setup bench clean

play: setup
	$(VPY) -m minigam.host sim

test: setup
	$(VPY) -m pytest -q

bench: setup
	$(VPY) -m minigam.host bench

setup: $(VENV)/.stamp $(STUBS)/.stamp node_modules/.stamp

$(VENV)/.stamp: pyproject.toml
	$(PY) -m venv $(VENV)
	$(VPY) -m pip install -q --upgrade pip
	$(VPY) -m pip install -q -e '.[dev]'
	touch $@

$(STUBS)/.stamp: pyproject.toml
	$(PY) -m venv $(STUBS)
	$(STUBS)/bin/python -m pip install -q --upgrade pip
	$(STUBS)/bin/python -m pip install -q mypy circuitpython-stubs==10.3.1
	touch $@

node_modules/.stamp: package.json
	npm install --no-audit --no-fund --silent
	touch $@

clean:
	rm -rf $(VENV) $(STUBS) node_modules
