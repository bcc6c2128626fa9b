"""
The language a candidate's Python may be written in: an allowlist, checked on the AST before any of it runs
(PAPER.md §3, §7). The child that imports a candidate is untrusted from that moment (verify.py), so this is the
first of two independent layers; the runtime monitor in verify_worker.py is the second.

    python verify_lang.py CANDIDATE.py        # the first construct outside the language, or "ok"

    check_language(tree) -> str | None        # why not, naming the line; None when the code is inside it

Host code (module level, ModelNew and its helpers, grid lambdas, heuristics, autotune hooks):
  - imports only of the modules in MODULES; a name that resolves to a module is only ever the base of an
    attribute (no `T = torch`, no `f(torch)`, no getattr on it), so `torch.os` or `F.torch.utils` cannot pass;
  - a module's members from its table in MEMBERS (torch: its aten operators, dtypes and a few helpers; never
    torch.utils, torch.ops, torch._C, load/save, from_numpy, set_*, compile, manual_seed, ...);
  - attributes of values from HOST_ATTRS (Tensor, Module, builtin types, layer hyperparameters, the candidate's
    own names), never a dunder, never a `_private` name but the candidate's own on self, never DENY_ATTRS
    (.item, .tolist, .numpy, .apply_, .map_, storages, hooks, frames, Triton's internals);
  - attribute stores only as `self.name` inside a method; no class redefines nn.Module's own names;
  - builtins from SAFE_BUILTINS unless the name is bound in the enclosing function (a variable named `input`
    or `sum` is fine); getattr/hasattr only called directly, with a literal name that passes the attribute
    rules; no type(), global, nonlocal, match, async or yield.
Kernel bodies (@triton.jit): names are parameters, locals, other kernels, module constants, tl/triton/math and
Triton's own builtins, and calls go only to those, so an interpreted kernel (the CPU path) cannot call back into
Python. What a kernel is handed at launch is checked at run time (verify_worker.py).
"""

import ast
import re
import sys
import types

import torch

from verify_allow import (AUTOTUNE_KWARGS, BUILTIN_NAMES, DENY_ATTRS, DRIVER_OK, HOST_ATTRS, MEMBERS, MODULES,  # noqa: F401
                          METHOD_DECORATORS, NN_RESERVED, SAFE_BUILTINS, TENSOR_DENY, TRITON_DECORATORS, lib_attrs,
                          public)
from verify_static import (Names, encoding, bindings, decorator_path, dotted, is_kernel, is_main_guard, params,
                           reraise_only, stored_names)


class Reject(Exception):
    pass


def dunder(name):
    return name.startswith("__")


def split_path(path):
    """'torch.nn.functional.relu.x' -> ('torch.nn.functional', 'relu', ['x']): the longest allowed module, the
    member, then attributes of that member's value. A path that starts outside MODULES is (None, ...)."""
    parts = path.split(".")
    for i in range(len(parts), 0, -1):
        mod = ".".join(parts[:i])
        if mod in MODULES:
            return mod, (parts[i] if i < len(parts) else None), parts[i + 1:]
    return None, None, parts


def is_const(node, consts, names):
    """A constant expression a kernel may read from module level: literals, tuples and arithmetic of them, other
    constants, math's functions and constants of them, dtypes, and triton.language.constexpr(one of these)."""
    if isinstance(node, ast.Constant):
        return True
    if isinstance(node, ast.Name):
        return node.id in consts
    if isinstance(node, ast.Tuple):  # not a list: a kernel must not read anything mutable
        return all(is_const(e, consts, names) for e in node.elts)
    if isinstance(node, ast.UnaryOp):
        return is_const(node.operand, consts, names)
    if isinstance(node, ast.BinOp):
        return is_const(node.left, consts, names) and is_const(node.right, consts, names)
    full = names.resolve(node) if isinstance(node, (ast.Attribute, ast.Name)) else None
    if isinstance(node, ast.Attribute):  # tl.float32, torch.float16, math.pi
        mod, member, rest = split_path(full or "")
        return (mod in ("math", "torch", "triton.language") and not rest and member in MEMBERS.get(mod, ())
                and not callable(getattr(sys.modules.get(mod), member, None)))
    if isinstance(node, ast.Call) and not node.keywords:
        f = names.resolve(node.func) or ""
        return ((f == "triton.language.constexpr" and len(node.args) == 1 or f.startswith("math."))
                and all(is_const(a, consts, names) for a in node.args))
    return False


