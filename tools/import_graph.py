"""Print sq_edu's import graph between layers and modules, and every import cycle.

    python tools/import_graph.py            # layers, their edges, cycles (exit 1 if any cycle)
    python tools/import_graph.py --modules  # also every module-to-module edge
    python tools/import_graph.py --root /some/checkout   # another copy of the code

Read from the source (ast), nothing is imported. An edge is "at import" when the import runs
while the module is being imported (module level, including inside try/if), and "deferred" when
it sits inside a function (it runs later, on first use). Imports under `if TYPE_CHECKING:` are
ignored. A package's `__init__` counts as a module of its own; importing `a.b.c` also runs the
`__init__` of `a` and `a.b`, so those are edges too. Cycles are reported for the at-import graph
of modules and for the layer graph (deferred edges included, since they still point the wrong
way).
"""

from __future__ import annotations

import argparse
import ast
import sys
from collections import defaultdict
from pathlib import Path

PACKAGE = "sq_edu"


def module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def layer_of(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else parts[0]


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _resolve(module: str, is_package: bool, node: ast.ImportFrom) -> str:
    if not node.level:
        return node.module or ""
    base = module.split(".")
    if not is_package:
        base = base[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join([*base, node.module] if node.module else base)


def imports_of(path: Path, module: str, known: set[str]) -> list[tuple[str, bool]]:
    """(imported module, at_import) for every import of the package in one file."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    is_package = path.name == "__init__.py"
    found: list[tuple[str, bool]] = []

    def targets(node: ast.Import | ast.ImportFrom) -> list[str]:
        if isinstance(node, ast.Import):
            return [alias.name for alias in node.names]
        base = _resolve(module, is_package, node)
        names = [f"{base}.{alias.name}" for alias in node.names]
        return [n if n in known else base for n in names]

    def visit(node: ast.AST, at_import: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _is_type_checking(child):
                for sub in child.orelse:
                    visit(sub, at_import)
                continue
            if isinstance(child, (ast.Import, ast.ImportFrom)):
                for target in targets(child):
                    if target.split(".")[0] == PACKAGE:
                        found.append((target, at_import))
                continue
            nested = isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
            visit(child, at_import and not nested)

    visit(tree, True)
    return found


def graph(root: Path) -> tuple[dict[str, dict[str, bool]], dict[str, int]]:
    """module -> {imported module: at_import}, and lines per module."""
    files = {module_name(p, root): p for p in sorted((root / PACKAGE).rglob("*.py"))}
    known = set(files)
    edges: dict[str, dict[str, bool]] = defaultdict(dict)
    for module, path in files.items():
        for target, at_import in imports_of(path, module, known):
            while target and target not in known:          # a name inside a module
                target = target.rpartition(".")[0]
            chain = target.split(".")
            for i in range(1, len(chain) + 1):              # parents' __init__ run first
                step = ".".join(chain[:i])
                if step in known and step != module and not module.startswith(step + "."):
                    edges[module][step] = edges[module].get(step, False) or at_import
    sizes = {m: len(p.read_text(encoding="utf-8").splitlines()) for m, p in files.items()}
    return edges, sizes


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one node (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    found: list[list[str]] = []
    nodes = sorted(set(edges) | {t for ts in edges.values() for t in ts})
    counter = 0
    for start in nodes:
        if start in index:
            continue
        work = [(start, iter(sorted(edges.get(start, ()))))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on.add(start)
        while work:
            node, children = work[-1]
            for child in children:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on.add(child)
                    work.append((child, iter(sorted(edges.get(child, ())))))
                    break
                if child in on:
                    low[node] = min(low[node], index[child])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        top = stack.pop()
                        on.discard(top)
                        component.append(top)
                        if top == node:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))
    return found


def report(root: Path, modules: bool = False) -> int:
    edges, sizes = graph(root)
    layer_edges: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0])
    for source, targets in edges.items():
        for target, at_import in targets.items():
            a, b = layer_of(source), layer_of(target)
            if a != b:
                layer_edges[a, b][0 if at_import else 1] += 1
    print(f"# layers of {PACKAGE} (edges: modules importing at import time + deferred)")
    for (a, b), (now, later) in sorted(layer_edges.items()):
        print(f"  {a:>10} -> {b:<10} {now:3d}" + (f" + {later} deferred" if later else ""))
    layer_cycles = cycles({a: {b for (x, b) in layer_edges if x == a} for (a, _) in layer_edges})
    module_cycles = cycles({m: {t for t, now in ts.items() if now} for m, ts in edges.items()})
    print("\n# layer cycles" + ("" if layer_cycles else ": none"))
    for cycle in layer_cycles:
        print("  " + " <-> ".join(cycle))
    print("\n# module cycles at import time" + ("" if module_cycles else ": none"))
    for cycle in module_cycles:
        print("  " + " <-> ".join(cycle))
    if modules:
        print("\n# module edges (* = deferred)")
        for source in sorted(edges):
            shown = [t + ("" if now else "*") for t, now in sorted(edges[source].items())]
            print(f"  {source}: {', '.join(shown)}")
    print(f"\n# largest modules (lines); {len(sizes)} modules, {sum(sizes.values())} lines")
    for module, lines in sorted(sizes.items(), key=lambda kv: kv[1])[-8:]:
        print(f"  {lines:5d} {module}")
    return 1 if layer_cycles or module_cycles else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, default=Path(__file__).resolve().parents[1],
                        help="the checkout that holds sq_edu/ (default: this one)")
    parser.add_argument("--modules", action="store_true", help="list every module edge")
    args = parser.parse_args(argv)
    return report(args.root, args.modules)


if __name__ == "__main__":
    sys.exit(main())
