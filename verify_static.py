"""
The verifier's static layers (PAPER.md §3): extract the code, then check its syntax and functionality on the
AST, before any of it runs. Rules look at what the code does (resolved names, calls, assignments), not at
its text, so `import torch.nn.functional as F; F.relu` and `from torch import relu as r` are the same call.

    python verify_static.py CANDIDATE        # print each layer's finding for a completion or .py file

    extract_code(completion) -> str | None
    static_check(code) -> {"syntax": ..., "safety": ..., "func_static": ...}   # each a reason, or None

The safety layer, what may run at all, is verify_lang.py's language (it uses the AST helpers here: import aliases,
kernels, the names a scope binds). The runtime half of the func layer (launch counting, aten ops, kernel-written
outputs) is in verify_monitor.py; it catches what no AST rule can, such as x * (x > 0).
"""

import ast
import io
import tokenize
import collections
import re
import sys


FENCE = re.compile(r"```[ \t]*(?:python3?|py)?[ \t]*\n(.*?)```", re.DOTALL)


def extract_code(text):
    """The last fenced Python block that defines ModelNew; or the whole text when it is plain code. Only the
    answer counts (prompt.split_answer: after the last </think>; a reasoning span that never closes has none)."""
    from prompt import split_answer
    text = split_answer(text)[1]
    if text is None:
        return None
    blocks = [b for b in FENCE.findall(text) if re.search(r"^\s*class\s+ModelNew\b", b, re.M)]
    if blocks:
        return blocks[-1]
    if "```" not in text:
        try:
            ast.parse(text)
            return text
        except SyntaxError:
            return None
    return None


# torch.* callables a forward may use: allocation, dtypes, shape helpers (PAPER.md §3, "glue").
TORCH_GLUE = {"empty", "empty_like", "empty_strided", "zeros", "zeros_like", "ones", "ones_like", "full",
              "full_like", "arange", "tensor", "device", "Size", "is_tensor", "get_default_dtype", "finfo",
              "iinfo", "promote_types", "result_type", "no_grad", "inference_mode", "float16", "float32",
              "float64", "bfloat16", "int8", "int16", "int32", "int64", "uint8", "bool", "float", "half",
              "long", "int", "flatten", "reshape", "transpose", "permute", "squeeze", "unsqueeze", "movedim",
              "narrow", "t", "split", "chunk", "unbind", "cuda.current_device", "cuda.is_available", "cuda.get_device_capability",
              "cuda.device_count", "cuda.get_device_properties", "cuda.device", "cuda.synchronize", "Tensor",
              "broadcast_shapes", "numel", "is_floating_point", "is_complex", "broadcast_to", "empty_permuted",
              "as_tensor", "cuda.current_stream", "cuda.get_device_name", "cuda.is_bf16_supported", "is_grad_enabled",
              "is_inference_mode_enabled"}
# Tensor methods that compute (a denylist: the runtime monitor is the allowlist that catches the rest).
COMPUTE_METHODS = {
    "add", "sub", "mul", "div", "matmul", "mm", "bmm", "addmm", "baddbmm", "mv", "dot", "einsum", "relu",
    "sigmoid", "tanh", "exp", "exp2", "log", "log2", "log1p", "expm1", "sqrt", "rsqrt", "pow", "abs", "neg",
    "sin", "cos", "softmax", "log_softmax", "sum", "mean", "var", "std", "norm", "max", "min", "amax",
    "amin", "argmax", "argmin", "prod", "cumsum", "cumprod", "clamp", "clip", "where", "masked_fill",
    "maximum", "minimum", "gelu", "silu", "erf", "reciprocal", "sign", "floor", "ceil", "round", "square",
    "logsumexp", "conv2d", "conv1d", "conv3d", "linear", "sort", "topk", "gather", "scatter", "scatter_add",
    "index_select", "masked_select", "tril", "triu", "diag", "outer", "cross", "kron", "fmod", "remainder",
    "lerp", "hardtanh", "leaky_relu", "elu", "selu", "softplus", "mish", "any", "all", "eq", "ne", "lt",
    "le", "gt", "ge", "logical_and", "logical_or", "logical_not", "cat", "stack",
    "add_", "sub_", "mul_", "div_", "relu_", "clamp_", "exp_", "pow_", "sigmoid_", "tanh_", "addmm_",
    "sum_to_size", "new_tensor", "flip", "roll", "repeat", "repeat_interleave", "tile",
}
# torch.nn things that only hold weights: reading them in forward is fine, calling them is not possible.
NN_HOLDERS = {"Parameter", "ParameterList", "ParameterDict", "Buffer"}


