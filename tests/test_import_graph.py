"""No module of sq_edu imports another that imports it back, in any way.

`lint-imports` checks the layers, but an import inside a function, one under
`if TYPE_CHECKING:` or one through `importlib.import_module("...")` with a written name are
still arrows a reader follows: a cycle among them means two modules that cannot be understood
(or moved) one without the other. This test reads every module's source with `ast`, counts
every such import, resolves relative ones, and fails on any cycle, naming its modules in order.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import sq_edu

PACKAGE = Path(sq_edu.__file__).resolve().parent


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def resolve(relative: str | None, level: int, package: str) -> str:
    """The absolute name of `from <dots><relative> import ...` written in `package`."""
    if not level:
        return relative or ""
    base = package.split(".")[: len(package.split(".")) - level + 1]
    return ".".join(base + ([relative] if relative else []))


def called(call: ast.Call) -> str:
    """The name of the function a call calls: `f(...)` or `x.f(...)`."""
    return getattr(call.func, "id", getattr(call.func, "attr", ""))


def imported_names(tree: ast.AST, package: str) -> Iterator[str]:
    """Every name a module imports: at the top, inside functions, under TYPE_CHECKING, and the
    literal first argument of `import_module` calls."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = resolve(node.module, node.level, package)
            yield base
            # `from pkg import mod` imports the submodule `pkg.mod` when there is one.
            yield from (f"{base}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Call) and called(node) == "import_module" and node.args \
                and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str):
            name = node.args[0].value
            dots = len(name) - len(name.lstrip("."))
            yield resolve(name.lstrip(".") or None, dots, package) if dots else name


@cache   # both tests read it; it is read from the source once
def import_graph() -> dict[str, set[str]]:
    """Module -> the modules of sq_edu it imports (a name is cut back to the module holding it)."""
    paths = {module_name(path): path for path in PACKAGE.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in paths.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        targets: set[str] = set()
        for target in imported_names(ast.parse(path.read_text("utf-8")), package):
            while target and target not in paths:
                target = target.rpartition(".")[0]
            if target and target != name:
                targets.add(target)
        graph[name] = targets
    return graph


def cycles(graph: dict[str, set[str]]) -> list[tuple[list[str], set[str]]]:
    """Each strongly connected group of modules (Tarjan) with one cycle through it, a path
    that starts and ends at the same module."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    groups: list[set[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for nxt in sorted(graph[node]):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = set()
            while True:
                member = stack.pop()
                group.add(member)
                if member == node:
                    break
            if len(group) > 1:
                groups.append(group)

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return [(shortest_cycle(graph, group), group) for group in groups]


def shortest_cycle(graph: dict[str, set[str]], group: set[str]) -> list[str]:
    """The shortest way from the group's first module back to itself, inside the group."""
    start = min(group)
    paths = {start: [start]}
    frontier = [start]
    while frontier:
        following = []
        for node in frontier:
            for nxt in sorted(graph[node] & group):
                if nxt == start:
                    return [*paths[node], start]
                if nxt not in paths:
                    paths[nxt] = [*paths[node], nxt]
                    following.append(nxt)
        frontier = following
    raise AssertionError(f"no cycle in {group}")


def test_the_graph_sees_every_kind_of_import() -> None:
    source = ("from __future__ import annotations\nfrom typing import TYPE_CHECKING\n"
              "if TYPE_CHECKING:\n    from .game import Game\n"
              "def later():\n    from ..maths import p_draw\n    import sq_edu.links\n"
              "    return import_module('.bots', __name__)\n")
    found = set(imported_names(ast.parse(source), "sq_edu.engine"))
    assert {"sq_edu.engine.game", "sq_edu.maths.p_draw", "sq_edu.links",
            "sq_edu.engine.bots"} <= found
    graph = import_graph()
    assert len(graph) > 100, "the package's modules were not found"
    assert "sq_edu.engine.game" in graph["sq_edu.engine"]


def test_no_import_cycles() -> None:
    found = cycles(import_graph())
    assert not found, "modules that import each other:\n" + "\n".join(
        " -> ".join(cycle) + (f"   (all tangled: {', '.join(sorted(group))})"
                              if len(group) > len(cycle) - 1 else "")
        for cycle, group in found)
