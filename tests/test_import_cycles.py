"""No import cycles in ``minigam/`` (issue 39): every ``import`` of a
project module, at the top of a file or inside a function (a lazy import
is still a dependency), is an edge; a cycle is a strongly connected set of
two or more modules, and the test names it. The device package and the
host tools have none."""

import ast
import os

ROOT = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(
    __file__))), "minigam")

def modules():
    """{dotted name: path} of every module under ``minigam/``."""
    out = {}
    top = os.path.dirname(ROOT)
    for folder, _, files in os.walk(ROOT):
        for f in files:
            if f.endswith(".py"):
                path = os.path.join(folder, f)
                name = os.path.relpath(path, top)[:-3].replace(os.sep, ".")
                if name.endswith(".__init__"):
                    name = name[:-len(".__init__")]
                out[name] = path
    return out


def imports(name, path, known):
    """The project modules ``name`` imports (``known``: every module)."""
    def owner(dotted):
        while dotted and dotted not in known:
            dotted = dotted.rpartition(".")[0]
        return dotted

    with open(path) as f:
        tree = ast.parse(f.read(), path)
    package = name if path.endswith("__init__.py") else name.rpartition(".")[0]
    got = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            got.update(owner(a.name) for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[:len(package.split(".")) + 1
                                             - node.level]
                base = ".".join(parts + ([base] if base else []))
            for a in node.names:
                sub = base + "." + a.name
                got.add(sub if sub in known else owner(base))
    got.discard("")
    got.discard(name)
    return got


def cycles(graph):
    """The strongly connected sets of two or more modules (Tarjan), each
    sorted, in sorted order."""
    index, low, stack, on, found = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return sorted(found)


def test_the_cycle_finder_finds_a_cycle_and_nothing_else():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set()}
    assert cycles(graph) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_lazy_and_relative_imports_are_edges(tmp_path):
    known = {"minigam.app", "minigam.app.app", "minigam.app.menu",
             "minigam.quarter.rules"}
    src = tmp_path / "menu.py"
    src.write_text("def key(app):\n"
                   "    from minigam.app.app import App\n"
                   "    from . import app\n"
                   "    import minigam.quarter.rules\n")
    assert imports("minigam.app.menu", str(src), known) == {
        "minigam.app.app", "minigam.quarter.rules"}


def test_no_import_cycles():
    known = modules()
    graph = {name: imports(name, path, known) & set(known)
             for name, path in known.items()}
    found = cycles(graph)
    assert not found, "import cycles: %s" % "; ".join(
        " <-> ".join(c) for c in found)