def dotted(node):
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        parts.append(node.id)
        return ".".join(reversed(parts))
    return None


def encoding(src):
    """The encoding Python would read src's file in (a coding line is honoured by an import, not by ast.parse)."""
    try:
        return tokenize.detect_encoding(io.BytesIO(src.encode()).readline)[0]
    except SyntaxError:  # an encoding Python does not know
        return None


class Names:
    """Import aliases: F -> torch.nn.functional, tl -> triton.language, relu -> torch.relu."""

    def __init__(self, tree):
        self.alias, self.twice = {}, set()  # twice: names imported as two different things (verify_lang refuses)
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                pairs = [(a.asname or a.name.split(".")[0], a.name if a.asname else a.name.split(".")[0])
                         for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                pairs = [(a.asname or a.name, f"{node.module}.{a.name}") for a in node.names]
            else:
                continue
            for name, target in pairs:
                if self.alias.setdefault(name, target) != target:
                    self.twice.add(name)

    def resolve(self, node):
        d = dotted(node)
        if d is None:
            return None
        root, _, rest = d.partition(".")
        if root not in self.alias:
            return None
        return self.alias[root] + ("." + rest if rest else "")


def decorator_path(dec, names):
    return names.resolve(dec.func if isinstance(dec, ast.Call) else dec)


def is_kernel(fn, names):
    return any(decorator_path(d, names) in ("triton.jit", "triton.language.jit") for d in fn.decorator_list)


def is_main_guard(node):
    """`if __name__ == "__main__":` at module level: its body never runs when the verifier imports the file."""
    t = node.test if isinstance(node, ast.If) else None
    return (isinstance(t, ast.Compare) and isinstance(t.left, ast.Name) and t.left.id == "__name__"
            and len(t.ops) == 1 and isinstance(t.ops[0], ast.Eq) and isinstance(t.comparators[0], ast.Constant)
            and t.comparators[0].value == "__main__" and not node.orelse)


def stored_names(body):
    return set(bindings(body))


def bindings(body):
    """{name: how many times a scope's statements bind it} (assignments, augmented ones, loops, with/except
    targets, imports, defs, walrus, del), not counting nested functions, lambdas or comprehension targets, which
    have scopes of their own."""
    out, todo = collections.Counter(), list(body)
    while todo:
        n = todo.pop()
        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            out[n.name] += 1
            continue
        if isinstance(n, ast.Lambda):
            continue
        if isinstance(n, ast.Name) and isinstance(n.ctx, (ast.Store, ast.Del)):
            out[n.id] += 1
        elif isinstance(n, (ast.Import, ast.ImportFrom)):
            out.update(a.asname or a.name.split(".")[0] for a in n.names)
        elif isinstance(n, (ast.ExceptHandler, ast.MatchAs)) and n.name:
            out[n.name] += 1
        if isinstance(n, (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)):
            todo.extend(x.target for x in ast.walk(n) if isinstance(x, ast.NamedExpr))
            continue
        todo.extend(ast.iter_child_nodes(n))
    return out


RERAISE = {"RuntimeError", "ValueError", "TypeError", "NotImplementedError", "AssertionError"}


def reraise_only(node):
    """A try whose every handler only raises again (`except E as e: raise RuntimeError("...") from e`, or a bare
    raise), with no else or finally: it can report a failure, never swallow one or fall back to other code (a
    common LLM idiom around a launch, refused before round 12)."""
    if not isinstance(node, ast.Try) or node.orelse or node.finalbody:
        return False
    for h in node.handlers:
        if len(h.body) != 1 or not isinstance(h.body[0], ast.Raise):
            return False
        r = h.body[0]
        raised = r.exc.func if isinstance(r.exc, ast.Call) else r.exc
        if r.exc is not None and not (isinstance(raised, ast.Name) and raised.id in RERAISE):
            return False  # not AttributeError or StopIteration: getattr's default or a loop would swallow those
        if not (plain_value(h.type) and all(plain_value(a) for a in getattr(r.exc, "args", []) + [
                k.value for k in getattr(r.exc, "keywords", [])])):
            return False  # round 14: `raise E(stop()) from e` ran code whose StopIteration a map() swallowed
        if h.name and (any(isinstance(n, ast.Name) and n.id == h.name for n in ast.walk(r.exc or ast.Pass()))
                       or not (r.cause is None or isinstance(r.cause, ast.Name) and r.cause.id == h.name)):
            return False  # the caught exception only as the cause: its text is never formatted by the candidate
    return True


def plain_value(node):
    """A literal, a name, a dotted name, a tuple of those or an f-string: nothing that calls outside a message's
    formatting. (A launch that raised fails the candidate anyway, swallowed or not: verify_monitor's run hook.)"""
    if node is None or isinstance(node, (ast.Constant, ast.Name)):
        return True
    if isinstance(node, ast.Attribute):
        return plain_value(node.value)
    if isinstance(node, ast.Tuple):
        return all(plain_value(e) for e in node.elts)
    if isinstance(node, ast.JoinedStr):
        return True
    return False


def params(fn):
    a = fn.args
    return [x.arg for x in a.posonlyargs + a.args + a.kwonlyargs] + [x.arg for x in (a.vararg, a.kwarg) if x]


def launched_kernel(call):
    """`kernel[grid](...)` -> the kernel's name."""
    if isinstance(call.func, ast.Subscript):
        return dotted(call.func.value)
    return None


def forward_path(tree, model_new):
    """Functions reachable from ModelNew.forward: module functions called by name, and the candidate's methods
    called by name on any object (self.norm(x) may be a helper module of the candidate's own whose forward runs,
    a base class may define what self calls). An over-approximation: the launch it must find is checked again
    at run time, and the static compute checks only get stricter for each function it adds."""
    funcs = {n.name: n for n in tree.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))}
    methods = collections.defaultdict(list)
    for c in [n for n in tree.body if isinstance(n, ast.ClassDef)]:
        for m in c.body:
            if isinstance(m, (ast.FunctionDef, ast.AsyncFunctionDef)):
                methods[m.name].append(m)
    todo, seen = [m for m in model_new.body if isinstance(m, ast.FunctionDef) and m.name == "forward"], []
    while todo:
        fn = todo.pop()
        if fn in seen:
            continue
        seen.append(fn)
        for node in ast.walk(fn):
            if isinstance(node, ast.Name) and node.id in funcs and isinstance(node.ctx, ast.Load):
                todo.append(funcs[node.id])  # called, or used as a value: map(put_one, ...), key=..., a default
            elif isinstance(node, ast.Attribute) and not isinstance(node.ctx, ast.Store) and node.attr in methods:
                todo += methods[node.attr]  # self.helper passed on as a value (round 12: map(self.put, ...))
            if isinstance(node, ast.Call):
                if isinstance(node.func, ast.Attribute):
                    # self.act(x): a method of that name, or a module of the candidate's own (its forward)
                    on_self = isinstance(node.func.value, ast.Name) and node.func.value.id == "self"
                    todo += methods.get(node.func.attr, []) or (methods.get("forward", []) if on_self else [])
    return seen


