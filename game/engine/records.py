"""Records: the engine's dataclasses, given methods written once from their field
declarations: the mutable ones a `copy()` (`record`), the frozen ones a faster
`__init__` (`slot_init`).

A search clones the game state thousands of times a second, so a copy must be
as fast as one written by hand; it must also follow every new field without
anyone remembering to. `@record` does both: on first use it compiles, from the
field annotations, a `copy()` that copies lists, dicts and sets, copies nested
records (and lists or dicts of them) and shares everything else (ints, strings,
tuples, frozen dataclasses, which never change in place).

    @record
    @dataclass(slots=True)
    class Combat:
        queue: list[int]                  # copied: v[:]
        charmed: dict[int, int]           # copied: dict(v)
        cell: Cell                        # shared: a tuple

A field with `metadata={"fresh": True}` is not copied: the copy gets the
field's default (a scratch pad that belongs to one object only).
"""
from __future__ import annotations

import dataclasses
import re

RECORDS: dict[str, type] = {}  # every record class, by name, to read annotations with

_SEQ = re.compile(r"^(list|dict|set)\[(.*)\]$")


def record(cls: type) -> type:
    """Give a dataclass a generated `copy()` (compiled when first called)."""
    RECORDS[cls.__name__] = cls

    def copy(self):
        fn = _compile(type(self))
        type(self).copy = fn  # the generated function replaces this stub
        return fn(self)

    cls.copy = copy
    return cls


def _base(annotation: str) -> str:
    """'Combat | None' -> 'Combat'."""
    return annotation.replace(" | None", "").strip()


def _copy_expr(annotation: str, v: str) -> str:
    """The expression that copies value `v` of a field so annotated."""
    ann = annotation.strip()
    base = _base(ann)
    if base in RECORDS:
        return f"({v}.copy() if {v} is not None else None)" if base != ann else f"{v}.copy()"
    m = _SEQ.match(base)
    if m is None:
        return v  # immutable: shared
    kind, inner = m.groups()
    if kind == "list":
        return f"[x.copy() for x in {v}]" if _base(inner) in RECORDS else f"{v}[:]"
    if kind == "set":
        return f"set({v})"
    value = inner.rsplit(",", 1)[1].strip()
    return f"{{k: x.copy() for k, x in {v}.items()}}" if _base(value) in RECORDS else f"dict({v})"


def _compile(cls: type):
    args, named = [], False
    for f in dataclasses.fields(cls):
        if f.metadata.get("fresh"):
            named = True  # the fields after a skipped one are passed by name
            continue
        expr = _copy_expr(str(f.type), "self." + f.name)
        args.append(f"{f.name}={expr}" if named else expr)  # positional is quicker
    src = f"def copy(self):\n    return cls({', '.join(args)})\n"
    scope = {"cls": cls}
    exec(compile(src, f"<copy of {cls.__name__}>", "exec"), scope)
    scope["copy"].__doc__ = f"An independent copy of this {cls.__name__}."
    return scope["copy"]


def slot_init(cls: type) -> type:
    """Give a frozen dataclass with slots an __init__ that fills each slot through its
    descriptor, where the dataclass's own calls object.__setattr__ with each field's
    name: the same parameters and defaults, the object as frozen and as equal, made in
    about half the time (applying an action makes two or three events)."""
    fields = dataclasses.fields(cls)
    if "__slots__" not in cls.__dict__ or hasattr(cls, "__post_init__") or any(
            not f.init or f.default_factory is not dataclasses.MISSING for f in fields):
        raise TypeError(f"{cls.__name__}: slot_init takes a dataclass with slots and no "
                        "__post_init__, init=False field or default_factory")
    # The generated code's own names start with "__si_", which no field's does.
    scope: dict = {}
    params, named = [], []
    for f in fields:
        scope[f"__si_set_{f.name}"] = getattr(cls, f.name).__set__  # the slot's descriptor
        param = f.name
        if f.default is not dataclasses.MISSING:
            scope[f"__si_default_{f.name}"] = f.default
            param += f"=__si_default_{f.name}"
        (named if f.kw_only else params).append(param)
    signature = ", ".join(["__si_self", *params, *(["*", *named] if named else [])])
    body = "".join(f"\n    __si_set_{f.name}(__si_self, {f.name})" for f in fields)
    exec(compile(f"def __init__({signature}):{body}\n", f"<__init__ of {cls.__name__}>",
                 "exec"), scope)
    init = cls.__init__ = scope["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__module__ = cls.__module__
    return cls