def is_literal(node):
    return isinstance(node, ast.Constant) or isinstance(node, (ast.List, ast.Tuple)) and all(map(is_literal, node.elts))


def module_facts(tree, names):
    """What the rules need to know about the whole module before walking it."""
    f = types.SimpleNamespace(kernels=set(), classes=set(), consts=set(), own=set(), guards=set(), class_consts={},
                              class_static={})
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and is_kernel(node, names):
            f.kernels.add(node.name)
        elif isinstance(node, ast.ClassDef):
            f.classes.add(node.name)
            defs = {st.name for st in node.body if isinstance(st, (ast.FunctionDef, ast.AsyncFunctionDef))}
            f.class_static[node.name] = {st.name for st in node.body if isinstance(st, ast.FunctionDef) and any(
                isinstance(d, ast.Name) and d.id == "staticmethod" for d in st.decorator_list)}
            f.class_consts[node.name] = {t.id for st in node.body if isinstance(st, ast.Assign) and isinstance(
                st.value, ast.Constant) for t in st.targets if isinstance(t, ast.Name) and t.id not in defs}
        elif is_main_guard(node):
            f.guards.add(id(node))
    f.helpers = {c.func.id for k in tree.body if isinstance(k, ast.FunctionDef) and k.name in f.kernels
                 for c in ast.walk(k) if isinstance(c, ast.Call) and isinstance(c.func, ast.Name)
                 and c.func.id in f.kernels}  # kernels that other kernels call: their arguments may be loop indices
    assigned = {}
    for node in tree.body:
        if isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None:
            for t in (node.targets if isinstance(node, ast.Assign) else [node.target]):
                if isinstance(t, ast.Name):
                    assigned.setdefault(t.id, []).append(node.value)
    f.count = bindings(tree.body)  # a constant is bound by its assignments alone (no +=, for, def, del ...)
    changed = True
    while changed:  # constants may be defined from other constants
        changed = False
        for k, vals in assigned.items():
            if (k not in f.consts and k not in names.alias and f.count[k] == len(vals)
                    and all(is_const(v, f.consts, names) for v in vals)):
                f.consts.add(k)
                changed = True
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef):
            for item in node.body:
                if isinstance(item, ast.FunctionDef):
                    f.own.add(item.name)
                for t in getattr(item, "targets", [getattr(item, "target", None)]):
                    if isinstance(t, ast.Name):
                        f.own.add(t.id)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store) and isinstance(node.value, ast.Name):
            f.own.add(node.attr)  # only stores on a method's own self ever run (Checker), so this over-collects safely
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.args
              and node.func.attr in ("register_buffer", "register_parameter", "add_module", "register_module")
              and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
            f.own.add(node.args[0].value)  # self.register_buffer("shift", ...) makes self.shift
        elif (isinstance(node, ast.Call) and len(node.args) > 1 and "namedtuple" == getattr(
                node.func, "id", getattr(node.func, "attr", None))):  # namedtuple("Cfg", "block warps"): .block
            fields = node.args[1]
            items = fields.elts if isinstance(fields, (ast.List, ast.Tuple)) else [fields]
            f.own.update(w for e in items if isinstance(e, ast.Constant) and isinstance(e.value, str)
                         for w in e.value.replace(",", " ").split())
    f.own -= {n for n in f.own if dunder(n)}
    f.own_objs = own_objects(tree, f.classes)
    # CONFIG = Cfg() bound once at module level: on CONFIG, the candidate's own names are its own object's, as on
    # self (a config dataclass's `CONFIG.block` was refused: `block` is also a library attribute; round 18)
    f.own_globals = {k for k, vals in assigned.items() if f.count[k] == 1 and len(vals) == 1 and isinstance(
        vals[0], ast.Call) and isinstance(vals[0].func, ast.Name) and vals[0].func.id in f.classes}
    return f


