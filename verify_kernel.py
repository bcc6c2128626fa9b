"""
The kernel half of the language (PAPER.md §3, safety layer): what a @triton.jit body may contain. It is what
Triton's GPU compiler accepts, so that the interpreter, which runs the body as Python on the CPU, cannot be made
to run anything else: names are parameters, locals, module constants and kernels bound once; calls go to
triton.language, libdevice, math, kernels, a few builtins and the methods of Triton's tensors and dtypes.

    python verify_lang.py CANDIDATE.py        # the whole language, kernels included: the first construct outside it
"""

import ast
import sys

from verify_lang import MEMBERS, TRITON_DECORATORS, dunder, is_const, public, split_path
from verify_static import decorator_path, dotted, params, stored_names

KERNEL_BUILTINS = {"range", "len", "min", "max", "int", "float", "bool", "print", "isinstance", "list", "tuple",
                   "zip", "enumerate", "abs", "True", "False", "None"}


def _kernel_attrs():
    import triton.language as tl
    # TMA descriptors' load/store/gather/... too (tl.tensor_descriptor, where this Triton has it)
    kinds = (tl.tensor, tl.dtype) + tuple(c for c in [getattr(tl, "tensor_descriptor", None)] if c is not None)
    methods = {n for c in kinds for n in public(c) if callable(getattr(c, n, None))}
    return (set().union(*(public(c) for c in kinds)) | public(tl.pointer_type) | public(tl.constexpr)
            | {"element_ty", "value", "T", "shape", "dtype", "numel", "type"}), methods  # a descriptor's .load too


KERNEL_ATTRS, KERNEL_METHODS = _kernel_attrs()  # what a kernel may read of a value, and call on one
KERNEL_MODULES = ("triton", "math")
KERNEL_STMTS = (ast.Assign, ast.AugAssign, ast.AnnAssign, ast.For, ast.While, ast.If, ast.Return, ast.Expr, ast.Pass,
                ast.Break, ast.Continue, ast.Assert)