def own_methods(tree):
    """Names self.<name>(...) may call that are the candidate's own: its classes' methods, and attributes holding
    an instance of one of its classes (self.act = TritonGELU(): self.act(x) runs that class's forward)."""
    classes = [c for c in tree.body if isinstance(c, ast.ClassDef)]
    held = {t.attr for n in ast.walk(tree) if isinstance(n, ast.Assign) and isinstance(n.value, ast.Call)
            and isinstance(n.value.func, ast.Name) and n.value.func.id in {c.name for c in classes}
            for t in n.targets if isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name) and t.value.id == "self"}
    return held | {m.name for c in classes for m in c.body if isinstance(m, ast.FunctionDef)}


def launches_of(tree, path, kernels):
    """The kernels launched on the path: by name, through a launcher's parameter (`kernel[grid](...)` in a
    function the path calls with a kernel as an argument), or through a value that holds one (`self.kernel[grid]`,
    `KERNELS["relu"][grid]`: any kernel the module uses as a value). The runtime check counts real launches."""
    calls = [c for f in path for c in ast.walk(f) if isinstance(c, ast.Call)]
    named = {launched_kernel(c) for c in calls}
    passed = {a.id for c in calls for a in [*c.args, *(k.value for k in c.keywords)]
              if isinstance(a, ast.Name) and a.id in kernels}
    via_param = any(launched_kernel(c) in params(f) for f in path for c in ast.walk(f) if isinstance(c, ast.Call))
    held = any(isinstance(c.func, ast.Subscript) and isinstance(c.func.value, (ast.Attribute, ast.Subscript))
               for c in calls)
    as_values = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and n.id in kernels
                 and isinstance(n.ctx, ast.Load)} - named if held else set()
    return (named & kernels) | (passed if via_param else set()) | as_values


