"""README.md gives commands that work from a fresh clone, in the order
given, and README.md and docs/ link only to files and headings that exist.

Each command line in the README's fenced code blocks is checked: a
``make X`` target must be in the Makefile; a ``python -m minigam.host CMD``
must be a registered host command whose ``--help`` exits 0, and the cheap
ones are run as written; ``.venv/bin/python`` may only be used after a
make target that creates ``.venv``. Inline ``make X`` mentions are checked
against the Makefile too."""

import os
import re
import shlex
import subprocess
import sys

import pytest

from minigam.host.__main__ import COMMANDS

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
README = os.path.join(ROOT, "README.md")
# make targets after which .venv/bin/python exists.
MAKES_VENV = {"play", "test", "setup", "firmware", "release", "bench",
              "screenshots"}
FENCE = re.compile(r"^```([A-Za-z]*)\n(.*?)^```", re.M | re.S)
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def code_blocks(text):
    """(language, body) of every fenced code block."""
    return [(m.group(1), m.group(2)) for m in FENCE.finditer(text)]


def command_lines(text):
    """Every command of the README's sh/bash/plain blocks, in order
    (continuation lines joined, pipelines split into their commands)."""
    out = []
    for lang, body in code_blocks(text):
        if lang not in ("", "sh", "bash", "shell", "console"):
            continue
        for line in body.replace("\\\n", " ").splitlines():
            line = line.strip()
            if line.startswith("$ "):
                line = line[2:]
            if not line or line.startswith("#"):
                continue
            out.append(line)
    return out


def make_targets():
    targets = set()
    for line in read(os.path.join(ROOT, "Makefile")).splitlines():
        m = re.match(r"^([A-Za-z][\w.-]*(?:\s+[A-Za-z][\w.-]*)*)\s*:(?!=)", line)
        if m:
            targets.update(m.group(1).split())
    return targets


def host_command(words):
    """The host command a command line runs, or None."""
    for i, w in enumerate(words):
        if w == "-m" and i + 1 < len(words) and words[i + 1] == "minigam.host":
            return words[i + 2] if i + 2 < len(words) else ""
    if words and words[0] == "minigam":
        return words[1] if len(words) > 1 else ""
    return None


def headings(path):
    """GitHub's anchors for the headings of a Markdown file."""
    anchors = set()
    for line in read(path).splitlines():
        m = re.match(r"^#{1,6}\s+(.*)$", line)
        if m:
            title = m.group(1).strip().lower()
            title = re.sub(r"[^\w\- ]", "", title)
            anchors.add(title.replace(" ", "-"))
    return anchors


def markdown_files():
    docs = os.path.join(ROOT, "docs")
    files = [README, os.path.join(ROOT, "hardware", "README.md")]
    for folder, _dirs, names in os.walk(docs):
        files += [os.path.join(folder, n) for n in sorted(names)
                  if n.endswith(".md")]
    return files


def links(path):
    """Relative links of a Markdown file, outside code blocks."""
    text = FENCE.sub("", read(path))
    text = re.sub(r"`[^`\n]*`", "", text)
    return [t for t in LINK.findall(text)
            if not re.match(r"^[a-z]+:", t)]


# -- the parser itself, so a broken parser cannot pass everything --------

def test_the_parser_finds_commands_and_links():
    text = ("intro\n```sh\nmake play\n# note\n$ echo x | .venv/bin/python "
            "-m minigam.host legal\n```\n[a](docs/x.md#y) [b](http://e.com)\n")
    assert command_lines(text) == [
        "make play", "echo x | .venv/bin/python -m minigam.host legal"]
    assert host_command(shlex.split(".venv/bin/python -m minigam.host sim")) == "sim"
    assert host_command(shlex.split("minigam perft 2")) == "perft"
    assert "installing-on-a-pico-the-minigam-firmware-one-file" in {
        re.sub(r"[^\w\- ]", "", "Installing on a Pico: the MINIGAM firmware "
               "(one file)".lower()).replace(" ", "-")}


def test_the_readme_is_short_and_has_its_commands():
    text = read(README)
    assert len(text.splitlines()) <= 300
    lines = command_lines(text)
    assert "make play" in lines and "make test" in lines
    first_screen = "\n".join(text.splitlines()[:45])
    for needle in ("make play", "make test", "BOOTSEL", "RPI-RP2", ".uf2",
                   "Backgammon", "Long Nardy", "docs/img/"):
        assert needle in first_screen, needle


