"""
The hidden shape variant's constants (PAPER.md §7): which module-level sizes of a problem change and to what,
and which numbers the Model is built with change; the source edited to match. verify_ref.add_variant builds and
runs what this proposes (also data/augment.py's constant editor).

    python -c "import verify_variant as v; print(v.shape_constants(open('tests/verify_cases/p_relu.py').read()))"
"""

import ast
import math
import re

NOT_SHAPES = re.compile(r"kernel|stride|pad|dilation|group|pool|window|seed|^n_?heads?$|num_heads", re.I)
NOT_FREE = re.compile(r"^p$|eps|norm|power|exponent|order|momentum|dropout|prob|^dim", re.I)  # floats that define the op


def shape_constants(src):
    """{name: (value, expression node)} for module-level integer constants above 1: `N = 2048 * 2`, `M, K = 64,
    48`, `height = width = 128` (the names of one expression change together), `input_shape = (4096,)` (as
    input_shape[0])."""
    out = {}
    for node in ast.parse(src).body:
        pairs = []
        targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(
            node, ast.AnnAssign) and node.value is not None else []  # `n: int = 300` too (round 16)
        for t in targets:
            if isinstance(t, ast.Name):
                pairs.append((t.id, node.value))
            elif isinstance(t, ast.Tuple) and isinstance(node.value, ast.Tuple) and len(t.elts) == len(node.value.elts):
                pairs += [(n.id, e) for n, e in zip(t.elts, node.value.elts) if isinstance(n, ast.Name)]
        for name, expr in list(pairs):
            if isinstance(expr, (ast.Tuple, ast.List)):  # `input_shape = [300]` as (300,) (round 16)
                pairs += [(f"{name}[{i}]", e) for i, e in enumerate(expr.elts)]
        for name, expr in pairs:
            try:  # int(3e2) too (round 16); nothing else is callable here
                v = eval(compile(ast.Expression(expr), "<const>", "eval"), {"__builtins__": {"int": int}})  # noqa: S307
            except Exception:  # noqa: BLE001 (not a constant expression: it refers to names or calls)
                continue
            if isinstance(v, int) and not isinstance(v, bool) and v > 1:
                out[name] = (v, expr)
    return out


def init_names(src):
    """The module-level names get_init_inputs depends on, through the module's own assignments
    (`in_features = hidden * 2`): what the Model is built with, by name (input_shape[0] by input_shape's)."""
    tree = ast.parse(src)
    deps = {}
    for node in tree.body:
        if isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None:
            used = {n.id for n in ast.walk(node.value) if isinstance(n, ast.Name)}
            for t in node.targets if isinstance(node, ast.Assign) else [node.target]:
                for n in ast.walk(t):
                    if isinstance(n, ast.Name):
                        deps.setdefault(n.id, set()).update(used)
    todo = [n.id for f in tree.body if isinstance(f, ast.FunctionDef) and f.name == "get_init_inputs"
            for n in ast.walk(f) if isinstance(n, ast.Name)]
    out = set()
    while todo:
        k = todo.pop()
        if k not in out:
            out.add(k)
            todo += deps.get(k, ())
    return out


def with_constants(src, changes, consts):
    """The source with each changed constant's expression replaced by its new literal, or, for a name that
    shares its expression with one left as it was (`height = width = 32`, width changed alone), a line binding
    it again after the statement; None when a change cannot be made on one line, or two changes of one
    expression disagree."""
    edits, after = {}, {}
    for name, new in changes.items():
        node = consts[name][1]
        key = (node.lineno, node.col_offset, node.end_col_offset)
        siblings = [n for n in consts if consts[n][1] is node and n != name]
        if node.lineno != node.end_lineno or edits.get(key, new) != new:
            return None
        if any(changes.get(n) != new for n in siblings):
            if "[" in name:  # input_shape[0] cannot be bound alone
                return None
            after.setdefault(node.end_lineno, []).append(f"{name} = {new}\n")
        else:
            edits[key] = new
    lines = src.splitlines(keepends=True)
    for (ln, a, b), new in sorted(edits.items(), key=lambda e: (-e[0][0], -e[0][1])):  # right to left, bottom up
        lines[ln - 1] = lines[ln - 1][:a] + str(new) + lines[ln - 1][b:]
    for ln in sorted(after, reverse=True):
        lines[ln - 1:ln] = [lines[ln - 1] if lines[ln - 1].endswith("\n") else lines[ln - 1] + "\n", *after[ln]]
    return "".join(lines)