def syntax_layer(tree, names):
    """Python defining ModelNew with a forward, at least one @triton.jit kernel, and a launch from forward."""
    classes = {n.name: n for n in tree.body if isinstance(n, ast.ClassDef)}
    if "ModelNew" not in classes:
        return "no class ModelNew at module level", None, set()
    model_new = classes["ModelNew"]
    if not any(isinstance(n, ast.FunctionDef) and n.name == "forward" for n in model_new.body):
        return "ModelNew has no forward method", None, set()
    kernels = {n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef) and is_kernel(n, names)}
    if not kernels:
        return "no @triton.jit kernel", None, set()
    path = forward_path(tree, model_new)
    if not launches_of(tree, path, kernels):
        return f"no launch of a @triton.jit kernel ({', '.join(sorted(kernels))}) is reachable from forward", None, set()
    return None, path, kernels


STR_OPTIONS = {"eviction_policy", "cache_modifier", "padding_option", "sem", "scope", "rounding", "input_precision"}
STR_SINKS = {"static_assert", "device_assert", "static_print", "device_print", "print"}  # strings that are never data


def source_table(tree, kernels):
    """Values written in the kernels' source, and in the module constants they read (transitively): a table if a
    tuple or list there holds TABLE values (whatever they are: round 38 computed GELU at import from four literals),
    if the distinct literals inside tuples and lists, with strings, weigh TABLE (verify_early.weigh: round 38 packed
    two 12-bit entries into each integer-valued float), if all distinct literals weigh 2 x TABLE, each float by its
    digits (round 39 packed three entries into each of 81 15-digit literals, straight-line), or if 4 x TABLE appear
    (bits spelled as 0s and 1s). Round 37: GELU's 257 values as float literals in a kernel's tuple. Honest
    coefficients: round 38's fused Cody erf (37) and rational tanh (11) in one epilogue; round 39's Cody erf at 18
    digits in tuples; round 30's level-2 epilogues weigh 12. Docstrings, option strings (eviction_policy=...) and
    assert messages are never read as data and are not counted."""
    from verify_early import TABLE, weigh
    defs = [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef) and n.name in kernels]
    tops = [e for k in defs for e in (*k.body, *k.args.defaults, *k.args.kw_defaults) if e is not None]
    read, seen = {n.id for t in tops for n in ast.walk(t) if isinstance(n, ast.Name)}, set()
    while read - seen:  # module constants the kernels read, and the constants those are made of
        seen |= read
        for st in tree.body:
            targets = st.targets if isinstance(st, ast.Assign) else [getattr(st, "target", None)]
            if isinstance(st, (ast.Assign, ast.AnnAssign)) and st.value is not None and any(
                    isinstance(t, ast.Name) and t.id in seen for t in targets):
                tops.append(st.value)
                read |= {n.id for n in ast.walk(st.value) if isinstance(n, ast.Name)}
    skip = {id(e.value) for t in tops for e in ast.walk(t) if isinstance(e, ast.Expr)}  # docstrings, bare strings
    for c in (c for t in tops for c in ast.walk(t)):  # Triton's own calls only: tl.* and methods (a kernel calls
        if isinstance(c, ast.Call) and isinstance(c.func, ast.Attribute):  # its own helpers by name; round 40 named
            skip.update(id(k.value) for k in c.keywords if k.arg in STR_OPTIONS and isinstance(k.value, ast.Constant)
                        and isinstance(k.value.value, str))  # one device_print and handed it a table)
            if c.func.attr in STR_SINKS:
                skip.update(id(a) for a in c.args[1:] + [k.value for k in c.keywords if k.arg == "msg"]
                            if isinstance(a, ast.Constant) and isinstance(a.value, str))
    displays = [d for t in tops for d in ast.walk(t) if isinstance(d, (ast.Tuple, ast.List))]
    def elements(d):  # a display's values, nested displays flattened
        return sum(elements(e) if isinstance(e, (ast.Tuple, ast.List)) else 1 for e in d.elts)
    leaves = max([elements(d) for d in displays if isinstance(d.ctx, ast.Load)] + [0])
    lits = {id(c): c.value for t in tops for c in ast.walk(t) if isinstance(c, ast.Constant) and id(c) not in skip
            and (c.value is None or c.value is ... or isinstance(c.value, (int, float, complex, str, bytes)))}
    held = {i: v for d in displays for c in ast.walk(d) if (i := id(c)) in lits for v in [lits[i]]}
    held.update({i: v for i, v in lits.items() if isinstance(v, (str, bytes))})
    (w_held, _), (w_all, count) = weigh(list(held.values())), weigh(list(lits.values()), precise=True)
    if leaves >= TABLE or w_held >= TABLE or w_all >= 2 * TABLE or count >= 4 * TABLE:
        return (f"the kernels' source (with the module constants they read) writes {count} numbers (distinct ones "
                f"weighing {w_all}, {w_held} of them in tuples, lists and strings; the longest tuple {leaves} values): "
                f"a table written in the source (TABLE {TABLE}, verify_static.source_table)")
    return None


