"""
The tables of the candidate language (verify_lang.py): which modules and members, which attributes of values,
which builtins and decorators a candidate may use, read off the installed torch and triton where they can be;
and LIB_ATTRS, every attribute name a library object has (the candidate's own names may not reach those).

    python -c "import verify_allow as a; print(len(a.HOST_ATTRS), sorted(a.MEMBERS['triton']))"
"""

import builtins
import importlib
import sys
import types
import warnings

import torch
import torch.nn as nn


def public(obj):
    return {n for n in dir(obj) if not n.startswith("_")}

# --- modules and their members -------------------------------------------------------------------------------

MODULES = {"torch", "torch.nn", "torch.nn.functional", "torch.nn.init", "torch.cuda", "torch.linalg", "torch.fft",
           "torch.special", "triton", "triton.language", "triton.language.math", "triton.language.extra",
           "triton.language.extra.cuda", "triton.language.extra.cuda.libdevice", "triton.language.extra.libdevice",
           "triton.tools", "triton.tools.tensor_descriptor", "math", "typing", "__future__", "functools", "warnings",
           "operator", "collections", "itertools", "dataclasses"}
# operator's arithmetic, as functools.reduce(operator.mul, shape) uses it; never attrgetter, itemgetter or methodcaller
OPERATOR_OK = {"add", "sub", "mul", "truediv", "floordiv", "mod", "neg", "pos", "abs", "and_", "or_", "xor", "lt", "le",
               "eq", "ne", "gt", "ge", "not_", "index", "lshift", "rshift"}
TORCH_HELPERS = {"Tensor", "Size", "device", "dtype", "finfo", "iinfo", "no_grad", "inference_mode", "layout",
                 "memory_format", "contiguous_format", "channels_last", "channels_last_3d", "preserve_format",
                 "strided", "inf", "nan", "pi", "e", "newaxis", "is_tensor", "get_default_dtype", "broadcast_shapes",
                 "is_grad_enabled", "is_inference_mode_enabled", "unique", "unravel_index"}
CUDA_OK = {"current_device", "is_available", "device_count", "get_device_capability", "get_device_name",
           "get_device_properties", "device", "synchronize", "is_bf16_supported", "current_stream"}
# Triton tutorials' device queries: exact paths, the only way into triton.runtime
DRIVER_OK = {"triton.runtime.driver.active.get_active_torch_device", "triton.runtime.driver.active.get_current_device",
             "triton.runtime.driver.active.utils.get_device_properties",
             "triton.tools.tensor_descriptor.TensorDescriptor.from_tensor"}  # and TMA's usual constructor
NN_INIT_PRIVATE = {"_calculate_fan_in_and_fan_out", "_calculate_correct_fan"}  # nn.Linear's own reset_parameters
F_DENY = {"boolean_dispatch", "handle_torch_function", "has_torch_function", "has_torch_function_unary",
          "has_torch_function_variadic"}
TYPING_OK = {"Optional", "Tuple", "List", "Dict", "Union", "Any", "Callable", "Sequence", "Iterable", "Literal",
             "Final", "TYPE_CHECKING", "cast"}  # not get_type_hints: it evals annotation strings


def _functions(mod):
    return {n for n in public(mod) if callable(getattr(mod, n)) and not isinstance(getattr(mod, n), types.ModuleType)}


def _members():
    """What each module in MODULES may be asked for, read off the installed torch and triton."""
    out = {}
    for path in MODULES - {"__future__"}:
        try:
            out[path] = importlib.import_module(path)
        except ImportError:  # e.g. triton.language.extra.libdevice exists in some Triton releases only
            pass
    m = {path: set() for path in out}
    torch_ = out["torch"]
    m["torch"] = ((public(torch_._C._VariableFunctions) - {"from_numpy", "from_file", "frombuffer", "from_dlpack"})
                  | TORCH_HELPERS  # frombuffer: a tensor over Python's bytes, read back without an op (round 13)
                  | {n for n in public(torch_) if isinstance(getattr(torch_, n), torch.dtype)})
    m["torch.nn"] = {n for n in public(nn) if isinstance(getattr(nn, n), type)
                     and issubclass(getattr(nn, n), (nn.Module, torch.Tensor))}
    m["torch.nn.functional"] = _functions(out["torch.nn.functional"]) - F_DENY - {"Tensor", "Callable", "DType"}
    m["torch.nn.init"] = _functions(out["torch.nn.init"]) | NN_INIT_PRIVATE
    m["torch.cuda"] = CUDA_OK
    for p in ("torch.linalg", "torch.fft", "torch.special", "math"):
        m[p] = _functions(out[p]) | ({"pi", "e", "inf", "nan", "tau"} if p == "math" else set())
    m["triton"] = {"jit", "autotune", "heuristics", "Config", "cdiv", "next_power_of_2", "set_allocator"}
    for p in [p for p in out if p.startswith("triton.language")]:
        m[p] = {n for n in public(out[p]) if not isinstance(getattr(out[p], n), types.ModuleType)}
    m["triton.language.extra"] = set()
    m["triton.tools"] = set()
    m["triton.tools.tensor_descriptor"] = {"TensorDescriptor"} if "triton.tools.tensor_descriptor" in out else set()
    m["typing"] = TYPING_OK
    m["functools"] = {"reduce", "partial", "lru_cache", "cache"}  # LLM wrappers' shape products and memoised
    m["operator"] = OPERATOR_OK
    m["itertools"] = {"product", "chain", "islice", "repeat", "combinations", "permutations", "zip_longest",
                      "accumulate"}  # autotune configs from itertools.product([64, 128], [32, 64]), a common idiom
    m["dataclasses"] = {"dataclass", "field"}  # a plain class of config fields; its methods are generated
    m["collections"] = {"namedtuple"}  # a tile config (round 14's honest writer); its own _private names stay refused
    m["warnings"] = {"warn"}  # launch configs (round 12's honest writer); what they call is checked as ever
    m["__future__"] = {"annotations"}
    for p, names in m.items():  # only what the library defines: triton.language.math re-exports functools.wraps
        if p.startswith(("torch", "triton")):
            m[p] = {n for n in names if n not in public(out[p]) or defined_by(getattr(out[p], n), p.split(".")[0])}
    return m


