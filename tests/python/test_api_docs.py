"""The public API documents itself: every public function, class, method and property has a
docstring (help(catan_referee.Game) reads well), and the type stub shipped with the
package (__init__.pyi, with py.typed) names exactly __all__, with each function's and
method's parameters as the module has them."""
import ast
import inspect
import os
import re

import pytest

import catan_referee

PACKAGE = os.path.dirname(catan_referee.__file__)
STUB = os.path.join(PACKAGE, "__init__.pyi")
CONSTANTS = {"IMPORT_FORMATS", "LOG_EXTENSIONS", "__version__"}


def public_members(cls):
    return [n for n in vars(cls) if not n.startswith("_") or n == "__init__"]


def doc_text(obj):
    """The documentation of a function, method or property, without pybind11's signature
    line (which every native function has, documented or not)."""
    doc = (obj.__doc__ or "").strip()
    if isinstance(obj, property) and doc.startswith("(self"):
        return ""  # a native property without a docstring: its getter's signature
    if type(obj).__name__ in ("builtin_function_or_method", "instancemethod"):
        lines = doc.splitlines()
        if lines and re.match(r"\w+\(", lines[0]):
            lines = lines[1:]
        return "\n".join(lines).strip()
    return doc


def test_every_public_name_has_a_docstring():
    missing = []
    assert catan_referee.__doc__
    for name in catan_referee.__all__:
        if name in CONSTANTS:
            continue
        obj = getattr(catan_referee, name)
        if not doc_text(obj):
            missing.append(name)
        if inspect.isclass(obj):
            for member in public_members(obj):
                if member == "__init__" and obj.__module__ != "catan_referee" and obj not in (
                        catan_referee.Report,):
                    continue  # a native class made only by the module: no constructor
                if member == "__init__" and obj is catan_referee.MalformedLog:
                    continue  # documented by the class
                if not doc_text(vars(obj)[member]):
                    missing.append(f"{name}.{member}")
    assert not missing, f"no docstring: {missing}"


def test_help_reads_well():
    text = pydoc_text(catan_referee.Game)
    for method in ("play", "legal_actions", "state", "undo"):
        assert method in text
    check = pydoc_text(catan_referee.check)
    assert "require_assertions" in check and "keep_going" in check
    # Native functions name their arguments (py::arg), not arg0, arg1.
    for f in (catan_referee.check_text, catan_referee.check_imported):
        assert "arg0" not in f.__doc__, f.__doc__


def pydoc_text(obj):
    import pydoc
    return pydoc.render_doc(obj, renderer=pydoc.plaintext)


def stub():
    with open(STUB, encoding="utf-8") as f:
        return ast.parse(f.read())


def stub_names(tree):
    names = set()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
        elif isinstance(node, ast.Assign):
            names.update(t.id for t in node.targets if isinstance(t, ast.Name))
    return {n for n in names if not n.startswith("_") or n == "__version__"}


def test_the_stub_and_py_typed_are_shipped():
    assert os.path.isfile(STUB)
    assert os.path.isfile(os.path.join(PACKAGE, "py.typed"))


def test_the_stub_names_exactly_the_public_api():
    tree = stub()
    assert stub_names(tree) == set(catan_referee.__all__)
    declared = [n for n in tree.body if isinstance(n, ast.Assign)
                and any(isinstance(t, ast.Name) and t.id == "__all__" for t in n.targets)]
    assert declared and sorted(ast.literal_eval(declared[0].value)) == sorted(
        catan_referee.__all__)


def stub_params(fn):
    a = fn.args
    return [p.arg for p in a.posonlyargs + a.args + a.kwonlyargs]


def real_params(obj):
    """The parameter names of a function or method: inspect.signature for Python ones,
    the pybind11 docstring's signature line for native ones."""
    try:
        return list(inspect.signature(obj).parameters)
    except (ValueError, TypeError):
        pass
    first = (obj.__doc__ or "").lstrip().splitlines()[0]
    m = re.match(r"\w+\((.*)\)( -> .*)?$", first)
    assert m, f"no signature for {obj}: {first!r}"
    params = []
    depth, current = 0, ""
    for c in m.group(1) + ",":
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
        if c == "," and depth == 0:
            if current.strip():
                params.append(re.match(r"\s*\**(\w+)", current).group(1))
            current = ""
        else:
            current += c
    return params


def test_every_stub_function_and_method_has_the_module_s_parameters():
    checked = 0
    for node in stub().body:
        if isinstance(node, ast.FunctionDef) and not node.name.startswith("_"):
            assert stub_params(node) == real_params(getattr(catan_referee, node.name)), node.name
            checked += 1
        if isinstance(node, ast.ClassDef):
            cls = getattr(catan_referee, node.name)
            for item in node.body:
                if not isinstance(item, ast.FunctionDef):
                    continue
                attr = inspect.getattr_static(cls, item.name)
                is_property = any(isinstance(d, ast.Name) and d.id == "property"
                                  for d in item.decorator_list)
                if is_property:
                    assert isinstance(attr, property), f"{node.name}.{item.name} is no property"
                    continue
                if item.name in ("__init__", "__len__", "__iter__", "__getitem__",
                                 "__bool__") and cls.__module__ != "catan_referee":
                    continue  # pybind11's own signature text
                params = real_params(getattr(cls, item.name))
                if params and params[0] != "self":
                    params.insert(0, "self")  # pybind11 names it self as well; Python too
                assert stub_params(item) == params, f"{node.name}.{item.name}"
                checked += 1
    assert checked > 20


@pytest.mark.parametrize("name", ["generate", "redact", "svg", "report_html"])
def test_the_new_functions_are_public(name):
    assert name in catan_referee.__all__
    assert callable(getattr(catan_referee, name))