def own_objects(tree, classes):
    """Attribute names only ever assigned an instance of one of the candidate's classes (self.w = Wrapper()):
    on self.<such a name>, the candidate's own names are its own object's, as on self."""
    made = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign):
            for t in node.targets:
                if isinstance(t, ast.Attribute):
                    v = node.value
                    made[t.attr] = made.get(t.attr, True) and isinstance(v, ast.Call) and isinstance(
                        v.func, ast.Name) and v.func.id in classes and len(node.targets) == 1
        elif isinstance(node, (ast.AnnAssign, ast.AugAssign)) and isinstance(node.target, ast.Attribute):
            made[node.target.attr] = False
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.args and isinstance(
                node.args[0], ast.Constant) and node.func.attr in ("add_module", "register_module", "register_buffer",
                                                                   "register_parameter"):
            made[node.args[0].value] = False
    return {k for k, ok in made.items() if ok}


FUNCLIKE = ("function", "lambda", "comp", "kernel")
NO_STMTS = (ast.Global, ast.Nonlocal, ast.AsyncFunctionDef, ast.AsyncFor, ast.AsyncWith, ast.Await, ast.Yield,
            ast.YieldFrom, ast.Match)


SPECIAL_NAMES = {"isinstance", "issubclass", "super", "staticmethod", "classmethod", "property"}  # never rebound:
# visit_Call and the decorator rules read these names as the builtins wherever they appear (a variable named
# `input`, `sum` or `type` is fine: those are only ever checked where they are not bound)