def func_layer(tree, names, path, kernels):
    """PAPER.md §3 func layer, static half, and the §7 exploits an AST can see."""
    hit = source_table(tree, kernels)
    if hit:
        return hit
    nn_layers = set()  # self.<attr> holding a torch.nn module built in __init__
    classes, mine = {n.name for n in tree.body if isinstance(n, ast.ClassDef)}, own_methods(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef):
            if node.name == "Model":
                return f"defines a class named Model, the reference's name (line {node.lineno})"
            for b in node.bases:  # or a class of its own (the language allows only nn.Module's descendants)
                if names.resolve(b) not in ("torch.nn.Module", "torch.nn.modules.module.Module") and not (
                        isinstance(b, ast.Name) and b.id in classes):
                    return f"class {node.name} subclasses {ast.unparse(b)}, not nn.Module (line {node.lineno})"
        if isinstance(node, ast.Name) and node.id == "Model":
            return f"refers to the reference Model (line {node.lineno})"
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call):
            made = names.resolve(node.value.func) or ""
            if made.startswith("torch.nn.") and made.rsplit(".", 1)[1] not in NN_HOLDERS:
                nn_layers.update(t.attr for t in node.targets if isinstance(t, ast.Attribute)
                                 and isinstance(t.value, ast.Name) and t.value.id == "self")
    self_lists = python_containers(tree, on_self=True)
    for fn in path:
        if fn.name in kernels:
            continue
        lists = python_containers(fn)
        for node in ast.walk(fn):
            # (a handler is only ever inside a try: the try decides)
            if isinstance(node, ast.Try) and not reraise_only(node) or type(node).__name__ == "TryStar":
                return f"try/except in the forward path (line {node.lineno}): a fallback around the kernel?"
            if isinstance(node, ast.BinOp) and isinstance(node.op, ast.MatMult):
                return f"the @ operator in the forward path (line {node.lineno})"
            if not isinstance(node, ast.Call):
                continue
            full = names.resolve(node.func)
            if full and full.startswith("torch."):
                if full[len("torch."):] not in TORCH_GLUE:
                    return f"PyTorch compute {full} in the forward path (line {node.lineno})"
            elif isinstance(node.func, ast.Attribute):
                f = node.func
                if isinstance(f.value, ast.Name) and f.value.id == "self" and f.attr in nn_layers:
                    return f"calls the torch.nn layer self.{f.attr} in the forward path (line {node.lineno})"
                # self.gelu(x), self.ops.softmax(x): a method the candidate defines (on a tensor, the runtime
                # monitor sees the aten op); dims.sort(), seen.add(k): a Python list's or set's
                own = f.attr in mine or isinstance(f.value, ast.Name) and f.value.id in lists or (
                    isinstance(f.value, ast.Attribute) and isinstance(f.value.value, ast.Name)
                    and f.value.value.id == "self" and f.value.attr in self_lists)
                if f.attr in COMPUTE_METHODS and not own and not (full and full.startswith(("triton.", "math."))):
                    return f"tensor compute .{f.attr}() in the forward path (line {node.lineno})"
    return None