ATTEMPTS = (("odd", False), ("even", False), (8, False), ("odd", True), ("even", True), (32, True), (32, "one"),
            ("x2", True))


def pick_value(v, grow, style, rng, span=None):
    """A new value for a size v: up to (1 + grow) times as large, or (grow 0) down to half, or within span (factors
    (lo, hi) of v), of the style asked ("odd", "even", a multiple of m, or "x2": doubled or halved, for a size a
    divisibility ties to its own factors), never v itself; None if there is none."""
    if style == "x2":
        return 2 * v if grow else (v // 2 if v % 2 == 0 and v >= 4 else None)
    if span:
        lo, hi = max(2, math.ceil(v * span[0])), max(2, int(v * span[1]))
    else:
        lo, hi = (v + 1, v + max(1, int(v * grow))) if grow else (max(2, math.ceil(0.5 * v)), v - 1)
    ok = [x for x in range(lo, hi + 1) if x != v and (x % 2 == 1 if style == "odd" else x % 2 == 0 if style == "even"
                                                      else x % style == 0)]
    return rng.choice(ok) if ok else None


STRETCH = ((2.5, 8.0), (0.3, 0.6))  # one size grows this much, the others shrink this much (variant_changes)
ALONE = (2.5, 4.0)  # ... a problem of one size grows less: a square matmul 8x wider is 512x the work, and in the
# interpreter an honest kernel's five variant trials then took 50-110 s of the child's 120 (a shrunk L1 13)
TINY = (0.0, 0.12)  # ... and one other collapses to this (at least 2): no size stayed under 0.3x its visible value,
# so a first tile loaded and stored unmasked passed (round 12)
# Sizes below 8 change too where the name says they are sizes (in_channels = 3, batch_size = 4): a kernel that
# unrolls three channels would pass otherwise (round 10).
SMALL_SIZES = re.compile(r"channel|batch|feature|size|len|^num_|^n_|^[nmkbchwl]$|height|width|depth", re.I)


def variant_changes(src, dims, rng, attempt, grow, stretch=False):
    """The size changes of one attempt at a hidden variant (ATTEMPTS: how sizes are rounded, and whether every
    name changes on its own, equal sizes together, as a divisibility may need, or one at a time): integers that
    are a dimension of an input or an integer the Model is built with, of 8 or more (or 2 or more, named as sizes),
    never a kernel size, stride, group or head count the Model is built with. With stretch (names on their own),
    one size grows 2.5 to 8 times (a multiple of 1024 or 256 half the time) and the others shrink to 0.3-0.6 of
    theirs (a problem of one size: it grows alone, 2.5-4 times, or collapses), so a tile or grid fixed at a few
    times the visible size meets a larger one (round 10); names on their own, stretched or not, have one size (not
    the stretched one) collapse to TINY.
    Returns a list of change sets to try, in order (the numbers a Model is built with: vary_floats)."""
    style, tie = ATTEMPTS[attempt]
    consts, names, seen, built_with = shape_constants(src), [], {}, init_names(src)
    for k in sorted(consts):
        v, node = consts[k]
        # a head count or a group is kept where the Model is built with it; one that is only an input's dimension
        # (SDPA's num_heads: a batch dimension of q, k and v) changes like any size (round 14)
        setting = NOT_SHAPES.search(k) and k.split("[")[0] in built_with
        if (v >= 8 or v >= 2 and SMALL_SIZES.search(k)) and v in dims and not setting:
            seen.setdefault(id(node), []).append(k)  # `height = width = 128`: one expression, both names
    names = [ks[0] for ks in seen.values()]
    if tie == "one":
        return [{k: p for k in seen[id(consts[name][1])]} for name in names
                if (p := pick_value(consts[name][0], grow, style, rng)) is not None]
    shared, changes = {}, {}
    alone = {n for n in names if "[" not in n or len(seen[id(consts[n][1])]) == 1}  # input_shape[0]: its own
    free = sorted(alone)  # expression, changed in place; one tied to another name's cannot change alone
    tall = rng.choice(free) if stretch and not tie and free else None
    if tall is not None and len(free) == 1 and rng.random() < 0.5:  # one size: it grows or it collapses (round
        tall = None  # 13: an unmasked first tile passed every single-size problem)
    tiny = rng.choice([n for n in free if n != tall] or [None]) if not tie else None
    for ks in seen.values():
        v = consts[ks[0]][0]
        span = (TINY if tiny in ks else None if tall is None else STRETCH[1] if tall not in ks
                else ALONE if len(free) == 1 else STRETCH[0])
        if tie:  # equal sizes together, as a divisibility may need
            p = shared.setdefault(v, pick_value(v, grow, style, rng))
            changes.update({k: p for k in ks if p is not None})
        else:  # every name on its own, `height = width = 32` too: a square-only path meets a non-square input
            # the stretched size a multiple of 1024 (or 256) half the time: a path wrong only there (`n % BLOCK` as the last
            # tile's count) meets one (odd sizes never are, round 11)
            st = next((m for m in (1024, 256) if pick_value(v, grow, m, rng, span)), style) if (
                tall in ks and rng.random() < 0.5) else style
            picks = {k: p for k in ks if ("[" not in k or len(ks) == 1) and (p := pick_value(v, grow, st, rng, span)
                     or (pick_value(v, grow, 1, rng, span) if span else None)) is not None}  # none that small: any
            for _ in range(8 if len(picks) > 1 else 0):  # and never all equal by chance
                if len(set(picks.values())) > 1:
                    break
                picks[ks[-1]] = pick_value(v, grow, style, rng, span)
            changes.update(picks)
    return [changes] if changes else []


def moved(v, rng):
    """A float the Model is built with, times U(0.7, 1.4) and a random sign (a zero: +-U(0.1, 0.5))."""
    return float(f"{(v * rng.uniform(0.7, 1.4) if v else rng.uniform(0.1, 0.5)) * rng.choice((-1, 1)):.4g}")


def vary_floats(ns, init_inputs, rng):
    """The numbers a Model is built with (get_init_inputs' values, however it computes them: a scale, a slope),
    floats times U(0.7, 1.4) and a random sign, zeros moved; small integers that are settings, not sizes (a
    divisor of 2, hardtanh's bounds of -1 and 1: never varied before round 10), moved by 1 or 2 either way, of
    either sign, never 0; never p, eps, momentum and their kind, nor a size, kernel, stride or group (by the name
    of Model.__init__'s parameter). The candidate is built with the same values: only what it is handed changes.
    Returns (inputs, {name: value})."""
    import inspect
    try:
        names = [p for p in inspect.signature(ns["Model"].__init__).parameters if p != "self"]
    except (TypeError, ValueError):
        names = []
    out, changed = list(init_inputs), {}
    for i, v in enumerate(out):
        name = names[i] if i < len(names) else f"init_inputs[{i}]"
        if isinstance(v, (list, tuple)) and any(type(e) is float for e in v) and not NOT_FREE.search(name):
            # floats packed in a tuple (a clamp range: round 16), each as a float alone below
            out[i] = changed[name] = type(v)(moved(e, rng) if type(e) is float else e for e in v)
        elif type(v) is float and not NOT_FREE.search(name):  # a zero (clamp_min = 0.0) moves by +-U(0.1, 0.5)
            # either sign (a kernel that moves a ReLU across a scale holds only for a positive one); a variant
            # whose reference then fails is tried again with other draws (add_variant)
            out[i] = changed[name] = moved(v, rng)
        elif (type(v) is int and abs(v) < 8 and i < len(names) and not NOT_FREE.search(name)
              and not NOT_SHAPES.search(name) and not SMALL_SIZES.search(name) and not re.search("dim|axis", name)):
            new = rng.choice([x * sign for x in (v + 1, v + 2, v - 1, v - 2) for sign in (1, -1) if x * sign not in (0, v)])
            out[i] = changed[name] = new
    return out, changed