class Checker(ast.NodeVisitor):
    """Walks host code with a stack of scopes; kernels go to KernelChecker. Raises Reject at the first
    construct outside the language."""

    def __init__(self, names, facts, lines):
        self.names, self.f, self.lines = names, facts, lines
        self.frames = [("module", set(), None)]  # (kind, names bound there, the method's self or None)
        self.decorating = False
        self.class_ok = set()  # ids of the Name nodes where a class may be loaded (visit_Call)
        self.cls_of = {}  # frame index -> the name of that classmethod's `cls`
        self.format_ok = set()  # ids of `"literal".format` attributes whose fields read no attribute or item
        self.align_ok = set()  # ids of `.data_ptr` attributes in `x.data_ptr() % N`, N <= 1024 (visit_BinOp)

    def fail(self, node, msg):
        raise Reject(f"{msg} (line {getattr(node, 'lineno', '?')})")

    def local(self, name):
        return any(kind in FUNCLIKE and name in bound for kind, bound, _ in reversed(self.frames))

    def self_name(self):
        kind, _, me = self.frames[-1]
        return me if kind in ("function", "comp") else None

    def scoped(self, kind, bound, me, nodes):
        self.frames.append((kind, bound, me))
        for n in nodes:
            self.visit(n)
        self.frames.pop()

    def visit_Try(self, node):
        # an import fallback; in a function a handler could catch our own checks, unless it only raises again
        if self.frames[-1][0] != "module" and not reraise_only(node):
            self.fail(node, "try/except inside a function (only a handler that raises again is allowed)")
        self.generic_visit(node)

    def visit_TryStar(self, node):
        if self.frames[-1][0] != "module":
            self.fail(node, "try/except* inside a function")
        self.generic_visit(node)

    def visit_BinOp(self, node):
        left, right = node.left, node.right
        if (isinstance(node.op, ast.Mod) and isinstance(left, ast.Call) and isinstance(left.func, ast.Attribute)
                and left.func.attr == "data_ptr" and not left.args and not left.keywords
                and isinstance(right, ast.Constant) and type(right.value) is int and 0 < right.value <= 1024):
            self.align_ok.add(id(left.func))  # x.data_ptr() % 16: an alignment check reads the low bits only
        self.generic_visit(node)

    def generic_visit(self, node):
        if isinstance(node, NO_STMTS):
            self.fail(node, f"uses {type(node).__name__.lower()}, which kernel wrappers do not need")
        super().generic_visit(node)

    # --- statements ---------------------------------------------------------------------------------------

    def visit_Module(self, node):
        self.module_stmts = list(ast.walk(node))
        # A module-level name is defined only where a top-level statement binds it whatever happens, and nothing
        # deletes it: Triton's interpreter adds its own globals (np, inspect, ...) to the module for names it lacks.
        deleted = {n.id for n in ast.walk(node) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Del)}
        top = [st for st in node.body if isinstance(st, (ast.Assign, ast.AnnAssign, ast.AugAssign, ast.FunctionDef,
                                                         ast.ClassDef, ast.Import, ast.ImportFrom))]
        both = set()  # `if cuda: NUM_WARPS = 8 else: NUM_WARPS = 4`: bound whichever branch runs
        for st in node.body:
            if isinstance(st, ast.If) and st.orelse and id(st) not in self.f.guards:
                both |= stored_names(st.body) & stored_names(st.orelse)
        self.frames = [("module", (stored_names(top) | both) - deleted, None)]
        for name, n in self.f.count.items():  # what a kernel calls by name is what the language checked; what a
            # class name means is what its one definition says (a method read between two was a plain function)
            if (name in self.f.kernels or name in self.f.classes) and n > 1 or name in kernel_builtins():
                twice = (name in self.f.kernels or name in self.f.classes) and n > 1
                why = ("more than once: it names a " + ("kernel" if name in self.f.kernels else "class") if twice
                       else "at module level: kernels call the builtin of that name")
                self.fail([st for st in node.body if name in stored_names([st])][-1], f"binds {name} {why}")
        for stmt in node.body:
            if id(stmt) not in self.f.guards:
                self.visit(stmt)

    def visit_Import(self, node):
        for a in node.names:
            if a.name not in MODULES:
                self.fail(node, f"imports {a.name}")
            if (a.asname or a.name.split(".")[0]) in self.f.consts:
                self.fail(node, f"binds {a.asname or a.name} both to a module and to a value")

    def visit_ImportFrom(self, node):
        if node.level or node.module not in MODULES:
            self.fail(node, f"imports from {'.' * node.level}{node.module or ''}")
        for a in node.names:
            full = f"{node.module}.{a.name}"
            if full not in MODULES and a.name not in MEMBERS.get(node.module, ()):
                self.fail(node, f"imports {full}")

    def visit_ClassDef(self, node):
        self.not_an_import(node)
        dataclass = all(self.names.resolve(d.func if isinstance(d, ast.Call) else d) == "dataclasses.dataclass"
                        and all(isinstance(k.value, ast.Constant) for k in getattr(d, "keywords", ()))
                        and not getattr(d, "args", ())  # @dataclass(f) would call f on the class
                        for d in node.decorator_list)  # @dataclass(frozen=True): a config, methods generated
        if self.frames[-1][0] != "module" or node.keywords or node.decorator_list and (node.bases or not dataclass):
            self.fail(node, f"class {node.name}: only plain module-level classes are allowed (or a config dataclass)")
        for b in node.bases:
            if self.names.resolve(b) != "torch.nn.Module" and not (isinstance(b, ast.Name) and b.id in self.f.classes):
                self.fail(node, f"class {node.name} subclasses {ast.unparse(b)}, not nn.Module")
        for item in node.body:
            if not isinstance(item, ast.FunctionDef) and any(isinstance(n, ast.NamedExpr) for n in ast.walk(item)):
                self.fail(item, f"class {node.name}: := in a class body binds a class attribute unchecked")
            if isinstance(item, ast.FunctionDef):
                if item.name in NN_RESERVED or (dunder(item.name) and item.name != "__init__"):
                    self.fail(item, f"class {node.name} defines {item.name}, a name nn.Module or Python reserves")
            elif isinstance(item, (ast.Assign, ast.AnnAssign)):
                for t in (item.targets if isinstance(item, ast.Assign) else [item.target]):
                    if not isinstance(t, ast.Name) or t.id in NN_RESERVED or dunder(t.id):
                        self.fail(item, f"class {node.name} assigns {ast.unparse(t)} in its body")
            elif not isinstance(item, (ast.Expr, ast.Pass)):
                self.fail(item, f"class {node.name}: {type(item).__name__} in a class body")
        self.no_method_values(node)
        self.scoped("class", stored_names(node.body), None, node.body)

    def no_method_values(self, node):
        """A method is only ever reached bound, through its instance: `self` (own names, private ones included,
        pass on self) is then the module. Held as a value in the class body (`fns = [peek]`, a default, a
        decorator), it could be called with any object as its `self`."""
        fns = {i.name for i in node.body if isinstance(i, ast.FunctionDef)}
        exprs = [i.value for i in node.body if isinstance(i, (ast.Assign, ast.AnnAssign, ast.Expr)) and i.value]
        for i in node.body:
            if isinstance(i, ast.FunctionDef):
                a = i.args
                exprs += [*i.decorator_list, *a.defaults, *(d for d in a.kw_defaults if d is not None),
                          *(x.annotation for x in a.posonlyargs + a.args + a.kwonlyargs if x.annotation), i.returns]
        for n in (n for e in exprs if e is not None for n in ast.walk(e)):
            if isinstance(n, ast.Name) and n.id in fns:
                self.fail(n, f"class {node.name} uses its method {n.id} as a value")

    def not_an_import(self, node):
        if node.name in self.names.alias:
            self.fail(node, f"rebinds {node.name}, the name of an import")

    def visit_FunctionDef(self, node):
        self.not_an_import(node)
        if dunder(node.name) and not (node.name == "__init__" and self.frames[-1][0] == "class"):
            self.fail(node, f"defines {node.name}")
        for d in node.decorator_list:  # a name or a call of one (@triton.jit, @triton.autotune(...)), nothing else
            fn = d.func if isinstance(d, ast.Call) else d
            if not (isinstance(fn, ast.Name) or isinstance(fn, ast.Attribute) and dotted(fn)):
                self.fail(d, f"decorator {ast.unparse(d)}: only a name, or a call of one, may decorate")
            self.decorating = True
            self.visit(fn)  # triton.jit and its kind only here, as the decorator itself
            self.decorating = False
            if isinstance(d, ast.Call):
                self.check_keywords(d)
                if decorator_path(d, self.names) in ("triton.jit", "triton.language.jit") and not all(
                        is_literal(a) for a in [*d.args, *(k.value for k in d.keywords)]):
                    self.fail(d, "@triton.jit's arguments must be literals (a name there becomes a kernel's default)")
                for a in [*d.args, *d.keywords]:
                    self.visit(a)
        for d in node.args.defaults + [d for d in node.args.kw_defaults if d is not None]:
            self.visit(d)
        every = node.args.posonlyargs + node.args.args + node.args.kwonlyargs + [
            x for x in (node.args.vararg, node.args.kwarg) if x]
        for a in every:  # *args' and **kw's annotations and the return's too: Python evaluates all at the def
            if a.annotation is not None:
                self.visit(a.annotation)
            if dunder(a.arg) or a.arg in SPECIAL_NAMES:
                self.fail(node, f"parameter {a.arg}")
        if node.returns is not None and not is_kernel(node, self.names):
            self.visit(node.returns)
        if is_kernel(node, self.names):
            if self.frames[-1][0] != "module":
                self.fail(node, f"kernel {node.name} is not defined at module level")
            from verify_kernel import KernelChecker
            return KernelChecker(self, node).check()
        me = None
        ps = params(node)
        body_stores = stored_names(node.body)
        plain = not any(decorator_path(d, self.names) is None and isinstance(d, ast.Name)
                        and d.id in ("staticmethod", "classmethod") for d in node.decorator_list)
        if self.frames[-1][0] == "class":
            self.method_decorators(node)
        pos = [a.arg for a in node.args.posonlyargs + node.args.args]  # a keyword-only `self` is the caller's pick
        if self.frames[-1][0] == "class" and plain and pos and pos[0] not in body_stores:
            me = pos[0]  # bound to the instance by the call, and never rebound: the only base a store may have
        if self.frames[-1][0] == "class" and pos and any(isinstance(d, ast.Name) and d.id == "classmethod"
                                                         for d in node.decorator_list):
            self.cls_of[len(self.frames)] = pos[0]  # the class itself: called, or checked with isinstance, only
        self.scoped("function", set(ps) | body_stores, me, node.body)
        self.cls_of.pop(len(self.frames), None)

    def is_cls(self, name):
        """Is name, where it is read, a classmethod's `cls`? Through it a method could be called with any object
        as `self` (`cls.forward(torch.Tensor, ...)` patched torch.Tensor in round 10), so it is the class."""
        for i in range(len(self.frames) - 1, -1, -1):
            kind, bound, _ = self.frames[i]
            if kind in FUNCLIKE and name in bound:
                return self.cls_of.get(i) == name
        return False

    def method_decorators(self, node):
        """A method's decorators are Python's or torch's own: one of the candidate's would be handed the plain
        function, which it could then call with any object as `self` (own names, `numpy` too, pass on self)."""
        for d in node.decorator_list:
            fn = d.func if isinstance(d, ast.Call) else d
            path = self.names.resolve(fn)
            if not (path in METHOD_DECORATORS or isinstance(d, ast.Name) and d.id in ("property", "staticmethod",
                                                                                    "classmethod") and path is None):
                self.fail(d, f"method {node.name}: decorated with {ast.unparse(d)} (property, staticmethod, "
                             "classmethod, torch.no_grad or torch.inference_mode only)")

    def visit_Lambda(self, node):
        for d in node.args.defaults + [d for d in node.args.kw_defaults if d is not None]:
            self.visit(d)
        for a in node.args.posonlyargs + node.args.args + node.args.kwonlyargs + [
                x for x in (node.args.vararg, node.args.kwarg) if x]:
            if dunder(a.arg) or a.arg in SPECIAL_NAMES:
                self.fail(node, f"parameter {a.arg}")
        self.scoped("lambda", set(params(node)) | stored_names([node.body]), None, [node.body])

    def visit_comprehension_node(self, node):
        bound = {n.id for g in node.generators for n in ast.walk(g.target) if isinstance(n, ast.Name)}
        parts = [*node.generators, *([node.key, node.value] if isinstance(node, ast.DictComp) else [node.elt])]
        me = self.self_name()  # a method's self inside its comprehensions too, unless they bind the name
        self.scoped("comp", bound, None if me in bound else me, parts)  # (round 31's honest writer)

    visit_ListComp = visit_SetComp = visit_DictComp = visit_GeneratorExp = visit_comprehension_node

    # --- names and attributes -----------------------------------------------------------------------------

    def visit_Name(self, node):
        if dunder(node.id) and not (node.id == "__all__" and isinstance(node.ctx, ast.Store)
                                    and self.frames[-1][0] == "module"):  # a module's export list: harmless
            self.fail(node, f"uses {node.id}")
        if not isinstance(node.ctx, ast.Load):
            if node.id in SPECIAL_NAMES:  # the checker treats these builtins' calls specially (isinstance's class)
                self.fail(node, f"binds {node.id}, a builtin the language relies on")
            if node.id in self.names.alias and not self.binds_none(node):
                self.fail(node, f"rebinds {node.id}, the name of an import")
            return
        if node.id in self.names.alias and not self.local(node.id):
            return self.check_path(self.names.alias[node.id], node)
        if self.is_cls(node.id) and id(node) not in self.class_ok:
            self.fail(node, f"uses {node.id}, a classmethod's class, other than to call it or in isinstance")
        if node.id in self.f.classes and not self.local(node.id) and id(node) not in self.class_ok:
            self.fail(node, f"uses the class {node.id} as a value (it may be called, subclassed, or read for a "
                            "constant): a method reached through it could be called with any `self`")
        if self.local(node.id) or (self.frames[-1][0] == "class" and node.id in self.frames[-1][1]):
            return
        if node.id in self.f.consts or (node.id in self.frames[0][1] and node.id not in BUILTIN_NAMES):
            return  # a module-level name (a builtin's name only where a constant is always bound to it)
        if node.id not in BUILTIN_NAMES:
            self.fail(node, f"uses {node.id}, which the code never defines")
        if node.id not in SAFE_BUILTINS or node.id in ("getattr", "hasattr", "super"):
            self.fail(node, f"uses the builtin {node.id}")

    def binds_none(self, node):
        """`except ImportError: triton = None` at module level: the one rebinding of an import we allow."""
        return any(isinstance(st, ast.Assign) and st.targets == [node] and isinstance(st.value, ast.Constant)
                   and st.value.value is None for st in self.module_stmts)

    def check_path(self, full, node):
        """A dotted name rooted at an import, used as a value (a module never is)."""
        if full in DRIVER_OK:
            return
        mod, member, rest = split_path(full)
        if mod is None or member is None:
            self.fail(node, f"uses {full}" + (" as a value: a module may only be the base of an attribute"
                                              if mod else ""))
        if member not in MEMBERS.get(mod, ()):
            self.fail(node, f"uses {full}, which is not in the verifier's allowlist")
        if full in ("triton.jit", "triton.autotune", "triton.heuristics") and not self.decorating:
            self.fail(node, f"{full} is only allowed as a decorator")
        if full == "dataclasses.dataclass":  # a class's decorator (visit_ClassDef), never a value (round 17)
            self.fail(node, f"{full} is only allowed as a class's decorator")
        if full == "torch.nn.Module.__init__":
            return
        obj = getattr(sys.modules.get(mod), member, None)
        if mod.startswith("triton.language") and callable(obj) and not isinstance(obj, type) and not self.decorating:
            self.fail(node, f"uses {full} outside a kernel: triton.language's functions run only in kernels")
        if rest and isinstance(obj, type):
            self.fail(node, f"uses {full}: attributes of a library class are not allowed")
        for a in rest:
            self.check_attr_name(node, a, self_base=False, own_ok=False)

    def check_attr_name(self, node, attr, self_base, own_ok=True):
        """own_ok: the candidate's own attribute names pass on values (an instance of its own class); never on a
        library path (`torch.jit.<own>...` would reach whatever the library holds under that name)."""
        if dunder(attr):
            self.fail(node, f"touches {attr}")
        if attr == "format" and id(node) not in self.format_ok:  # "{0.__globals__[x]}".format(f) walks at run time
            self.fail(node, ".format only on a string literal whose fields name no attribute or item")
        tensorish = attr in TENSOR_DENY or (attr.startswith("_") and hasattr(torch.Tensor, attr))
        if self_base and attr in self.f.own and attr not in NN_RESERVED and not tensorish:
            return  # the candidate's own attribute of its own module (self.cache, self._w)
        if attr in DENY_ATTRS and not (attr == "data_ptr" and id(node) in self.align_ok):
            self.fail(node, f"uses .{attr}, which the verifier does not allow" + (
                " (an address: only its alignment, x.data_ptr() % 16, is)" if attr == "data_ptr" else ""))
        if attr.startswith("_"):
            if not (self_base and attr in self.f.own and attr not in NN_RESERVED):
                self.fail(node, f"touches the private attribute {attr}")
        elif attr not in HOST_ATTRS and not (own_ok and attr in self.f.own and attr not in lib_attrs()):
            self.fail(node, f"uses .{attr}, which is not in the verifier's allowlist" + (
                " (an own name that library objects also have passes on self only)" if attr in self.f.own else ""))

    def visit_Attribute(self, node):
        full = self.names.resolve(node)
        base = node.value
        if full is not None and not (isinstance(base, ast.Name) and self.local(base.id)) and dotted(node):
            if not isinstance(node.ctx, ast.Load):
                self.fail(node, f"patches {full}")
            return self.check_path(full, node)
        if not isinstance(node.ctx, ast.Load):
            me = self.self_name()
            if not (isinstance(base, ast.Name) and base.id == me):
                self.fail(node, f"assigns {ast.unparse(node)}: only self.<name> may be assigned, in a method")
            if node.attr in NN_RESERVED or dunder(node.attr):
                self.fail(node, f"assigns self.{node.attr}, a name nn.Module or the verifier reserves")
            return
        if isinstance(base, ast.Name) and base.id in self.f.kernels and not self.local(base.id):
            self.fail(node, f"reads {base.id}.{node.attr}: a kernel is only launched or passed, never looked into")
        if isinstance(base, ast.Name) and base.id in self.f.classes and not self.local(base.id):
            if node.attr not in self.f.class_consts.get(base.id, ()) | self.f.class_static.get(base.id, set()):
                # ModelNew.BLOCK = 64 read back: a value; ModelNew.launch(...), a staticmethod: no self to pass
                self.fail(node, f"uses {base.id}.{node.attr}: use the instance, not the class")
            return
        is_super = isinstance(base, ast.Call) and isinstance(base.func, ast.Name) and base.func.id == "super"
        if not (is_super and node.attr == "__init__"):
            me = self.self_name()
            self_base = isinstance(base, ast.Name) and (base.id == me or (  # self, CONFIG = Cfg()
                base.id in self.f.own_globals and not self.local(base.id))) or (  # or self.w = Wrapper()
                isinstance(base, ast.Attribute) and isinstance(base.value, ast.Name) and base.value.id == me
                and me is not None and base.attr in self.f.own_objs)
            self.check_attr_name(node, node.attr, self_base)
        self.visit(base)

    # --- calls --------------------------------------------------------------------------------------------

    def check_keywords(self, node):
        for k in node.keywords:
            if k.arg and dunder(k.arg):
                self.fail(node, f"keyword {k.arg}")
        if self.names.resolve(node.func) == "triton.autotune":
            bad = [k.arg for k in node.keywords if k.arg not in AUTOTUNE_KWARGS]
            if bad:
                self.fail(node, f"triton.autotune({bad[0]}=...) is not allowed")

    def visit_Call(self, node):
        self.check_keywords(node)
        fn = node.func
        if (isinstance(fn, ast.Attribute) and fn.attr == "format" and isinstance(fn.value, ast.Constant)
                and isinstance(fn.value.value, str) and plain_fields(fn.value.value)):
            self.format_ok.add(id(fn))
        if isinstance(fn, ast.Name) and (fn.id in self.f.classes or self.is_cls(fn.id)):
            self.class_ok.add(id(fn))  # built: an instance, whose methods are bound
        if isinstance(fn, ast.Name) and fn.id in ("isinstance", "issubclass"):
            self.class_ok |= {id(a) for a in node.args[1:]}
        name = fn.id if isinstance(fn, ast.Name) and not self.local(fn.id) else None
        if name in ("getattr", "hasattr"):
            return self.visit_getattr(node, name)
        if name == "super":
            me = self.self_name()
            ok = not node.args or (len(node.args) == 2 and isinstance(node.args[0], ast.Name)
                                   and node.args[0].id in self.f.classes and isinstance(node.args[1], ast.Name)
                                   and node.args[1].id == me)
            if not ok or node.keywords:
                self.fail(node, "super() takes no arguments, or (ThisClass, self)")
            return
        if name == "type":
            self.fail(node, "type() is not allowed")
        if self.names.resolve(fn) == "torch.Tensor":  # the legacy constructor reads values below the dispatcher
            self.fail(node, "torch.Tensor(...) is not allowed: use torch.empty, torch.tensor or new_empty")
        if name in ("staticmethod", "classmethod", "property"):  # as decorators only: a plain function's `self`
            self.fail(node, f"{name}() called: only as a decorator")  # would be whatever its caller passes
        self.generic_visit(node)

    def visit_getattr(self, node, name):
        if node.keywords or not 2 <= len(node.args) <= (3 if name == "getattr" else 2) \
                or not isinstance(node.args[1], ast.Constant) or not isinstance(node.args[1].value, str):
            self.fail(node, f"{name} needs a literal attribute name")
        obj = node.args[0]
        if self.names.resolve(obj) is not None and dotted(obj) and not (isinstance(obj, ast.Name)
                                                                          and self.local(obj.id)):
            self.fail(node, f"{name} on a module or a library name")
        if isinstance(obj, ast.Name) and obj.id in self.f.classes and not self.local(obj.id):
            self.fail(node, f"{name} on the class {obj.id}: use the instance")
        self.check_attr_name(node, node.args[1].value, isinstance(obj, ast.Name) and obj.id == self.self_name())
        for a in [obj, *node.args[2:]]:
            self.visit(a)