def python_containers(scope, on_self=False):
    """Names in scope (a function's locals; with on_self, the module's self.<name>s) only ever bound to a list,
    set, dict or tuple display, comprehension or constructor call: their .sort(), .add(), ... are Python's, not
    tensor compute."""
    kinds, made = (ast.List, ast.Set, ast.Dict, ast.Tuple, ast.ListComp, ast.SetComp, ast.DictComp), {}
    for node in ast.walk(scope):
        targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(
            node, (ast.AnnAssign, ast.AugAssign, ast.For, ast.NamedExpr)) else []
        for t in targets:
            for n in ast.walk(t):
                key = (n.attr if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name)
                       and n.value.id == "self" else None) if on_self else (n.id if isinstance(n, ast.Name) else None)
                if key is not None:
                    v = getattr(node, "value", None)
                    ok = isinstance(v, kinds) or isinstance(v, ast.Call) and isinstance(v.func, ast.Name) and \
                        v.func.id in ("list", "set", "dict", "sorted", "tuple") and isinstance(node, ast.Assign)
                    made[key] = made.get(key, True) and ok and t is n
    return {k for k, ok in made.items() if ok}


def static_check(code):
    """{"syntax", "safety", "func_static"}: each a reason, or None when it passed (or was not reached)."""
    try:
        tree = ast.parse(code)
    except SyntaxError as e:
        return {"syntax": f"does not parse: {e.msg} (line {e.lineno})", "safety": None, "func_static": None}
    names = Names(tree)
    bad, path, kernels = syntax_layer(tree, names)
    if bad:
        return {"syntax": bad, "safety": None, "func_static": None}
    from verify_lang import check_language  # it imports this module's helpers
    return {"syntax": None, "safety": check_language(tree, code), "func_static": func_layer(tree, names, path, kernels)}


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    text = open(sys.argv[1], encoding="utf-8").read()
    code = extract_code(text)
    print({"extract": code is not None, **(static_check(code) if code else {})})
