"""
libdevice in Triton's interpreter (the verifier's CPU path). Triton 3.9's interpreter runs none of it: its
extern functions are never handed the interpreter's semantic ("Did you forget to add @triton.jit?"), and its
builder has no extern_elementwise. So an honest kernel calling libdevice.tanh or libdevice.erf, common in
model-written GELU and Mish kernels, failed on the CPU alone (round 12's honest writer). Installed in the child
(verify_monitor.install_triton_hooks) before a candidate is imported; on a GPU nothing changes.

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


def _with_semantic(member):
    from triton.runtime import interpreter

    def call(*args, **kwargs):
        kwargs.pop("_semantic", None)
        return member(*args, **kwargs, _semantic=interpreter.interpreter_semantic)
    call.__name__ = member.__name__
    return call