def defined_by(obj, lib):
    """Is obj the library's own (a function or class it defines, or an instance of one, such as a dtype)?"""
    mod = getattr(obj, "__module__", None) if callable(obj) else type(obj).__module__
    return isinstance(mod, str) and mod.split(".")[0] in (lib, "builtins" if lib == "torch" else lib)


MEMBERS = _members()

# --- attributes of values ------------------------------------------------------------------------------------

LAYER_ATTRS = {  # torch.nn layers' hyperparameters, parameters and buffers (self.conv.weight, self.bn.eps, ...)
    "add_zero_attn", "affine", "align_corners", "alpha", "approximate", "batch_first", "beta", "bias", "bias_hh_l0",
    "bias_ih_l0", "bias_k", "bias_v", "bidirectional", "ceil_mode", "count_include_pad", "delta", "dilation", "dim",
    "divisor_override", "dropout", "elementwise_affine", "embed_dim", "embedding_dim", "end_dim", "eps", "groups",
    "head_dim", "hidden_size", "ignore_index", "in1_features", "in2_features", "in_channels", "in_features",
    "in_proj_bias", "in_proj_weight", "inplace", "input_size", "kdim", "kernel_size", "label_smoothing", "margin",
    "max_norm", "max_val", "min_val", "mode", "momentum", "name", "negative_slope", "norm_type", "normalized_shape",
    "num_batches_tracked", "num_channels", "num_embeddings", "num_features", "num_groups", "num_heads", "num_layers",
    "num_parameters", "out_channels", "out_features", "output_padding", "output_size", "p", "padding", "padding_idx",
    "padding_mode", "proj_size", "reduction", "return_indices", "running_mean", "running_var", "scale_factor",
    "size", "start_dim", "stride", "threshold", "track_running_stats", "training", "transposed", "unflattened_size",
    "upscale_factor", "value", "vdim", "weight", "out_proj", "swap", "lambd", "lower", "upper", "log_target",
    "pos_weight", "k", "weight_ih_l0", "weight_hh_l0", "full", "zero_infinity", "blank", "log_input", "beta",
    "min_val", "dim", "keepdim", "correction", "lambd", "cutoff", "reduce"}
DEVICE_PROPS = {"name", "major", "minor", "total_memory", "multi_processor_count", "warp_size", "L2_cache_size",
                "max_threads_per_multi_processor", "regs_per_multiprocessor", "shared_memory_per_block",
                "shared_memory_per_block_optin", "shared_memory_per_multiprocessor", "is_integrated", "uuid"}
# Reached from any value, these escape the monitor, run code later, or lead to frames, code and Triton's guts.
DENY_ATTRS = {
    "item", "tolist", "numpy", "apply_", "map_", "map2_", "storage", "untyped_storage", "share_memory_",
    "share_memory", "pin_memory", "register_hook", "register_post_accumulate_grad_hook", "grad_fn", "backward",
    "as_subclass", "to_dlpack", "record_stream", "compile", "register_forward_hook", "register_forward_pre_hook",
    "register_full_backward_hook", "register_full_backward_pre_hook", "register_backward_hook",
    "register_state_dict_pre_hook", "register_state_dict_post_hook", "register_load_state_dict_pre_hook",
    "register_load_state_dict_post_hook", "with_traceback", "mro",
    "gi_frame", "gi_code", "gi_yieldfrom", "gi_running", "gi_suspended", "cr_frame", "cr_code", "cr_await",
    "cr_origin", "ag_frame", "ag_code", "ag_await", "f_back", "f_globals", "f_locals", "f_builtins", "f_code",
    "f_lasti", "f_trace", "tb_frame", "tb_next", "co_code", "co_consts", "co_names",
    "fn", "cache", "run", "warmup", "device_caches", "pre_run_hooks", "add_pre_run_hook", "do_bench", "base_fn",
    "rewrite", "rewriter", "kernel_decorators", "used_global_vals", "launch_metadata", "src", "params", "arg_names",
    "rewritten_fn", "constexprs", "do_not_specialize", "signature",
    "get_capture_scope", "obj", "format_map",  # round 10: a function's globals; an AttributeError's object
    "new",  # round 11: the legacy constructor reads 0-d tensors' values below the dispatcher (new_empty is fine)
    "data_ptr", "is_set_to"}  # round 21: an address tells a call's inputs from another's (a cache), and on a GPU,