class KernelChecker:
    """A @triton.jit body: what the GPU compiler accepts, so that the interpreter (which runs the body as
    Python, PAPER.md §3's CPU path) cannot be made to run anything else."""

    def __init__(self, host, fn):
        self.host, self.fn, self.names, self.f = host, fn, host.names, host.f
        self.bound = set(params(fn)) | stored_names(fn.body)
        # what math.*, int() and float() may read (call): constants, and a launched kernel's own parameters, which
        # come from the launch (counted); not those of a kernel that other kernels call, nor reassigned ones
        self.fixed = host.f.consts | (set(params(fn)) - stored_names(fn.body) if fn.name not in host.f.helpers
                                      else set())

    def fail(self, node, msg):
        self.host.fail(node, f"kernel {self.fn.name}: {msg}")

    def check(self):
        # The interpreter recompiles a kernel from its source text, starting at the last line that begins with
        # "def " (triton.runtime.interpreter.FunctionRewriter): another such line, inside a string, would be run.
        first = min([d.lineno for d in self.fn.decorator_list] + [self.fn.lineno])
        defs = [i for i in range(first, self.fn.end_lineno + 1) if self.host.lines[i - 1].strip().startswith("def ")]
        if defs != [self.fn.lineno]:
            self.fail(self.fn, f"a line that starts with 'def ' inside the kernel (line {defs[-1]})")
        paths = [decorator_path(d, self.names) for d in self.fn.decorator_list]
        if any(p not in TRITON_DECORATORS for p in paths) or paths[-1] not in ("triton.jit", "triton.language.jit"):
            self.fail(self.fn, "a kernel's decorators are Triton's own, @triton.jit nearest the def")
        a = self.fn.args
        for ann in [x.annotation for x in a.posonlyargs + a.args + a.kwonlyargs + [a.vararg, a.kwarg] if x] + [
                self.fn.returns]:  # evaluated on the host when the def runs: a name (tl.constexpr) or a string only
            if ann is not None and not (dotted(ann) or isinstance(ann, ast.Constant) and isinstance(ann.value, str)):
                self.fail(ann, f"annotation {ast.unparse(ann)}: a kernel's annotations are names (tl.constexpr)")
        for d in a.defaults + [d for d in a.kw_defaults if d is not None]:
            if not is_const(d, self.f.consts, self.names):
                self.fail(d, "a parameter's default must be a constant")
        for stmt in ast.walk(ast.Module(body=self.fn.body, type_ignores=[])):
            if isinstance(stmt, ast.stmt) and not isinstance(stmt, KERNEL_STMTS):
                self.fail(stmt, f"{type(stmt).__name__} is not part of the kernel language")
            if isinstance(stmt, (ast.Lambda, ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp, ast.Await,
                                 ast.Yield, ast.YieldFrom, ast.NamedExpr)):
                self.fail(stmt, f"{type(stmt).__name__} is not part of the kernel language")
        for stmt in self.fn.body:
            self.expr(stmt)

    def expr(self, node):
        if isinstance(node, ast.Attribute):
            return self.attribute(node)
        if isinstance(node, ast.Name):
            return self.name(node)
        if isinstance(node, ast.Call):
            self.call(node)
        elif isinstance(node, ast.keyword) and node.arg and dunder(node.arg):
            self.fail(node, f"keyword {node.arg}")
        for child in ast.iter_child_nodes(node):
            self.expr(child)

    def path_ok(self, node, full):
        mod, member, rest = split_path(full)
        if mod in sys.modules and member and not hasattr(sys.modules[mod], member):  # round 25's honest writer:
            self.fail(node, f"uses {full}, which this Triton does not have")  # tl.advance, gone in Triton 3.9
        if mod is None or not mod.startswith(KERNEL_MODULES) or (member and member not in MEMBERS.get(mod, ())):
            self.fail(node, f"uses {full}: a kernel may use triton.language, libdevice and math only")
        for a in rest:
            if dunder(a) or a.startswith("_") or a not in KERNEL_ATTRS:
                self.fail(node, f"uses {full}")

    def name(self, node):
        n = node.id
        if dunder(n):
            self.fail(node, f"uses {n}")
        if isinstance(node.ctx, ast.Load) and n not in self.bound:
            if n in self.names.alias:
                self.path_ok(node, self.names.alias[n])
            elif n not in self.f.kernels and n not in self.f.consts and n not in KERNEL_BUILTINS:
                self.fail(node, f"reads {n}, which is not a parameter, a local, a module constant or a kernel")

    def attribute(self, node):
        full = self.names.resolve(node)
        base = node.value
        if full is not None and dotted(node) and not (isinstance(base, ast.Name) and base.id in self.bound):
            return self.path_ok(node, full)
        a = node.attr
        if dunder(a) or a.startswith("_") or a not in KERNEL_ATTRS:
            self.fail(node, f"uses .{a}, which is not part of the kernel language")
        if not isinstance(node.ctx, ast.Load):
            self.fail(node, f"assigns {ast.unparse(node)}")
        self.expr(base)

    def call(self, node):
        fn = node.func
        if not isinstance(fn, (ast.Name, ast.Attribute)):
            self.fail(node, f"calls {ast.unparse(fn)}: a kernel calls functions by their names")
        if isinstance(fn, ast.Attribute) and not (self.names.resolve(fn) and dotted(fn) and not (
                isinstance(fn.value, ast.Name) and fn.value.id in self.bound)) and fn.attr not in KERNEL_METHODS:
            self.fail(node, f"calls .{fn.attr}, which is not a method of a Triton tensor or dtype")
        if isinstance(fn, ast.Name) and fn.id not in self.bound and fn.id not in self.names.alias \
                and fn.id not in self.f.kernels and fn.id not in KERNEL_BUILTINS:
            self.fail(node, f"calls {fn.id}, which is not a Triton function or a @triton.jit kernel")
        full = self.names.resolve(fn) if not (isinstance(fn, ast.Name) and fn.id in self.bound) else None
        if ((full or "").startswith("math.") or isinstance(fn, ast.Name) and fn.id in ("int", "float") and full is None
                and fn.id not in self.bound) and not all(
                is_const(a, self.fixed, self.names) for a in [*node.args, *(k.value for k in node.keywords)]):
            # Python runs these on constexprs while the kernel is traced: math.erf(LO + k * STEP) in a static_range
            # tabulated GELU with no literal (round 39), int(P * 1e15) decoded entries packed in a float literal;
            # 1 / math.sqrt(HEAD_DIM) of a launched kernel's constexpr is a scale
            self.fail(node, f"calls {ast.unparse(fn)} on a value that is not a constant: Python would compute it "
                      "while the kernel is traced")


