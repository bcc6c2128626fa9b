"""
libdevice, bfloat16 and speed in Triton's interpreter (the verifier's CPU path; bf16: install_bf16; speed:
install_patch_cache). Triton 3.9's
interpreter runs no libdevice: its extern functions are never handed the interpreter's semantic ("Did you forget to
add @triton.jit?"), and its builder has no extern_elementwise. So an honest kernel calling libdevice.tanh or
libdevice.erf, common in model-written GELU and Mish kernels, failed on the CPU alone (round 12's honest writer).
Installed in the child (verify_monitor.install_triton_hooks) before a candidate is imported; on a GPU nothing
changes.

    TRITON_INTERPRET=1 python -c "import verify_libdevice as d; d.install(); print(sorted(d.NUMPY)[:8])"
"""

import math

import numpy as np

_erf, _erfc = np.vectorize(math.erf), np.vectorize(math.erfc)
NUMPY = {  # libdevice's name without __nv_ and the float suffix -> what numpy computes for it
    "tanh": np.tanh, "sinh": np.sinh, "cosh": np.cosh, "asinh": np.arcsinh, "acosh": np.arccosh,
    "atanh": np.arctanh, "sin": np.sin, "cos": np.cos, "tan": np.tan, "asin": np.arcsin, "acos": np.arccos,
    "atan": np.arctan, "atan2": np.arctan2, "exp": np.exp, "exp2": np.exp2, "exp10": lambda x: np.power(10.0, x),
    "expm1": np.expm1, "log": np.log, "log2": np.log2, "log10": np.log10, "log1p": np.log1p, "sqrt": np.sqrt,
    "rsqrt": lambda x: 1.0 / np.sqrt(x), "cbrt": np.cbrt, "pow": np.power, "powi": np.power, "fabs": np.abs,
    "abs": np.abs, "llabs": np.abs, "floor": np.floor, "ceil": np.ceil, "trunc": np.trunc, "round": np.round,
    "rint": np.rint, "nearbyint": np.rint, "fmax": np.fmax, "fmin": np.fmin, "max": np.maximum, "min": np.minimum,
    "fmod": np.fmod, "hypot": np.hypot, "erf": _erf, "erfc": _erfc, "isnan": np.isnan, "isinf": np.isinf,
    "isfinited": np.isfinite, "finitef": np.isfinite, "signbitf": np.signbit, "signbitd": np.signbit,
    "copysign": np.copysign, "fma": lambda a, b, c: a * b + c, "fdim": lambda a, b: np.maximum(a - b, 0),
    "div_rn": np.divide, "fdiv_rn": np.divide, "sqrt_rn": np.sqrt, "exp2f": np.exp2,
    "saturatef": lambda x: np.clip(x, 0, 1),
    "sigmoid": lambda x: 1 / (1 + np.exp(-x)), "fast_expf": np.exp, "fast_tanhf": np.tanh, "fast_logf": np.log,
    "fast_powf": np.power, "fast_exp10f": lambda x: np.power(10.0, x), "fast_log2f": np.log2, "fast_log10f": np.log10,
    "fast_sinf": np.sin, "fast_cosf": np.cos, "fast_tanf": np.tan,
}


def numpy_of(symbol):
    """numpy's function for a libdevice symbol (__nv_tanhf, __nv_tanh, __nv_fast_expf, __nv_isinfd, ...), or
    None."""
    name = symbol[len("__nv_"):] if symbol.startswith("__nv_") else symbol
    for cand in (name, name[:-1] if name.endswith(("f", "d")) else None):
        if cand in NUMPY:
            return NUMPY[cand]
    return None


def extern_elementwise(self, lib_name, lib_path, symbol, args, ret_type, is_pure):
    """The interpreter builder's missing op: the symbol's function on the arguments' values, in the result's
    precision (libdevice's float functions are computed in float32; numpy's, rounded to it)."""
    from triton.runtime.interpreter import TensorHandle, _get_np_dtype
    fn = numpy_of(symbol)
    if fn is None:
        raise NotImplementedError(f"libdevice {symbol} is not available in the interpreter")
    scalar = ret_type.scalar if hasattr(ret_type, "scalar") else ret_type
    with np.errstate(all="ignore"):  # as on the GPU: inf and nan, no warnings
        out = np.asarray(fn(*[a.data for a in args]))
    return TensorHandle(out.astype(_get_np_dtype(scalar)), scalar)


def install():
    """Every libdevice module's extern functions take the interpreter's semantic, and its builder computes
    them. Only where Triton runs kernels in the interpreter."""
    import importlib
    import inspect
    import triton.language as tl
    from triton.runtime import interpreter
    install_bf16()
    install_patch_cache()
    if getattr(interpreter.InterpreterBuilder, "create_extern_elementwise", None) is extern_elementwise:
        return
    interpreter.InterpreterBuilder.create_extern_elementwise = extern_elementwise
    for path in ("triton.language.extra.cuda.libdevice", "triton.language.extra.libdevice",
                 "triton.language.extra.hip.libdevice"):
        try:
            mod = importlib.import_module(path)
        except ImportError:
            continue
        for name, member in inspect.getmembers(mod):
            if tl.core.is_builtin(member):
                setattr(mod, name, _with_semantic(member))
    # The generic module (`from triton.language.extra import libdevice`, Triton's own tutorial) holds empty stubs
    # that the GPU compiler maps onto the backend's libdevice; the interpreter called them and got None.
    import triton.language.extra.cuda.libdevice as cuda
    import triton.language.extra.libdevice as generic
    for name, member in inspect.getmembers(generic, inspect.isfunction):
        if not tl.core.is_builtin(member) and callable(getattr(cuda, name, None)):
            setattr(generic, name, getattr(cuda, name))


