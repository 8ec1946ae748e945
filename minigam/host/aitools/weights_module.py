"""A weights module read from its file, as a namespace of its public
names: the trainers and strength tools read a run's output (or the
committed weights) afresh, never the imported device module, which drops
its texts once decoded."""


class Weights:
    """The public names of a weights file, as attributes."""


def read(path):
    """The weights file at ``path`` as a :class:`Weights`."""
    with open(path) as f:
        text = f.read()
    ns = {}
    exec(compile(text, path, "exec"), ns)
    w = Weights()
    w.__dict__.update((k, v) for k, v in ns.items() if not k.startswith("_"))
    return w