# where nothing bounds a kernel's loads, an offset between two addresses reaches memory no kernel was handed
# What a `self` that is really a tensor would give through an own name of the same spelling: refused on self too
TENSOR_DENY = {a for a in DENY_ATTRS if hasattr(torch.Tensor, a)}
HOST_ATTRS = set().union(*(public(t) for t in (torch.Tensor, nn.Module, list, dict, tuple, str, int, float, set,
                                               frozenset, bool, slice, range, complex, torch.Size, torch.dtype,
                                               torch.device, torch.finfo, torch.iinfo))) | LAYER_ATTRS | DEVICE_PROPS
HOST_ATTRS |= {"kwargs", "num_warps", "num_stages", "num_ctas", "maxnreg", "pre_hook", "cuda_stream"}  # Config, Stream
# nn.Module's own names: a candidate that redefined one (self.parameters = ..., def to(self)) would run its code
# inside the worker's calls outside the monitor. forward and extra_repr are the candidate's to define.
NN_FREE = {"type"}  # a Module method nothing in the check calls, and an ordinary attribute name (self.type = "avg")
NN_RESERVED = set(dir(nn.Module)) - {"forward", "extra_repr", "__init__"} - NN_FREE

# (not hash: a tensor's hash is its object's address, which round 16 turned into a pointer for a kernel's stores)
SAFE_BUILTINS = {"range", "len", "min", "max", "abs", "int", "float", "bool", "str", "tuple", "list", "dict", "set",
                 "frozenset", "enumerate", "zip", "isinstance", "issubclass", "print", "round", "divmod", "sum", "any",
                 "all", "sorted", "reversed", "map", "filter", "slice", "pow", "repr", "format", "iter", "next",
                 "callable", "chr", "ord", "getattr", "hasattr", "super", "staticmethod",
                 "classmethod", "property", "NotImplemented", "Ellipsis", "None", "True", "False", "Exception",
                 "ValueError", "TypeError", "RuntimeError", "AssertionError", "NotImplementedError", "IndexError",
                 "KeyError", "ImportError", "ModuleNotFoundError", "AttributeError", "ZeroDivisionError"}
BUILTIN_NAMES = set(dir(builtins))


METHOD_DECORATORS = {"torch.no_grad", "torch.inference_mode", "torch.enable_grad"}
TRITON_DECORATORS = {"triton.jit", "triton.autotune", "triton.heuristics", "triton.language.jit"}
AUTOTUNE_KWARGS = {"configs", "key", "prune_configs_by", "reset_to_zero", "restore_value", "pre_hook", "post_hook",
                   "warmup", "rep", "use_cuda_graph", "cache_results"}  # not do_bench: it would time our way


LIB_MODULES = ("torch", "triton", "numpy", "builtins", "math", "typing", "functools", "inspect", "types", "sys")
_LIB_ATTRS = []


def lib_attrs():
    """Every attribute name that some object of torch, triton or Python's runtime has (its modules' members, their
    classes and instances; the interpreter's too): about 27K names, 0.2 s once. A candidate's own attribute name
    (self.cfg, def launch) passes on values other than self only outside this set, where no library object can
    answer to it: `get_capture_scope` declared as an own name once reached triton's module globals (round 10)."""
    if _LIB_ATTRS:
        return _LIB_ATTRS[0]
    try:
        importlib.import_module("triton.runtime.interpreter")  # the CPU child has it; the parent may not yet
    except ImportError:
        pass
    names, seen = set(), set()

    def add(o):
        if id(o) not in seen:
            seen.add(id(o))
            try:
                names.update(dir(o))
            except Exception:  # noqa: BLE001 (a lazy object that fails to load is not reachable either)
                pass
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # deprecated aliases warn when read
        for name, mod in list(sys.modules.items()):
            if mod is None or name.split(".")[0] not in LIB_MODULES and not name.startswith("_"):
                continue
            add(mod)
            for v in list(getattr(mod, "__dict__", {}).values()):
                if not isinstance(v, (int, float, str, bytes, types.ModuleType)):
                    add(v)
                    add(type(v))
        for v in vars(builtins).values():
            add(v)
    _LIB_ATTRS.append(frozenset(names))
    return _LIB_ATTRS[0]