_BUILTINS = {}  # id(package) -> (the package, the names of its Triton builtins, read while none was patched)


def install_patch_cache():
    """The interpreter re-patches triton.language at every call of a @triton.jit helper (tl.sum and its combine
    function are two per program), and each patch read every member of five packages with inspect.getmembers: a
    third of an interpreted reduction's time (1,024 programs of a matvec: 3.8 s, 2.5 s with this). The names of
    a package's builtins never change, so they are read once, before any kernel runs, and each patch then looks
    only at those; a member already patched is skipped, as before. Verdicts are unchanged: only the lookup is."""
    import inspect
    import triton.language as tl
    from triton.runtime import interpreter
    original, attr = getattr(interpreter, "_patch_builtin", None), getattr(interpreter, "_patch_attr", None)
    if original is None or attr is None or getattr(original, "cached", False) \
            or len(inspect.signature(original).parameters) != 3 or len(inspect.signature(attr).parameters) != 5:
        return  # another Triton's interpreter: left as it is

    def names(pkg):
        if id(pkg) not in _BUILTINS:
            _BUILTINS[id(pkg)] = (pkg, [n for n, m in inspect.getmembers(pkg) if tl.core.is_builtin(m)])
        return _BUILTINS[id(pkg)][1]

    def patch_builtin(pkg, builder, scope):
        for name in names(pkg):
            member = getattr(pkg, name)
            if tl.core.is_builtin(member):
                attr(pkg, name, member, builder, scope)
    patch_builtin.cached = True
    interpreter._get_np_dtype = np_dtype_cached(interpreter._get_np_dtype)
    for pkg in (tl, tl.core, tl.tensor, tl.math, getattr(tl.core, "tensor_descriptor_base", None)):
        if pkg is not None:
            names(pkg)  # read now, while nothing is patched
    interpreter._patch_builtin = patch_builtin


def np_dtype_cached(get):
    """The interpreter's Triton -> numpy dtype lookup (a dict of 20 entries built at every call, 9% of an
    interpreted matvec), remembered per Triton type: the answer depends on the type alone."""
    seen = {}

    def cached(tt_dtype):
        try:
            return seen[tt_dtype]
        except KeyError:
            seen[tt_dtype] = out = get(tt_dtype)
            return out
        except TypeError:  # unhashable: as before
            return get(tt_dtype)
    return cached


def bf16_bits(values):
    """float32 values -> bfloat16 bit patterns, rounded to nearest even as the GPU rounds (NaN stays NaN)."""
    values = np.asarray(values, dtype=np.float32)
    bits = values.view(np.uint32).astype(np.uint64)
    out = ((bits + 0x7FFF + ((bits >> 16) & 1)) >> 16).astype(np.uint16)
    return np.where(np.isnan(values), np.uint16(0x7FC0), out)


def bf16_values(bits):
    """bfloat16 bit patterns (how the interpreter stores bf16) -> their float32 values, exactly."""
    return (np.asarray(bits, dtype=np.uint16).astype(np.uint32) << 16).view(np.float32)


def install_bf16():
    """bfloat16 in the interpreter as on the GPU: float32 -> bf16 rounded to nearest even (Triton 3.9's
    interpreter cut the mantissa: a -2.8e-3 bias that the scale test sees in an honest bf16 softmax), and tl.dot
    on bf16 operands on their values (it multiplied the bit patterns as integers: round 17's honest writer)."""
    import triton.language as tl
    from triton.runtime.interpreter import InterpreterBuilder, TensorHandle
    if getattr(InterpreterBuilder.cast_impl, "bf16_fixed", False):
        return
    cast, fp_to_fp = InterpreterBuilder.cast_impl, InterpreterBuilder.create_fp_to_fp
    dot = InterpreterBuilder.create_dot

    def fixed(src, dst):
        if src.dtype.scalar == tl.float32 and dst.scalar == tl.bfloat16:
            return TensorHandle(bf16_bits(src.data), dst.scalar)
        if src.dtype.scalar == tl.bfloat16 and dst.scalar == tl.float32:
            return TensorHandle(bf16_values(src.data), dst.scalar)
        return None

    def cast_impl(self, src, dst_type):  # `is None`: a TensorHandle's truth is its values'
        out = fixed(src, dst_type)
        return cast(self, src, dst_type) if out is None else out

    def create_fp_to_fp(self, src, dst_type, rounding_mode):
        out = fixed(src, dst_type)
        return fp_to_fp(self, src, dst_type, rounding_mode) if out is None else out

    def create_dot(self, a, b, d, input_precision, max_num_imprecise_acc):
        a, b = [TensorHandle(bf16_values(h.data), tl.float32) if h.dtype.scalar == tl.bfloat16 else h for h in (a, b)]
        return dot(self, a, b, d, input_precision, max_num_imprecise_acc)
    cast_impl.bf16_fixed = True
    InterpreterBuilder.cast_impl, InterpreterBuilder.create_fp_to_fp = cast_impl, create_fp_to_fp
    InterpreterBuilder.create_dot = create_dot


def _with_semantic(member):
    from triton.runtime import interpreter

    def call(*args, **kwargs):
        kwargs.pop("_semantic", None)
        return member(*args, **kwargs, _semantic=interpreter.interpreter_semantic)
    call.__name__ = member.__name__
    return call