def plain_fields(template):
    """Does a str.format template only name arguments ({}, {0}, {name}), nested specs included, never an
    attribute or an item of one ({0.x}, {0[k]}), which format() would look up at run time, dunders and all?"""
    import string
    try:
        fields = list(string.Formatter().parse(template))
    except ValueError:
        return False
    return all(name is None or re.fullmatch(r"\w*", name) and plain_fields(spec or "") for _, name, spec, _ in fields)


def kernel_builtins():
    from verify_kernel import KERNEL_BUILTINS  # that module imports this one
    return KERNEL_BUILTINS


def check_language(tree, src):
    """None when every line of the module is inside the language, else the first reason (with its line)."""
    names = Names(tree)
    try:
        # The worker imports the file, and an import honours a coding line (utf-7 turns a comment into code)
        if encoding(src) not in ("utf-8", "utf-8-sig"):
            raise Reject("a coding declaration other than utf-8: the file must run as the text checked")
        if names.twice:  # one alias map for the file: `import torch as t` here and `import triton as t` there
            raise Reject(f"{sorted(names.twice)[0]} is bound to two different imports")
        # lines as Python counts them: str.splitlines() also breaks at \f, \v, \x1c.. and would shift the window
        Checker(names, module_facts(tree, names), re.split(r"\r\n|\r|\n", src)).visit(tree)
    except Reject as e:
        return str(e)
    except RecursionError:
        return "the code is nested too deeply to check"
    return None


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    text = open(sys.argv[1], encoding="utf-8").read()
    print(check_language(ast.parse(text), text) or "ok")
