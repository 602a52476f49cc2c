"""Every place the package asks for a catalogue message, read from its source with `ast`.

Why not a hand list: a hand list is what let «Ходит {who:low}…» reach a page. Any call whose
first argument names a catalogue key (a literal, an f-string such as `f"smooth.pace_{p}"`, a
conditional, a `+` of strings, or a local name assigned one of these) is a call site; its
keyword arguments are the parameters it passes, and the form of each (a number, a plain
string, or a word that carries its grammar) is read from the expression: a literal, a call of
a function whose return annotation says what it gives, or unknown.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "sq_edu"
NUMBER, TEXT, WORD = "number", "text", "word"   # WORD: a Word, Msg, Term... (all specs work)
_TEXT_CALLS = {"str", "t", "escape", "join", "format", "strip", "lower", "upper", "capital",
               "percent", "decimal", "count", "people", "face_word", "replace", "title"}
_AREA = re.compile(r"[a-z_]+\\\.")   # a pattern that starts with a literal "area."
_NUMBER_CALLS = {"len", "int", "round", "sum", "abs", "max", "min", "float"}


@dataclass(frozen=True)
class CallSite:
    """One call: where it is, which keys it may name, and the forms of what it passes."""

    where: str
    keys: tuple[str, ...]
    params: tuple[tuple[str, str], ...]   # (name, form)
    open: bool        # passes **kwargs or an object that brings them: names not known here
    exact: bool       # names its keys literally (else an f-string or a name: some of them)


@dataclass
class Returns:
    """Return annotations by function name: of this module first (its own `_card` is the one
    it calls), then of the whole package; methods (`self.who`) apart from functions."""

    functions: dict[str, set[str]]
    methods: dict[str, set[str]]
    own_functions: dict[str, set[str]]
    own_methods: dict[str, set[str]]

    def of(self, call: ast.Call) -> set[str]:
        func = call.func
        if isinstance(func, ast.Attribute):
            return self.own_methods.get(func.attr) or self.methods.get(func.attr, set())
        name = getattr(func, "id", "")
        return self.own_functions.get(name) or self.functions.get(name, set())


def _defs(tree: ast.Module) -> tuple[dict[str, set[str]], dict[str, set[str]]]:
    """(functions, methods) of one module: name -> return annotations."""
    functions: dict[str, set[str]] = {}
    methods: dict[str, set[str]] = {}
    for node in tree.body:
        inside = node.body if isinstance(node, ast.ClassDef) else [node]
        into = methods if isinstance(node, ast.ClassDef) else functions
        for item in inside:
            if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)) and item.returns:
                into.setdefault(item.name, set()).add(ast.unparse(item.returns))
    return functions, methods


def _form(value: ast.expr, returns: Returns) -> str:
    if isinstance(value, ast.Constant):
        return TEXT if isinstance(value.value, str) else NUMBER
    if isinstance(value, ast.JoinedStr):
        return TEXT
    if isinstance(value, ast.Call):
        func = value.func
        name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
        if name in _TEXT_CALLS:
            return TEXT
        if name in _NUMBER_CALLS:
            return NUMBER
        kinds = returns.of(value)
        if kinds and all(re.fullmatch(r"int|float", k) for k in kinds):
            return NUMBER
        if any(re.search(r"(^|[^\w.])str($|\W)", k) for k in kinds):
            return TEXT   # "str" or "Word | str": a plain string may come, and must do
    return WORD


def _patterns(node: ast.expr, names: dict[str, list[ast.expr]], depth: int = 0
              ) -> list[str] | None:
    """Regular expressions for the keys an expression may name; None: not a key."""
    if depth > 4:
        return None
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [re.escape(node.value)]
    if isinstance(node, ast.JoinedStr):
        parts: list[list[str]] = [[""]]
        for p in node.values:
            if isinstance(p, ast.Constant):
                parts.append([re.escape(str(p.value))])
            else:
                inner = p.value if isinstance(p, ast.FormattedValue) else p
                parts.append(_patterns(inner, names, depth + 1) or [r"\w+"])
        out = [""]
        for choices in parts:
            out = [a + b for a in out for b in choices]
        return out
    if isinstance(node, ast.IfExp):
        both = [_patterns(n, names, depth + 1) for n in (node.body, node.orelse)]
        return None if None in both else [p for ps in both for p in ps or []]
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left = _patterns(node.left, names, depth + 1) or [r"\w+"]
        right = _patterns(node.right, names, depth + 1) or [r"\w+"]
        return [a + b for a in left for b in right]
    if isinstance(node, ast.Name) and node.id in names:
        found = [_patterns(v, names, depth + 1) for v in names[node.id]]
        return None if not found or None in found else [p for ps in found for p in ps or []]
    return None


def _local_names(function: ast.AST) -> dict[str, list[ast.expr]]:
    """Names assigned (or looped over from a literal tuple) inside one function."""
    names: dict[str, list[ast.expr]] = {}
    for node in ast.walk(function):
        if isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Name):
                    names.setdefault(target.id, []).append(node.value)
        elif (isinstance(node, ast.For) and isinstance(node.target, ast.Name)
              and isinstance(node.iter, (ast.Tuple, ast.List))):
            names.setdefault(node.target.id, []).extend(node.iter.elts)
    return names


def _scopes(tree: ast.Module) -> Iterator[tuple[ast.AST, dict[str, list[ast.expr]]]]:
    yield tree, {}
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            yield node, _local_names(node)


def call_sites(keys: set[str]) -> list[CallSite]:
    """Every call in the package whose first argument names one of `keys`."""
    files = [(p, ast.parse(p.read_text(encoding="utf-8"))) for p in sorted(PACKAGE.rglob("*.py"))]
    every = [_defs(tree) for _path, tree in files]
    functions: dict[str, set[str]] = {}
    methods: dict[str, set[str]] = {}
    for funcs, meths in every:
        for name, kinds in funcs.items():
            functions.setdefault(name, set()).update(kinds)
        for name, kinds in meths.items():
            methods.setdefault(name, set()).update(kinds)
    sites: dict[tuple[str, int], CallSite] = {}
    for (path, tree), (own_funcs, own_meths) in zip(files, every, strict=True):
        returns = Returns(functions, methods, own_funcs, own_meths)
        for scope, names in _scopes(tree):
            for node in ast.walk(scope):
                if not isinstance(node, ast.Call) or not node.args:
                    continue
                patterns = _patterns(node.args[0], names)
                if not patterns or not all(_AREA.match(p) for p in patterns):
                    continue
                named = tuple(sorted(k for k in keys
                                     if any(re.fullmatch(p, k) for p in patterns)))
                if not named:
                    continue
                params = [(k.arg, _form(k.value, returns)) for k in node.keywords if k.arg]
                if getattr(node.func, "attr", "") == "about":
                    # DungeonWords.about(key, seat, field="who") passes the seat's name as field
                    field = node.args[2] if len(node.args) > 2 else None
                    named_as = field.value if isinstance(field, ast.Constant) else "who"
                    params.append((str(named_as), TEXT))
                opened = any(k.arg is None for k in node.keywords) or any(
                    not isinstance(a, (ast.Constant, ast.Dict)) for a in node.args[2:])
                if len(node.args) > 1 and isinstance(node.args[1], ast.Dict):
                    for k, v in zip(node.args[1].keys, node.args[1].values, strict=True):
                        if isinstance(k, ast.Constant):
                            params.append((str(k.value), _form(v, returns)))
                        else:
                            opened = True
                where = f"{path.relative_to(PACKAGE.parent)}:{node.lineno}"
                here = (where, node.col_offset)
                exact = set(patterns) <= {re.escape(k) for k in named}
                sites[here] = CallSite(where, named, tuple(params), opened, exact)
    return list(sites.values())