def test_every_make_target_exists():
    targets = make_targets()
    assert {"play", "test"} <= targets
    text = read(README)
    wanted = set()
    for line in command_lines(text):
        for part in re.split(r"&&|\|\||;", line):
            words = shlex.split(part)
            if words and words[0] == "make":
                wanted.update(w for w in words[1:] if "=" not in w
                              and not w.startswith("-"))
    wanted.update(re.findall(r"`make ([\w.-]+)`", text))
    missing = wanted - targets
    assert not missing, "README names make targets the Makefile lacks: %s" % missing


def test_venv_is_made_before_it_is_used():
    made = False
    for line in command_lines(read(README)):
        for part in line.split("|"):
            words = shlex.split(part)
            if words and words[0] == "make" and MAKES_VENV & set(words[1:]):
                made = True
            if any(w.startswith(".venv/") for w in words):
                assert made, "README uses .venv before a make target makes it: %s" % line


def readme_host_commands():
    found = []
    for line in command_lines(read(README)):
        for part in line.split("|"):
            name = host_command(shlex.split(part))
            if name is not None:
                found.append((name, line))
    return found


def test_readme_runs_host_commands():
    assert readme_host_commands(), "the README gives no host command"


@pytest.mark.parametrize("name,line", readme_host_commands())
def test_every_host_command_is_registered_and_has_help(name, line):
    assert name in COMMANDS, "README runs unknown host command %r: %s" % (name, line)
    out = subprocess.run([sys.executable, "-m", "minigam.host", name, "--help"],
                         cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, (name, out.stderr[-2000:])


CHEAP = {"legal", "perft", "ai", "sim"}


@pytest.mark.parametrize("line", [line for name, line in readme_host_commands()
                                  if name in CHEAP])
def test_cheap_commands_run_as_written(line, tmp_path):
    """Run the README's line in a scratch folder, with .venv/bin/python
    standing for this interpreter."""
    script = line.replace(".venv/bin/python", shlex.quote(sys.executable))
    env = dict(os.environ, PYTHONPATH=ROOT, SDL_VIDEODRIVER="dummy",
               BLINKA_OS_AGNOSTIC="1")
    out = subprocess.run(["sh", "-c", "set -e; " + script], cwd=tmp_path,
                         env=env, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, (line, out.stdout[-1000:], out.stderr[-2000:])
    assert "error" not in out.stdout.lower(), (line, out.stdout)
    if "--screenshot" in line:
        png = shlex.split(line)[shlex.split(line).index("--screenshot") + 1]
        assert (tmp_path / png).stat().st_size > 0


def test_the_legal_example_prints_the_two_plays():
    example = "0,0,0,0,0,0/8,8/0,0/1 3-1"
    (line,) = [line for name, line in readme_host_commands()
               if name == "legal" and example in line]
    script = line.replace(".venv/bin/python", shlex.quote(sys.executable))
    out = subprocess.run(["sh", "-c", script], cwd=ROOT, capture_output=True,
                         text=True, timeout=120)
    assert out.stdout.strip() == "0,0,0,1,0,0/7,8/0,0/2;1,0,1,0,0,0/6,8/0,0/2"


@pytest.mark.parametrize("path", markdown_files(),
                         ids=lambda p: os.path.relpath(p, ROOT))
def test_relative_links_point_at_files_and_headings(path):
    bad = []
    for target in links(path):
        rel, _, anchor = target.partition("#")
        dest = os.path.normpath(os.path.join(os.path.dirname(path), rel)) \
            if rel else path
        if not os.path.exists(dest):
            bad.append(target)
        elif anchor and dest.endswith(".md") and anchor not in headings(dest):
            bad.append(target)
    assert not bad, "%s: broken links %s" % (os.path.relpath(path, ROOT), bad)


def test_the_readmes_pictures_are_todays_screens(tmp_path):
    """Every screen picture in docs/img is what the app shows today
    (``make screenshots`` remakes them all): a change to a screen
    without new pictures fails here, naming them. The window picture's
    words are drawn by pygame's own font, which changes with its version,
    so it is remade with the others but not compared."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame
    from minigam.host.simulator import sim
    folder = os.path.join(ROOT, "docs", "img")
    made = sim.run_docs(str(tmp_path))
    stale = []
    for path in made:
        name = os.path.basename(path)
        if name == sim.DOC_WINDOW[0]:
            continue
        old = os.path.join(folder, name)
        if not os.path.exists(old):
            stale.append(name + " (missing)")
            continue
        a, b = pygame.image.load(old), pygame.image.load(path)
        if a.get_size() != b.get_size() or \
                pygame.image.tobytes(a, "RGB") != pygame.image.tobytes(b, "RGB"):
            stale.append(name)
    assert not stale, ("stale pictures (make screenshots remakes them): %s"
                       % ", ".join(stale))
