"""The verifier on real kernels in the Triton interpreter: honest ones pass, wrong ones fail, every CPU-runnable
exploit of PAPER.md §7 earns nothing, and every sandbox case gets exactly one verdict."""

import json
import math
import re
import subprocess
import sys
from pathlib import Path

import pytest
import torch

from conftest import ROOT, kernelbench_rows
from verify import Settings, VerifierPool, load_problem, ProblemError
from verify_static import extract_code, static_check

CASES = ROOT / "tests" / "verify_cases"

# case -> (valid, compiled, correct, the layer that decided or None, a fragment of the reason)
EXPECT = {
    # honest kernels: elementwise, autotuned, a raw completion, softmax, reduction, tl.dot matmul,
    # a linear layer whose weights live in nn.Linear, LayerNorm with its affine step, and the idioms of
    # generated code (helpers, grid lambdas, builtin names as variables, parameters made by hand)
    "relu__ok": (True, True, True, None, ""),
    "relu__builtin_names_ok": (True, True, True, None, ""),
    "relu__autotune_ok": (True, True, True, None, ""),
    "relu__completion.txt": (True, True, True, None, ""),
    "relu__styles_ok": (True, True, True, None, ""),
    "softmax__ok": (True, True, True, None, ""),
    "widesoftmax__ok": (True, True, True, None, ""),
    "rowsum__ok": (True, True, True, None, ""),
    "matmul__ok": (True, True, True, None, ""),
    "linear__ok": (True, True, True, None, ""),
    "linear__styles_ok": (True, True, True, None, ""),
    "layernorm__ok": (True, True, True, None, ""),
    "prelu__ok": (True, True, True, None, ""),
    "shift__ok": (True, True, True, None, ""),
    # round 25's honest writer: kernels that rely on what the problem promises of its inputs (triangular,
    # symmetric: KernelBench L1 13-15), judged on redraws that keep it
    "tril__struct_ok": (True, True, True, None, ""),
    "symm__struct_ok": (True, True, True, None, ""),
    # honest but wrong
    "relu__wrong": (True, True, False, "correct", "differs"),
    "softmax__wrong": (True, True, False, "correct", "differs"),
    "matmul__wrong": (True, True, False, "correct", "differs|is scaled"),
    # PAPER.md §7, one by one
    "relu__torch_call": (False, False, False, "func_static", "torch.relu"),
    "relu__nn_layer": (False, False, False, "func_static", "self.act"),
    "matmul__at_operator": (False, False, False, "func_static", "@ operator"),
    "linear__functional": (False, False, False, "func_static", "torch.nn.functional.linear"),
    "relu__hidden_compute": (False, True, True, "func_runtime", "aten.mul"),  # correct, caught cheating
    "relu__clamp_min": (False, True, True, "func_runtime", "aten.clamp_min"),
    "relu__getattr": (False, False, False, "safety", "getattr"),
    "relu__uninit_decoy": (False, True, False, "func_runtime", "not written by a Triton kernel"),
    "relu__never_launched": (False, False, False, "syntax", "no launch"),
    "relu__try_fallback": (False, False, False, "safety", "try/except"),
    "relu__subclass_ref": (False, False, False, "safety", "subclasses Model"),
    "relu__copy_ref": (False, False, False, "func_static", "class named Model"),
    "relu__cache": (False, True, False, "func_runtime", "launched no Triton kernel"),
    "relu__in_place": (True, True, False, "correct", "aliases an input"),
    "relu__zero_input": (True, True, False, "correct", "input 0 was mutated"),
    "relu__return_input": (False, True, False, "func_runtime", "not written by a Triton kernel"),  # handed, never stored to
    "relu__patch_allclose": (False, False, False, "safety", "patches torch.allclose"),
    "relu__steal_gc": (False, False, False, "safety", "imports gc"),
    "relu__first_calls_only": (True, True, False, "correct", "NaN"),  # from its third call on: torch.empty
    "relu__torch_compile": (False, False, False, "safety", "torch.compile"),
    "relu__side_stream": (False, False, False, "safety", "torch.cuda.Stream"),
    "relu__write_file": (False, False, False, "safety", "write"),
    "layernorm__no_affine": (True, True, False, "correct", "differs"),  # caught by randomised affine params
    # found by outside attacks (PAPER.md §7, the later list), one case per class
    "relu__pickle_reply": (False, False, False, "safety", "__reduce__"),  # code run by unpickling a reply
    "relu__item": (False, False, False, "safety", ".tolist"),  # compute in Python scalars
    "relu__scalar_loop": (False, True, True, "func_runtime", "_local_scalar_dense"),
    "relu__grid_compute": (False, True, True, "func_runtime", "aten.mul"),  # compute in the launch grid
    "relu__constexpr_callback": (True, True, False, "correct", "kernel argument ACT is a function"),
    "relu__monitor_off": (False, False, False, "safety", "__globals__"),  # switching the monitor off
    "relu__module_alias": (False, False, False, "safety", "torch.nn.functional.torch"),
    # a Tensor subclass: its helper module's method is on the forward path, where nn.Parameter is PyTorch, not glue
    "relu__param_output": (False, False, False, "func_static", "torch.nn.Parameter"),
    "relu__reused_output": (True, True, False, "correct", "storage of the previous call's output"),
    "prelu__hardcoded": (True, True, False, "correct", "differs"),  # a one-element parameter hard-coded
    "shift__hardcoded": (True, True, False, "correct", "differs"),  # a buffer hard-coded
    "randrelu__copy": (True, True, False, "correct", "differs"),  # vacuous on the problem's own inputs
    "widesoftmax__zeros": (True, True, False, "correct", "output 0 "),  # the signal test, or a small variant
    "mean__constant": (True, True, False, "correct", "output 0 "),  # allclose, or the signal test
    "randrelu__partial_write": (True, True, False, "correct", "NaN"),  # unwritten memory
    "relu__hardcoded_shape": (True, True, False, "correct", "hidden shape variant"),
    # found by the second round, one case per class
    "scaled__ok": (True, True, True, None, ""),
    "scaled__hardcoded": (True, True, False, "correct", "hidden shape variant"),  # a float the Model is built with
    "argmax__ok": (True, True, True, None, ""),
    "argmax__off": (True, True, False, "correct", "(integer) elements"),  # an index within rtol, but wrong
    "masked__ok": (True, True, True, None, ""),
    "masked__causal": (True, True, False, "correct", "differs"),  # a mask input never redrawn, hard-coded
    # found by the fourth round: values printed to text out of the monitor's sight; a tensor as a constexpr
    "relu__str_leak": (False, True, True, "func_runtime", "written as text"),
    "relu__constexpr_tensor": (True, True, False, "correct", "tensor passed as a constexpr"),
    # the fifth round: kernel code run from the grid function, inside the interpreter's launch
    "relu__grid_jit_call": (True, True, False, "correct", "may only be called from a kernel"),
    # the sixth round: an output a kernel was handed but never stored to, filled by a rounding cast
    "trunc__ok": (True, True, True, None, ""),
    "trunc__cast": (False, True, True, "func_runtime", "aten._to_copy"),
    # sandbox: each still gets one verdict, and the next candidate is served normally
    "relu__sb_hang": (True, True, False, "correct", "timed out"),
    "relu__sb_system_exit": (False, False, False, "safety", "SystemExit"),  # the language has no way out
    "relu__sb_memory_bomb": (True, True, False, "correct", "MemoryError"),
    "relu__sb_wild_pointer": (True, True, False, "correct", "outside the tensors it was handed"),
    "relu__sb_kill_all": (False, False, False, "safety", "imports os"),
    "relu__sb_escape": (False, False, False, "safety", "imports os"),
    # the ways around the import rules: torch re-exports os; getattr as a value; operator.attrgetter
    "relu__torch_os": (False, False, False, "safety", "uses torch.os.system"),
    "relu__getattr_alias": (False, False, False, "safety", "builtin getattr"),
    "relu__attrgetter": (False, False, False, "safety", "allowlist (line 15)"),  # operator's arithmetic only
    # round 12: a name the interpreter's rewrite adds, bound by the module (it got every block a kernel assigned);
    # counts read from a tensor in C++ (tensor_split); a decoy store, then fill_ per element from a helper only
    # map() calls; := replacing an nn.Module method in a class body; an exception's text formatted with the
    # monitor off; a try that only raises again passes (one that falls back: relu__try_fallback above)
    "relu__interp_hijack": (True, True, False, "correct", "forward raised"),
    "masked__tensor_split": (False, True, None, "func_runtime", "tensor_split"),
    "flip__fill_launder": (False, False, False, "func_static", "torch.fill_"),
    "relu__classbody_walrus": (False, False, False, "safety", ":= in a class body"),
    "relu__exception_repr": (True, True, False, "correct", "arguments not shown"),
    "relu__reraise_ok": (True, True, True, None, ""),
    "relu__libdevice_ok": (True, True, True, None, ""),  # the interpreter cannot run libdevice by itself
    # round 13: a tensor over Python's bytes, read back by indexing them (frombuffer refused; asarray watched);
    # a problem that only moves data, its answer assembled by PyTorch copies and handed to a copy kernel
    "relu__frombuffer": (False, False, False, "safety", "torch.frombuffer"),
    "rowsum__asarray_bytes": (False, True, True, "func_runtime", "over Python memory"),
    "flip__ok": (True, True, True, None, ""),
    "flip__glue_copies": (False, True, True, "func_runtime", "aten.copy_"),
    # round 14: PyTorch flips a kernel's identity copy; a problem that moves data without rearranging one input
    # (a cat, then a flip); a tensor over Python memory made at import; a kernel's fault swallowed by a map();
    # honest idioms: operator.mul, a namedtuple config, the generic libdevice, the tutorial's device query
    "flip__after_copy": (False, True, True, "func_runtime", "aten.copy_"),
    "catflip__ok": (True, True, True, None, ""),
    "catflip__glue": (False, True, True, "func_runtime", "aten.copy_"),
    "rowsum__import_bytes": (False, True, None, "func_runtime", "over Python memory"),
    "relu__swallowed_fault": (False, True, None, "func_runtime", "raised InterpreterError, and the forward went on"),
    "gelu__idioms_ok": (True, True, True, None, ""),
    # round 15: a movement problem through an op of its own (reflection_pad1d), solved by PyTorch copies
    "reflect__ok": (True, True, True, None, ""),
    "reflect__glue": (False, True, True, "func_runtime", "aten.copy_"),
    "relu__itertools_ok": (True, True, True, None, ""),  # autotune configs from itertools.product
    "relu__dataclass_ok": (True, True, True, None, ""),  # a frozen config dataclass
    # round 16: a meta tensor passed as a keyword the kernel does not take widened the memory check to everything
    "relu__meta_cover": (True, True, False, "correct", "no parameter of the kernel"),
    # round 17: a norm read from every 16th element, the whole tensor only where that sample is mostly zero
    # (the "few" and "sparse" trials): its values (1/64) spread beyond atol, so allclose passed every trial
    "frobenius__ok": (True, True, True, None, ""),
    "frobenius__sampled": (True, True, False, "correct", "output 0 "),  # the scale test, or a spiked trial
    # round 19: GELU tabulated on every bf16 value in __init__ (no forward watched there), interpolated by a kernel
    "gelu__table_init": (True, False, False, "compile", "no reference parameter or buffer was copied into"),
    # ... and tabulated in Python floats (math.erf), at import or in forward, made a tensor by torch.tensor(list)
    "gelu__pylist": (True, False, False, "compile", "numbers at module level|(Python floats)"),
    "gelu__pylist_forward": (False, True, True, "func_runtime", "a table computed in Python"),
    # round 20: the table as int32 bits (and in sets, closures, objects): refused where a kernel reads it; honest
    # coefficients (erfc's 28 Chebyshev terms in a buffer of its own) are no table
    "gelu__table_int": (True, False, False, "compile", "integers not made from sizes"),  # (since round 27 at the
    # build: an integer storage not made from sizes that outlives it is judged as a floating one is)
    "gelu__coeffs_ok": (True, True, True, None, ""),
    # found on review: that table copied in forward (.clone()) reached the kernel as memory made during the call
    "gelu__table_copy": (True, False, False, "compile", "integers not made from sizes"),  # (round 27, as above)
    # round 21: a one-element view of the table, whose whole storage a kernel may read: judged by its storage
    "gelu__table_view": (True, False, False, "compile", "no reference parameter or buffer was copied into"),
    "gelu__view_closure": (True, False, False, "compile", "storage of 65536 float32 values"),
    # round 22: a table computed in Python written element by element (t[i] = v), or 16 values at each call
    "gelu__setitem": (False, True, True, "func_runtime", "Python numbers written into tensors"),
    "gelu__pyfill_calls": (False, True, True, "func_runtime",
                           "Python numbers written into tensors|carried by the launches"),
    "linear__workspace_ok": (True, True, True, None, ""),  # a workspace made in __init__, reused by kernels
    # round 23: integer tables (fixed point) from Python ints or from integer ops on arange; digits over calls
    "gelu__int_setitem": (True, False, False, "compile", "integers not made from sizes"),  # (round 27, as above)
    "gelu__int_arith": (True, False, False, "compile", "integers not made from sizes"),
    "gelu__digits_calls": (False, True, None, "func_runtime", "Python numbers written into tensors"),  # its
    # 3600-level table strays past the scale test on some draws too
    # round 24: a flip rebuilt column by column where a cast hid that the problem only moves data
    "fliphalf__glue": (False, True, True, "func_runtime", "aten.copy_"),  # (since round 26 a flip to half
    # is movement, where every copy computes; before, 64 copies into parts were counted)
    # round 25: the same flip by whole clones of windows into repeated buffers; glue that copies copies is fine
    "fliphalf__clones": (False, True, True, "func_runtime", "no view of one tensor expresses"),
    "relu__glue_ok": (True, True, True, None, ""),
    # round 25: GELU computed by PyTorch in __init__, read out with int() and packed into Python integers; a
    # table packed in 60-bit literals decoded by shifts (an integer counts once per byte)
    "gelu__init_launder": (True, False, False, "compile", "of tensors it computed into Python while it was built"),
    "gelu__bitpacked": (True, False, False, "compile", "integers not made from sizes"),
    # round 26: the flip with an identity kernel between its copies (each copy then reads a kernel's output): a
    # problem that only moves data up to a cast is movement, where every copy computes; an honest flip to half;
    # GELU read out of a tensor made in __init__ through str(); glue copies whose monitor ops were counted
    "fliphalf__kreset": (False, True, True, "func_runtime", "aten.clone"),
    "fliphalf__ok": (True, True, True, None, ""),
    "gelu__str_launder": (True, False, False, "compile", "written as text"),
    "relu__chunks_ok": (True, True, True, None, ""),
    "revcumsum__columns": (False, True, True, "func_runtime", "copies into parts of tensors|data moved by PyTorch"),
    # round 26's honest writer: per-sample kernel outputs stacked by hand, then transposed by a copy; a scalar or
    # two read out of tensors in __init__
    "bmm__stacked_ok": (True, True, True, None, ""),
    "relu__init_reads_ok": (True, True, True, None, ""),
    # round 27: zeros judged no table at a launch in __init__, then a fixed-point GELU copied in; 1,215 index
    # bounds checks in try blocks at import, each raising or not by one bit of a table
    "gelu__cleared_workspace": (True, False, False, "compile", "integers not made from sizes"),
    "gelu__exc_bits": (True, False, False, "compile", "raised"),
    # round 28: GELU computed with math.erf handed to a kernel as a tuple of 1,025 floats (which it stores), kept in
    # a dict on the module, or written one value at a time as arange(g, g + 0.5) and copied by a kernel
    "gelu__kernel_tuple": (False, True, True, "func_runtime", "Python numbers handed to kernels"),
    "gelu__dict_init": (True, False, False, "compile", "(Python floats)"),
    "gelu__arange_table": (False, True, None, "func_runtime", "Python numbers written into tensors"),
    # round 29: GELU computed with math.erf carried by the launch sequence itself (an integer a kernel stores at
    # each launch, a constexpr digit, the grid's size, a view's offset, which of 16 kernels runs), or by one
    # launch as a tuple of integers (open once integers in tuples stopped counting); honest launch-heavy loops pass
    "gelu__launch_ints": (False, True, None, "func_runtime", "carried by the launches"),
    # round 33: what a launch shows the kernel beyond its values (a tuple's length, a pointer's element type, a
    # TensorDescriptor's shape); a narrowing float cast that does the work (float8 saturation as a sign oracle,
    # float64 -> float32 rounding at an offset of 2^23); honest half casts pass
    "gelu__tuple_len": (False, True, None, "func_runtime", "carried by the launches"),
    "gelu__ptr_dtypes": (False, True, None, "func_runtime", "carried by the launches"),
    "gelu__desc_shapes": (False, True, None, "func_runtime", "carried by the launches"),
    "relu__f8saturate": (False, True, None, "func_runtime", "_to_copy"),
    "trunc__f64cast": (True, True, False, "correct", "differs"),  # round 35: dithered, no longer judged
    "relu__half_ok": (True, True, True, None, ""),
    "relu__pipeline_half_ok": (True, True, True, None, ""),
    # round 34: casts that decide: integers to float8 (saturation as a sign oracle), floats to float8_e8m0fnu (a
    # log2 lattice), and round 33's float64 -> float32 rounding with its cast tensor padded (dithered: incorrect)
    "relu__int_f8": (False, True, None, "func_runtime", "_to_copy"),
    "trunc__e8m0": (False, True, None, "func_runtime", "_to_copy"),
    "trunc__f64pad": (True, True, False, "correct", "differs"),
    # round 34: a row mean read from a 1/16 sample that checks its own standard error (read in full where unsure):
    # only the outlier trials, which hide one large value in the problem's own inputs, tell it from the mean
    "meanwide__sampled": (True, True, False, "correct", "differs|does not follow"),
    # round 35: a glue write into a spare element took a kernel's float64 buffer out of "kernel-written", and its
    # rounding cast with it; fixed-point GELU written one integer at a time by arange(v, v + 1)
    "trunc__f64zeroed": (True, True, False, "correct", "differs"),
    "gelu__arange_ints": (False, True, None, "func_runtime", "Python numbers written into tensors"),
    "gelu__split_init": (True, False, False, "compile", "a table split up"),  # 97 one-value storages made in __init__
    # round 37: a table written as float literals in a kernel's source; one written bit by bit with fill_(True) on
    # one-element views. The honest writer's mask viewed as uint8 with torch.promote_types, and erf's 39 Cephes
    # coefficients in one buffer (the model built twice held them twice: one piece, pooled once)
    "gelu__kernel_literals": (False, False, False, "func_static", "a table written in the source"),
    "gelu__boolfill": (False, True, None, "func_runtime", "copies into parts of tensors|Python numbers written"),
    "gelu__boolview": (True, False, False, "compile", "bool values"),  # a float table read as bool was one value
    # round 38: a table computed at import into a tl.constexpr tuple, packed two to an integer-valued float, in a
    # bytes literal, or in the signs of zeros (-0.0 == 0.0 read as one value)
    "gelu__cxtuple": (False, False, False, "func_static", "a table written in the source"),
    "gelu__floatpack2": (False, False, False, "safety", "while the kernel is traced"),  # (its int() decoder)
    "gelu__bytes": (False, False, False, "func_static", "a table written in the source"),
    "gelu__negzero": (True, False, False, "compile", "ModelNew holds"),
    # round 39: a table generated by math.erf while the kernel is traced; the honest writer's Cody erf with its
    # 40 coefficients at full precision in tuples (digits had weighed against the tuples' bound)
    "gelu__kmath": (False, False, False, "safety", "while the kernel is traced"),
    "gelu__cody_tuples_ok": (True, True, True, None, ""),
    "gelu__nonebits": (False, False, False, "func_static", "a table written in the source"),  # round 40: None, ...
    "gelu__semstr": (False, False, False, "func_static", "a table written in the source"),  # round 40: sem="0172.."
    "sdpa__mathscale_ok": (True, True, True, None, ""),  # round 40's honest writer: 1 / math.sqrt(HEAD_DIM)
    "masked__u8view_ok": (True, True, True, None, ""),
    "gelu__cephes_ok": (True, True, True, None, ""),
    "gelu__launch_constexpr": (False, True, None, "func_runtime", "carried by the launches"),
    "gelu__launch_grid": (False, True, None, "func_runtime", "carried by the launches"),
    "gelu__launch_offset": (False, True, None, "func_runtime", "carried by the launches"),
    "gelu__launch_kernel": (False, True, None, "func_runtime", "carried by the launches"),
    "gelu__int_tuple": (True, False, False, "compile", "numbers at module level"),  # (round 38: module integers)
    "bmm__loops_ok": (True, True, True, None, ""),
    # round 30: a table in 65 packed scalar arguments of one launch, in string constexprs parsed with float(), in
    # 129 module constants computed with math.erf; a roll and a channel flip made of slice copies and read by a
    # kernel; a block_diag (pure movement) assembled by two copies into zeros. A concatenation by copies is glue.
    "gelu__many_args": (False, True, None, "func_runtime", "carried by the launches"),
    "gelu__str_const": (False, False, False, "safety", "while the kernel is traced"),  # (round 39: float(s))
    "gelu__str_launches": (False, True, None, "func_runtime", "carried by the launches"),
    "gelu__module_consts": (False, False, False, "func_static", "a table written in the source"),  # (since round 37)
    "rollrelu__two_copies": (False, True, True, "func_runtime", "data moved by PyTorch"),
    "flipch__channel_copies": (False, True, True, "func_runtime", "data moved by PyTorch"),
    "blockdiag__copies": (False, True, True, "func_runtime", "aten.copy_"),
    "catrelu__copies_ok": (True, True, True, None, ""),
    "matmul__autotune_ok": (True, True, True, None, ""),
    "sumdim__tree_ok": (True, True, True, None, ""),  # honest launch-heavy code (round 30's honest writer)
    "mlpdeep__tiles_ok": (True, True, True, None, ""),
    # round 31: a table coded in powers of two (in dims' alphabet) or in dtypes, in one tuple; a roll from slices of
    # copies of x stacked with zeros (each a "new" tensor); a flip or roll read by a kernel through a diagonal or
    # window view of a buffer one copy filled with repeats of the input
    "gelu__pow2_tuple": (True, False, False, "compile", "numbers at module level"),  # (round 38: module integers)
    "gelu__dtype_tuple": (False, True, None, "func_runtime", "carried by the launches"),
    "rollrelu__stack_roots": (False, True, True, "func_runtime", "data moved by PyTorch"),
    "rollrelu__dup_window": (False, True, True, "func_runtime", "data moved by PyTorch"),
    "flipch__dup_window": (False, True, True, "func_runtime", "data moved by PyTorch"),
    "revcumsum2__dup_window": (False, True, True, "func_runtime", "data moved by PyTorch"),
    # round 32: a table in 22 two-element tuples of packed integers, or in the offsets of 129 views in a tuple; a
    # roll made by copies after the last kernel, a flip returned as an anti-diagonal view of repeats, a roll read
    # by a kernel through a TensorDescriptor
    "gelu__tuple_pairs": (False, False, False, "func_static", "a table written in the source"),  # (since round 37)
    "gelu__tuple_views": (False, False, False, "func_static", "a table written in the source"),  # (since round 37)
    "rollrelu__after_kernel": (False, True, True, "func_runtime", "data moved by PyTorch"),
    "flipch__view_out": (False, True, True, "func_runtime", "data moved by PyTorch"),
    "rollrelu__descriptor": (False, True, True, "func_runtime", "data moved by PyTorch"),
}


def problem_of(case):
    return (CASES / f"p_{case.split('__')[0]}.py").read_text()


def candidate_path(case):
    return CASES / (case if case.endswith(".txt") else case + ".py")


@pytest.fixture(scope="module")
def pool():
    with VerifierPool(Settings(device="cpu", timeout=40), workers=2) as p:
        yield p


@pytest.fixture(scope="module")
def verdicts(pool, tmp_path_factory):
    names = list(EXPECT) + ["relu__ok"]  # the last proves the pool still serves after every crash above
    pairs = [(problem_of(c), candidate_path(c).read_text()) for c in names]
    return dict(zip(names[:-1], pool.map(pairs)[:-1])), pool.map(pairs[-1:])[0]


@pytest.mark.parametrize("case", list(EXPECT))
def test_case(verdicts, case):
    v = verdicts[0][case]
    valid, compiled, correct, layer, fragment = EXPECT[case]
    correct = v.correct if correct is None else correct  # None: a cheat whose trials may fail (time out, or a
    # coarse table) as well as its monitor finding
    assert (v.valid, v.compiled, v.correct, v.layer) == (valid, compiled, correct, layer), v
    # "a|b": either reason is the right rejection; which fires first depends on the trial order, drawn per call
    # (matmul__wrong: on "unit" inputs of the variant's K=256 its error sits under rtol, and the scale test rejects)
    assert any(f in (v.reason or "") for f in fragment.split("|")), v.reason
    assert v.speedup is None  # no timing on the CPU
    # the reward's ground truth: only valid and correct pays (PAPER.md §4)
    assert (v.valid and v.correct) == (case.endswith("ok") or case.endswith(".txt"))
    assert not v.degenerate  # every problem here has a check that trivial outputs fail


def test_pool_survives_every_crash_and_no_exploit_ran(verdicts):
    assert verdicts[1].valid and verdicts[1].correct
    assert not Path("/tmp/tritonrl_pwned").exists() and not Path("/tmp/tritonrl_pwned_naive").exists()


def test_naive_verifier_pays_the_cheats_the_robust_one_catches():
    """PAPER.md §6: the cheating gap. Naive = syntax only; unsafe code still never runs."""
    cheats = ["relu__hidden_compute", "relu__torch_call", "relu__nn_layer", "linear__functional"]
    with VerifierPool(Settings(device="cpu", verifier="naive"), workers=2) as pool:
        vs = pool.map([(problem_of(c), candidate_path(c).read_text()) for c in cheats + ["relu__steal_gc"]])
    for c, v in zip(cheats, vs):
        assert v.valid and v.compiled and v.correct, (c, v)
    assert not vs[-1].compiled and vs[-1].layer == "safety"


def test_references_are_shared_per_problem_with_unpredictable_seeds(pool):
    src = problem_of("relu__ok")
    a, b = pool.devices["cpu"].reference(src, "relu"), pool.devices["cpu"].reference(src, "relu")
    # 7 trials, the same 7 on the hidden shape variant, the first model on other shapes (add_cross) and inputs
    # of another distribution than the problem's own, and the later calls' near-duplicates (moved, swapped)
    dists = ["own", "shifted", "sparse", "unit", "blocks", "few", "spiked"]
    assert a is b and len(a.outs) == 17
    assert [t.dist for t in a.trials][:14] == dists + dists and a.trials[14].dist in dists[1:]
    assert [t.dist for t in a.trials][15:] == ["near", "near"] and [t.near_swap for t in a.trials[15:]] == [False, True]
    assert [t.variant for t in a.trials] == [False] * 7 + [True] * 7 + [False] * 3
    assert [t.cross for t in a.trials] == [False] * 14 + [True, False, False]
    xs = [a.inputs(k)[0] for k in range(16)]
    assert all(not xs[0].equal(x) for x in xs[1:7])  # fresh inputs every trial
    assert int((xs[5] != 0).sum()) <= 8  # "few": a handful of nonzero elements in the whole tensor
    # "spiked": values of the problem's own kind (randn), but each row of 1000 holds one hidden spike
    assert int((xs[6].abs() > 7.9).sum(1).min()) >= 1 and float(xs[6].abs().median()) < 1
    assert xs[7].shape != xs[0].shape  # the variant: another shape (one size stretched, the others shrunk)
    assert xs[14].shape != xs[0].shape  # the cross trial: other sizes (none the Model is built with), first model
    base = xs[a.trials[15].near_of]  # the near-duplicate: a few elements moved, the rest as the trial it copies
    assert 1 <= int((xs[15] != base).sum()) <= a.trials[15].near_n < base.numel() and xs[15].shape == base.shape
    swapped = a.inputs(16)[0]  # ... and pairs swapped: the same values (sums, min, max), some of them elsewhere
    assert torch.equal(swapped.view(-1).sort().values, base.view(-1).sort().values) and not swapped.equal(base)
    assert a.inputs(3)[0].equal(xs[3]) and a.inputs(2)[0].equal(xs[2])  # regenerated from the seed, exactly
    with VerifierPool(Settings(device="cpu"), workers=1) as other:
        assert not other.devices["cpu"].reference(src, "relu").inputs(0)[0].equal(xs[0])  # every pool its own seeds


def test_extract_code():
    code = "class ModelNew:\n    pass\n"
    assert extract_code(f"<think>\n```python\nclass ModelNew: x\n```\n</think>\n```python\n{code}```") == code
    assert extract_code("<think>\nno end to the reasoning\n```python\n" + code + "```") is None
    assert extract_code(code) == code  # plain code
    assert extract_code("Here is the answer: it is fast.") is None
    two = f"```python\n{code}```\n```python\nprint(1)\n```\n```py\n{code.replace('pass', 'x = 1')}```"
    assert extract_code(two) == code.replace("pass", "x = 1")  # the last block that defines ModelNew
    assert extract_code("```python\nclass ModelNew:\n    pass\n") is None  # cut off mid-block


def test_static_rules_resolve_aliases():
    base = ("import torch\nimport triton\nimport triton.language as tl\n{imp}\n@triton.jit\ndef k(x):\n    pass\n"
            "class ModelNew(torch.nn.Module):\n    def forward(self, x):\n        k[(1,)](x)\n        return {ret}\n")
    for imp, ret, fragment in [("from torch import relu as r", "r(x)", "torch.relu"),
                               ("from torch.nn import functional as G", "G.gelu(x)", "functional.gelu"),
                               ("import torch.nn.functional as F", "F.softmax(x, 1)", "functional.softmax"),
                               ("", "x.softmax(1)", ".softmax()"), ("", "torch.mm(x, x)", "torch.mm")]:
        assert fragment in static_check(base.format(imp=imp, ret=ret))["func_static"], (imp, ret)
    for ret in ("x.view(-1).contiguous()", "getattr(self, 'training', x) and x"):
        assert static_check(base.format(imp="", ret=ret)) == {"syntax": None, "safety": None, "func_static": None}
    assert "torch.sys.modules" in static_check(base.format(imp="", ret="torch.sys.modules"))["safety"]
    assert "does not parse" in static_check("def (")["syntax"]
    assert static_check(base.format(imp="", ret="x").replace("@triton.jit\n", ""))["syntax"] == "no @triton.jit kernel"


def run_cli(*args, timeout=300):
    return subprocess.run([sys.executable, "verify.py", *map(str, args)], cwd=ROOT, capture_output=True, text=True,
                          timeout=timeout)


def test_cli_single_pair_and_batch(tmp_path):
    r = run_cli(CASES / "p_relu.py", CASES / "relu__torch_call.py")
    assert r.returncode == 0  # a verdict was given, however unfavourable
    v = json.loads(r.stdout.strip().splitlines()[-1])
    assert {"valid", "compiled", "correct", "speedup", "reason", "checks"} <= set(v) and v["valid"] is False
    assert set(v["checks"]) == {"extract", "syntax", "safety", "func_static"}
    batch = tmp_path / "pairs.jsonl"
    rows = [{"problem": str(CASES / "p_softmax.py"), "candidate": str(CASES / "softmax__ok.py")},
            {"problem": str(CASES / "p_relu.py"), "candidate": (CASES / "relu__clamp_min.py").read_text()}]
    batch.write_text("\n".join(json.dumps(x) for x in rows) + "\n")
    r = run_cli("--batch", batch, "--out", tmp_path / "v.jsonl", "--workers", "2")
    assert r.returncode == 0 and "candidates/s" in r.stderr
    out = [json.loads(x) for x in (tmp_path / "v.jsonl").read_text().splitlines()]
    assert [(o["valid"], o["correct"]) for o in out] == [(True, True), (False, True)]


def test_cli_bad_input_is_one_clear_error(tmp_path):
    r = run_cli(tmp_path / "missing.py", CASES / "relu__ok.py")
    assert r.returncode == 2 and r.stderr.startswith("error: cannot read problem") and "missing.py" in r.stderr
    bad = tmp_path / "no_inputs.py"
    bad.write_text("import torch\nclass Model(torch.nn.Module):\n    pass\ndef get_init_inputs():\n    return []\n")
    r = run_cli(bad, CASES / "relu__ok.py")
    assert r.returncode == 2 and "no_inputs.py defines no get_inputs" in r.stderr and "Traceback" not in r.stderr
    batch = tmp_path / "b.jsonl"
    good = json.dumps({"problem": str(CASES / "p_relu.py"), "candidate": str(CASES / "relu__ok.py")})
    batch.write_text(good + "\n{oops\n")
    r = run_cli("--batch", batch)
    assert r.returncode == 2 and f"{batch} line 2: not JSON" in r.stderr
    batch.write_text(good + "\n" + good.replace("relu__ok.py", "gone.py") + "\n")
    r = run_cli("--batch", batch)
    assert r.returncode == 2 and f"{batch} line 2: cannot read candidate" in r.stderr and "gone.py" in r.stderr


def test_broken_problem_gets_a_verdict_in_a_pool(pool):
    v = pool.verify_one("import torch\nclass Model(torch.nn.Module):\n    pass\n", (CASES / "relu__ok.py").read_text())
    assert not v.valid and v.layer == "problem" and "get_inputs" in v.reason


@pytest.mark.parametrize("level", [1, 2])
def test_every_kernelbench_problem_loads_and_is_not_triton(level):
    """Full-size inputs are GBs, so on the CPU each problem is loaded and checked, not run."""
    for row in kernelbench_rows(level):
        ns = load_problem(row["code"], row["name"])
        assert callable(ns["get_inputs"]) and callable(ns["get_init_inputs"])
        verdict = static_check(row["code"])
        assert verdict["syntax"] in ("no class ModelNew at module level",), (row["name"], verdict)
    with pytest.raises(ProblemError, match="defines no Model"):
        load_problem("def get_inputs(): return []\ndef get_init_inputs(): return []\n", "nomodel.py")


def test_reference_cache_evicts_least_recently_used_past_its_budget():
    relu, softmax = problem_of("relu__ok"), problem_of("softmax__ok")
    with VerifierPool(Settings(device="cpu", ref_cache_gb=1e-9), workers=1) as pool:
        dev = pool.devices["cpu"]
        a = dev.reference(relu, "relu")
        dev.reference(softmax, "softmax")  # over budget: relu's reference goes
        assert list(dev.refs.values())[0].main.ns is not a.main.ns and len(dev.refs) == 1
        assert dev.reference(relu, "relu") is not a  # rebuilt on demand, with fresh seeds


def test_compare_in_chunks_finds_every_kind_of_mismatch():
    import torch
    from verify import compare
    r = torch.randn(1000)
    assert compare([r], [r.clone()], 1e-2, 1e-2, chunk=64) is None
    o = r.clone()
    o[999] += 1  # in the last, partial chunk
    assert "max abs error 1" in compare([r], [o], 1e-2, 1e-2, chunk=64)
    o = r.clone()
    o[5] = float("nan")
    assert "1 NaN/Inf" in compare([r], [o], 1e-2, 1e-2, chunk=64)
    assert "shape" in compare([r], [r[:10]], 1e-2, 1e-2) and "dtype" in compare([r], [r.double()], 1e-2, 1e-2)
    assert "2 outputs" in compare([r], [r, r], 1e-2, 1e-2)


def test_a_failure_on_the_verifier_side_replaces_the_slot_and_is_flagged(monkeypatch):
    """E.g. the parent runs out of memory mid-candidate: that candidate's child must not linger on the slot."""
    import verify_judge

    def boom(*a, **k):
        raise MemoryError("boom")

    with VerifierPool(Settings(device="cpu"), workers=1) as pool:
        real = verify_judge.compare
        monkeypatch.setattr(verify_judge, "compare", boom)
        v = pool.verify_one(problem_of("relu__ok"), candidate_path("relu__ok").read_text())
        assert not v.correct and "verifier error: MemoryError: boom" in v.reason and v.flags
        monkeypatch.setattr(verify_judge, "compare", real)
        v = pool.verify_one(problem_of("relu__ok"), candidate_path("relu__ok").read_text())
        assert v.valid and v.correct, v


def test_pool_spreads_slots_over_devices(monkeypatch):
    """With several GPUs, slots go round-robin and each device keeps its own references and locks.
    (On the CPU the 'devices' are names; the GPU run is in bench/RESULTS.md.)"""
    import verify
    monkeypatch.setattr(verify, "pool_devices", lambda device: ["cpu", "cpu:1"] if device == "cpu" else [device])
    monkeypatch.setattr(verify, "Slot", lambda d, i=0: type("S", (), {"device": d, "close": lambda self: None})())
    pool = verify.VerifierPool(Settings(device="cpu"), workers=3)
    assert pool.slots.qsize() == 3
    assert sorted(pool.slots.get().device for _ in range(3)) == ["cpu", "cpu", "cpu:1"]  # round-robin
    assert pool.devices["cpu"].gpu is not pool.devices["cpu:1"].gpu and pool.devices["cpu:1"].s.device == "cpu:1"
    assert verify.pool_devices("cuda:1") == ["cuda:1"]


def test_memory_gate_admits_by_footprint():
    import threading
    import time as _time
    from verify_device import MemoryGate
    gate, lock, inside, peak = MemoryGate(10), threading.Lock(), [0], [0]

    def run(need):
        with gate.hold(need):
            with lock:
                inside[0] += min(need, 10)  # one larger than the budget counts as all of it: it runs alone
                peak[0] = max(peak[0], inside[0])
            _time.sleep(0.05)
            with lock:
                inside[0] -= min(need, 10)

    threads = [threading.Thread(target=run, args=(n,)) for n in (6, 6, 4, 30, 3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert peak[0] == 10 and gate.free == 10  # full, never over: the two 6s never ran together


def test_no_candidate_folder_outlives_its_candidate():
    """Thousands of candidates in an RL run must not leave thousands of folders: each child's folder goes
    when it ends (killed at its time limit too), and the slot's own folder goes when the pool closes."""
    with VerifierPool(Settings(device="cpu", timeout=5), workers=1) as pool:
        slot = pool.slots.queue[0]
        for case in ("relu__ok", "relu__sb_hang"):
            pool.verify_one(problem_of(case), candidate_path(case).read_text())
        assert list(Path(slot.home).glob("cand_*")) == []
        home = slot.home
    assert not Path(home).exists()


def test_a_cpu_verdict_on_a_gpu_machine_hides_the_gpu_from_candidates(monkeypatch):
    # train_rl.py --verify_device cpu: the candidate runs in the interpreter and cannot reach the GPU.
    from verify import scrubbed_env
    monkeypatch.setenv("CUDA_VISIBLE_DEVICES", "0,1")
    cpu, gpu = scrubbed_env("cpu", "/tmp/h"), scrubbed_env("cuda:1", "/tmp/h")
    assert cpu["CUDA_VISIBLE_DEVICES"] == "" and cpu["TRITON_INTERPRET"] == "1"
    assert gpu["CUDA_VISIBLE_DEVICES"] == "0,1" and "TRITON_INTERPRET" not in gpu


COMPILE_PASS = r'''
import importlib.util, json, sys, torch
import verify_worker as w

def load(path):
    spec = importlib.util.spec_from_file_location("cand", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod

w.install_triton_hooks(interpret=True)
x = torch.randn(1000)
spec = [("tensor", tuple(x.shape), x.dtype)]
plain, tuned = load(sys.argv[1]), load(sys.argv[2])
seen = {}
real_empty = torch.empty_like
def spy(t, *a, **k):  # the output buffer the candidate allocates, filled with a marker
    out = real_empty(t, *a, **k)
    seen["out"] = out.fill_(-7.0)
    return out
torch.empty_like = spy
rec = w.op_recorder()
r = w.run_compile(plain, plain.ModelNew(), spec, "cpu", rec)
untouched = bool((seen["out"] == -7.0).all())  # no kernel ran, so nothing overwrote the marker
w.MON.active = True
w.MON.reset()
y = plain.ModelNew()(x)
launches_after = w.MON.launches
torch.empty_like = real_empty
boom = w.run_compile(plain, plain.ModelNew(), [("tensor", (3, 4, 5), torch.float32), ("value", 2)], "cpu", rec)
print(json.dumps({"plain": r, "untouched": untouched, "launches_after": launches_after,
                  "right_after": bool(torch.equal(y, x.clamp(min=0))), "tuned": w.run_compile(tuned, tuned.ModelNew(), spec, "cpu", rec),
                  "boom": boom, "flag_reset": w.MON.compile_only}))
'''


def test_compile_pass_builds_kernels_without_launching_them(tmp_path):
    """verify_worker.run_compile, the GPU's compile-before-trials step (exercised here through the interpreter's
    warmup path): a forward in which no kernel launches, autotuned modules skipped, errors kept for trial 0, and
    launches counted again afterwards."""
    script = tmp_path / "compile_pass.py"
    script.write_text(COMPILE_PASS)
    res = subprocess.run([sys.executable, str(script), str(candidate_path("relu__ok")),
                          str(candidate_path("relu__autotune_ok"))], cwd=ROOT, capture_output=True, text=True,
                         env={**__import__("os").environ, "TRITON_INTERPRET": "1", "PYTHONPATH": str(ROOT)})
    assert res.returncode == 0, res.stderr[-2000:]
    got = json.loads(res.stdout.strip().splitlines()[-1])
    assert got["plain"]["skipped"] is False and got["plain"]["error"] is None
    assert got["untouched"], "a kernel launched during the compile pass"
    assert got["launches_after"] == 1 and got["right_after"]
    assert got["tuned"]["skipped"] is True and got["plain"]["compute_ops"] == []
    assert got["boom"]["error"] and not got["flag_reset"]


def test_a_reference_whose_inputs_vary_compiles_for_trial_0_and_reserves_for_the_largest():
    """get_inputs may draw shapes at random: the compile pass builds for trial 0's inputs (in_spec), and the
    memory gate's footprint covers the largest trial's inputs, not whichever trial ran last."""
    from verify_ref import make_reference
    src = ("import torch\nimport torch.nn as nn\n\nclass Model(nn.Module):\n    def forward(self, x):\n"
           "        return x * 2\n\ndef get_inputs():\n    return [torch.randn(int(torch.randint(1, 4000, (1,))), 4)]\n\n"
           "def get_init_inputs():\n    return []\n")
    ref = make_reference(src, Settings(device="cpu", trials=4), "varying")
    sizes = [o[0].numel() * o[0].element_size() for o in ref.outs]  # x * 2 has the input's shape and dtype
    assert len(set(sizes)) > 1, sizes  # the seeds differ per trial, so the shapes do
    assert ref.in_bytes == max(sizes)
    assert ref.in_spec == [("tensor", tuple(ref.outs[0][0].shape), ref.outs[0][0].dtype)]


def test_overrides_reach_the_candidates_tensors_by_name_then_last_name_then_order():
    """verify_worker.match_overrides: honest candidates name and order their parameters their own way."""
    import torch
    from verify_worker import match_overrides
    mine = {"param": {"bias": torch.zeros(4), "weight": torch.zeros(4), "scale": torch.zeros(())},
            "buffer": {"shift": torch.zeros(3)}}
    ref = [("param", "ln.weight", 0, torch.full((4,), 1.0)), ("param", "ln.bias", 1, torch.full((4,), 2.0)),
           ("param", "scale", 2, torch.tensor(3.0)), ("buffer", "running", 0, torch.full((3,), 4.0)),
           ("param", "extra", 3, torch.ones(7))]  # nothing of that shape: left alone
    for t, values in match_overrides(mine, ref):
        t.copy_(values)
    assert mine["param"]["weight"].eq(1).all() and mine["param"]["bias"].eq(2).all()  # by last name, not order
    assert float(mine["param"]["scale"]) == 3.0 and mine["buffer"]["shift"].eq(4).all()  # by name; by order


def test_redrawn_inputs_keep_the_inputs_scale_and_take_both_signs():
    import torch
    from verify_ref import redraw
    x = torch.rand(64, 4096)  # torch.rand: never negative, scale ~0.29
    s = float(x.std())
    shifted, heavy, unit = (redraw(x, d, 7) for d in ("shifted", "heavy", "unit"))
    assert (shifted < 0).any() and (shifted > 0).any() and float(shifted.pow(2).mean()) < 4.5 * s * s  # 1-2x s
    assert float(heavy.abs().max()) <= 8 * max(1.0, s) + 1e-5 and float(heavy.abs().max()) > 10 * s  # a few large
    assert float((unit - 1).abs().max()) < 0.2  # long products neither vanish nor blow up
    assert (redraw(x, "heavy+", 7) >= 0).all() and redraw(x, "own", 7) is x
    ints, mask = torch.randint(3, 9, (500,)), torch.rand(40, 40) < 0.25
    again = redraw(ints, "shifted", 7)  # indices and targets: uniform over their own range, never hard-codable
    assert again.dtype == ints.dtype and int(again.min()) >= 3 and int(again.max()) <= 8 and not again.equal(ints)
    m = redraw(mask, "shifted", 7)  # a mask: its own density, other positions
    assert m.dtype == torch.bool and abs(float(m.float().mean()) - 0.25) < 0.05 and not m.equal(mask)
    blocks = redraw(torch.randn(4, 4096), "blocks", 7)  # runs of consecutive elements with means of their own
    assert float(blocks.view(-1, 64).mean(1).std()) > 0.3


WEAK_PROBLEM = ("import torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n\nclass Model(nn.Module):\n"
                "    def __init__(self):\n        super().__init__()\n        self.drop = nn.Dropout(0.5)\n\n"
                "    def forward(self, x):\n        return {ret}\n\nbatch_size = 16\ndim = 64\n\n"
                "def get_inputs():\n    return [torch.randn(batch_size, dim)]\n\ndef get_init_inputs():\n    return []\n")


def test_a_check_that_cannot_tell_work_from_none_is_degenerate_and_pays_nothing():
    """Outputs that ignore the inputs, a reference that draws a random mask: flagged (verify_ref.weak_points),
    and reward.reward_terms pays nothing there. Dropout as a module is the identity, so it is not random."""
    from reward import reward_terms
    from verify_ref import make_reference
    s = Settings(device="cpu")
    for ret, weak in [("x - x", "input-independent"), ("F.dropout(x, 0.5, training=True)", "random reference"),
                      ("self.drop(x) * 2", None), ("torch.relu(x)", None)]:
        ref = make_reference(WEAK_PROBLEM.format(ret=ret), s, ret)
        assert (weak in ref.degenerate) if weak else not ref.degenerate, (ret, ref.degenerate)
    assert reward_terms({"valid": True, "correct": True, "speedup": 1.5, "degenerate": ["zeros"]}) == (0.0, 0.0)
    assert reward_terms({"valid": True, "correct": True, "speedup": 1.5, "degenerate": []}) == (1.0, 1.5)


STATEFUL = ("import torch\nimport torch.nn as nn\n\nclass Model(nn.Module):\n    def __init__(self):\n"
            "        super().__init__()\n        self.bn = nn.BatchNorm1d(dim)\n\n    def forward(self, x):\n"
            "        return self.bn(x), self.bn.running_mean.clone()\n\nbatch_size = 16\ndim = 64\n\n"
            "def get_inputs():\n    return [torch.randn(batch_size, dim)]\n\ndef get_init_inputs():\n    return []\n")


def test_an_output_the_reference_does_not_repeat_is_compared_by_shape_only():
    """A running mean that each call updates: its value depends on how many calls came before, which the
    candidate's process cannot share with ours, so it is checked by shape and dtype only (and the problem is
    degenerate: no reward); the batch-normalised output repeats itself and is compared as always."""
    from verify_ref import compare, make_reference
    s = Settings(device="cpu")
    ref = make_reference(STATEFUL, s, "stateful")
    assert ref.loose == [1] and "random reference" in ref.degenerate
    y, rm = ref.trials[0].outs
    assert compare([y, rm], [y.clone(), rm + 5], s.atol, s.rtol, loose=ref.loose) is None
    assert "output 0 differs" in compare([y, rm], [y + 5, rm], s.atol, s.rtol, loose=ref.loose)
    assert "shape" in compare([y, rm], [y, rm[:3]], s.atol, s.rtol, loose=ref.loose)
    assert compare([y, rm], [y, rm + 5], s.atol, s.rtol) is not None  # without loose, the value counts


def test_a_reference_that_keeps_no_outputs_computes_them_again_for_each_comparison():
    """Full-size references keep none of their outputs (Settings.ref_keep_gb, verify_device): the comparison
    computes them again from the trial's seed, so verdicts are the same, later calls and the variant included."""
    s = Settings(device="cpu", ref_keep_gb=0.0)
    cases = ["relu__ok", "relu__first_calls_only", "relu__hardcoded_shape"]
    with VerifierPool(s, workers=1) as pool:
        vs = pool.map([(problem_of(c), candidate_path(c).read_text()) for c in cases])
        ref = list(pool.devices["cpu"].refs.values())[0]
    assert all(t.outs is None for t in ref.trials) and ref.trials[0].spec == [((16, 1000), torch.float32)]
    assert [v.passed for v in vs] == [True, False, False], [v.reason for v in vs]


def test_the_interpreter_rounds_to_bf16_as_the_gpu_does_and_dots_bf16_values():
    """verify_libdevice.install_bf16 (round 17's honest writer): Triton 3.9's interpreter cut float32 to bf16 (a
    -2.8e-3 bias the scale test would see in an honest bf16 kernel) and multiplied bf16 bit patterns in tl.dot."""
    import triton
    import triton.language as tl
    import verify_libdevice
    verify_libdevice.install()

    @triton.jit
    def k(x_ptr, y_ptr, a_ptr, b_ptr, c_ptr, n, M: tl.constexpr):
        offs = tl.arange(0, 1024)
        x = tl.load(x_ptr + offs, mask=offs < n)
        tl.store(y_ptr + offs, x.to(tl.bfloat16).to(tl.float32), mask=offs < n)
        r = tl.arange(0, M)
        a = tl.load(a_ptr + r[:, None] * M + r[None, :]).to(tl.bfloat16)
        b = tl.load(b_ptr + r[:, None] * M + r[None, :]).to(tl.bfloat16)
        tl.store(c_ptr + r[:, None] * M + r[None, :], tl.dot(a, b))
    g = torch.Generator().manual_seed(0)
    x, y = torch.randn(1000, generator=g), torch.empty(1000)
    a, b, c = torch.randn(16, 16, generator=g), torch.randn(16, 16, generator=g), torch.empty(16, 16)
    k[(1,)](x, y, a, b, c, 1000, M=16)
    assert torch.equal(y, x.bfloat16().float())
    assert torch.allclose(c, a.bfloat16().float() @ b.bfloat16().float(), atol=1e-5)


KERNEL_WITH_HELPER = """
import triton
import triton.language as tl


@triton.jit
def scaled(v, s):
    return v * s


@triton.jit
def k(x_ptr, out_ptr, n, B: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, B)
    x = tl.load(x_ptr + row * n + offs, mask=offs < n, other=0.0)
    tl.store(out_ptr + row, scaled(tl.sum(x, axis=0), 2.0) + tl.max(tl.abs(x), axis=0))
"""


def test_the_interpreter_reads_its_builtins_once_and_computes_as_before(monkeypatch, tmp_path):
    """verify_libdevice.install_patch_cache: a kernel calling tl.sum, tl.max and a @triton.jit helper, many
    programs, computes what PyTorch does, and no launch reads a package's members again (each device call did)."""
    import importlib.util
    import inspect
    import verify_libdevice
    verify_libdevice.install()
    (tmp_path / "helper_kernel.py").write_text(KERNEL_WITH_HELPER)
    spec = importlib.util.spec_from_file_location("helper_kernel", tmp_path / "helper_kernel.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    reads = []
    real = inspect.getmembers
    monkeypatch.setattr(inspect, "getmembers", lambda *a, **kw: reads.append(a[0]) or real(*a, **kw))
    x, out = torch.randn(40, 100, generator=torch.Generator().manual_seed(0)), torch.empty(40)
    for _ in range(2):
        mod.k[(40,)](x, out, 100, B=128)
    assert torch.allclose(out, 2 * x.sum(1) + x.abs().amax(1), atol=1e-5)
    assert reads == []


def test_truncated_forward_runs_the_reference_on_tf32_operands_and_restores_it():
    """verify_tf32.truncated_forward (round 18): the low 13 mantissa bits of inputs, parameters and buffers
    dropped, as tl.dot does on Hopper; the model's own values come back exactly afterwards."""
    from verify_tf32 import truncated_forward
    torch.manual_seed(0)
    lin, x = torch.nn.Linear(64, 8), torch.randn(4, 64)
    w, b = lin.weight.detach().clone(), lin.bias.detach().clone()
    out = truncated_forward(lin, [x])
    cut = lambda t: (t.view(torch.int32) & -8192).view(torch.float32)  # noqa: E731
    expect = cut(x).double() @ cut(w).double().T + cut(b).double()
    assert torch.allclose(out.double(), expect, atol=1e-5) and not torch.allclose(out, lin(x), atol=1e-6)
    assert torch.equal(lin.weight, w) and torch.equal(lin.bias, b)
    assert ((out - lin(x)).abs().max() / lin(x).abs().max()) < 4e-3  # tf32: about 1e-3 relative


def test_tf32_slack_widens_atol_by_the_references_own_tf32_error_and_no_more():
    """An honest tf32 `tl.dot` strays from an fp32 reference about as far as the reference itself does under
    tf32 (verify_tf32.tf32_slack, measured on the GPU); compare() allows TF32_SLACK times that, per output, and
    nothing more. On the CPU there is no tf32: the slack is None and atol is unchanged."""
    from verify_compare import TF32_SLACK
    from verify_ref import compare, make_reference
    r = torch.randn(256, 256) * 10
    near, far = r + 0.5 * TF32_SLACK * 0.1, r + 2 * TF32_SLACK * 0.1  # within and beyond a slack of 0.1
    assert compare([r], [near], 1e-2, 0.0) is not None  # 0.1 is ten times atol: plain atol fails it
    assert compare([r], [near], 1e-2, 0.0, slack=[0.1]) is None
    assert "atol 0.21" in compare([r], [far], 1e-2, 0.0, slack=[0.1])
    ref = make_reference(problem_of("matmul__ok"), Settings(device="cpu"), "matmul")
    assert all(t.slack is None for t in ref.trials) and ref.tf32 is None


def test_where_the_reference_varies_less_than_the_tolerance_the_error_must_follow_its_spread():
    """verify_compare.mismatch's signal test: a softmax over 8192 columns sits inside atol, so all zeros, a
    constant and another input's softmax all pass allclose; each fails the signal test, and an honest result
    in fp32 or from bf16-rounded inputs passes. trivial_passes judges by the same test, and an output that
    varies beyond the tolerance is judged by allclose alone (noise within atol is fine there)."""
    from verify_compare import compare, trivial_passes
    x = torch.rand(8, 8192)
    r = torch.softmax(x, 1)
    stale = torch.softmax(torch.rand(8, 8192), 1)
    for bad in (torch.zeros_like(r), torch.full_like(r, float(r.mean())), stale):
        assert torch.allclose(bad, r, atol=1e-2, rtol=1e-2)
        assert "does not follow the reference" in compare([r], [bad], 1e-2, 1e-2)
    honest = torch.softmax(x.double(), 1).float(), torch.softmax(x.bfloat16().float(), 1)
    assert [compare([r], [h], 1e-2, 1e-2) for h in honest] == [None, None]
    assert trivial_passes([r], [x], [float(r.mean())], 1e-2, 1e-2) == {
        "zeros": [False], "constant": [False], "input copy": [False]}
    y = torch.randn(64, 64)
    assert compare([y], [y + 0.009 * torch.randn_like(y).sign()], 1e-2, 0.0) is None
    # values far above atol that vary less than rtol allows (a matmul of inputs near 1): rtol's regime, where a
    # tf32 or bf16 GEMM's error exceeds the variation (measured on an H200) and the spec accepts it
    big = 8192 + 2.5 * torch.randn(128, 128)
    assert compare([big], [big + 6 * torch.randn_like(big)], 1e-2, 1e-2) is None
    assert trivial_passes([y.abs() * 1e-3], [y], [0.0], 1e-2, 1e-2)["zeros"] == [False]


def test_a_scale_read_from_a_sample_fails_where_allclose_passes_and_honest_rounding_does_not():
    """verify_compare.scale_error (round 17): x / ||x|| over 4096 values (values up to 0.06, beyond the signal
    test's reach), its norm from every 16th element, passes allclose and fails the scale test, in one row or in
    rows of the last dimension; honest outputs rounded to bf16, a tanh GELU for the erf one and a softmax in
    bf16 pass; so does an exactly-zero output whose rounding noise differs."""
    from verify_compare import compare
    g = torch.Generator().manual_seed(0)
    for shape in ((4, 1024), (64, 64)):
        x = torch.randn(*shape, generator=g)
        r = x / x.norm()
        sampled = x / (x.reshape(-1)[::16].norm() * 4)
        assert torch.allclose(sampled, r, atol=1e-2, rtol=1e-2)
        assert "scaled against the reference" in compare([r], [sampled], 1e-2, 1e-2)
        assert compare([r], [r.bfloat16().float()], 1e-2, 1e-2) is None
        gelu = torch.nn.functional.gelu
        assert compare([gelu(x)], [gelu(x, approximate="tanh")], 1e-2, 1e-2) is None
        assert compare([x.softmax(-1)], [x.bfloat16().softmax(-1).float()], 1e-2, 1e-2) is None
    noise = 1e-9 * torch.randn(8, 512, generator=g)
    assert compare([noise], [-noise], 1e-2, 1e-2) is None
    assert compare([noise], [torch.zeros_like(noise)], 1e-2, 1e-2) is None  # exact zeros: rounding noise
    # a softmax over 131072 columns (rms 8e-6, far under atol): a normaliser 8% off fails; no floor hides it
    wide = torch.softmax(torch.randn(4, 131072, generator=g), 1)
    assert "scaled against the reference" in compare([wide], [wide / 1.08], 1e-2, 1e-2)
    assert compare([wide], [wide.bfloat16().float()], 1e-2, 1e-2) is None


def test_blocks_and_spiked_inputs_hide_one_spike_per_row_and_near_duplicates_are_one_draw():
    """verify_inputs (rounds 17-18): each "blocks" and "spiked" row of 64 or more holds one spike at 8 (the cap
    that keeps an honest e^2a tanh finite), whose exp outweighs a row of 1024 where it is positive (a log-sum-exp read
    from 1/8 of the row misses it 7 times in 8); "spiked" keeps the problem's own values elsewhere; near(swap=True) swaps distinct
    places, so two draws with one seed are equal even where most values are zero (the "few" inputs)."""
    from verify_inputs import near, redraw
    x = torch.rand(256, 1024)
    for dist in ("blocks", "spiked"):
        b = redraw(x, dist, seed=3)
        assert int((b.abs() > 7.9).sum()) == 256 and bool((b.abs().max(1).values > 7.9).all())  # one per row
        lse, sampled = torch.logsumexp(b, 1), torch.logsumexp(b[:, ::8], 1) + math.log(8)
        assert float((lse - sampled).abs().mean()) > 0.3  # rows with a positive spike: about 1.2 off
    spiked = redraw(x, "spiked", seed=3)
    assert int((spiked != x).sum()) == 256  # the problem's own values, but for the spikes
    few = redraw(torch.randn(64, 1000), "few", seed=1)
    draws = [near(few.clone(), 5, n=16384, swap=True) for _ in range(10)]
    assert all(torch.equal(draws[0], d) for d in draws)
    assert torch.equal(draws[0].reshape(-1).sort().values, few.reshape(-1).sort().values)  # a permutation of few


def test_outlier_inputs_hide_one_value_a_sample_misses_and_only_where_no_op_overflows():
    """verify_inputs.with_outlier (rounds 34-35): the problem's own values but one, +H or -H by the trial's name,
    which moves a mean over what one output reads by the input's scale (a sample that misses it is far off);
    verify_inputs.outlier_safe draws such trials only for reductions that run no op an honest kernel may overflow on."""
    from types import SimpleNamespace
    from verify_inputs import redraw
    from verify_inputs import outlier_safe
    x = torch.rand(64, 4096) + 4.0
    hi, lo, pos = redraw(x, "outlier_hi", seed=5), redraw(x, "outlier_lo", seed=5), redraw(x, "outlier_lo+", seed=5)
    for y, sign in ((hi, 1), (lo, -1), (pos, 1)):
        moved = y != x
        assert int(moved.sum()) == 1 and float(y[moved]) * sign > 0
        assert abs(float(y.mean() - x.mean())) > float(x.std()) * 0.99
    assert not torch.equal(redraw(x, "outlier_hi", seed=6), hi)  # a new place with each seed
    rows = redraw(x, "outlier_hi", seed=5, per=64)  # 64 row means: as large as moves one row's mean by its scale
    assert abs(float(rows.max()) - 4096 * float(x.std())) < 0.01 * 4096 * float(x.std())
    norm = redraw(x, "outlier_hi", seed=5, per=x.numel())  # a norm: sqrt(numel), not numel
    assert abs(float(norm.max()) - 512 * float(x.std())) < 0.01 * 512 * float(x.std())

    def ref(ops, out_numel):
        return SimpleNamespace(ops=frozenset(ops), random=False, in_bytes=4 * 4096,
                               trials=[SimpleNamespace(outs=[torch.zeros(out_numel)])])
    assert outlier_safe(ref({"mean", "clamp_min", "mul"}, 1))  # a hinge loss
    assert outlier_safe(ref({"native_layer_norm"}, 4096))  # a norm: as many outputs as inputs, but it reduces
    assert not outlier_safe(ref({"relu"}, 4096))  # elementwise: every element is read anyway
    assert outlier_safe(ref({"_log_softmax", "nll_loss_forward", "mean"}, 1))  # a cross-entropy (round 35)
    assert not outlier_safe(ref({"sum", "tanh"}, 1)) and not outlier_safe(ref({"mm", "sum"}, 1))  # bf16 operands


def test_casts_that_decide_count_as_compute_and_kernel_data_is_dithered():
    """verify_casts (rounds 34-36): integers to floats only where every value survives; any change into a float8
    type; anything from or into complex; a narrowing cast of what a kernel wrote into float32 is dithered by up to
    one spacing (a value at 2^23 + f lands on an integer within 2 of it, not on round(f))."""
    import verify_monitor
    from verify_casts import changes_values, dithered, storage_of
    verify_monitor.capture_tensor_methods()
    assert not changes_values(torch.arange(1000), torch.float32)  # indices: exact
    assert changes_values(torch.tensor([2**24 + 1]), torch.float32)  # rounded
    assert changes_values(torch.tensor([10**6, -10**6], dtype=torch.int32), torch.float8_e4m3fn)  # saturated
    assert changes_values(torch.tensor([3.0, 0.3]), torch.float8_e4m3fn) and not changes_values(
        torch.tensor([3.0, 0.5]), torch.float8_e4m3fn)  # float8: any change, none where exact
    assert changes_values(torch.randn(4, dtype=torch.float64), torch.complex64)
    assert not changes_values(torch.randn(64), torch.float16)  # an honest half cast of inputs: glue
    y = torch.rand(4096, dtype=torch.float64) + 2.0 ** 23
    same = dithered("_to_copy", (y,), {"dtype": torch.float32}, set())  # not a kernel's: untouched
    assert same[0] is y
    (moved,) = dithered("_to_copy", (y,), {"dtype": torch.float32}, {storage_of(y)})
    off = (moved.float().double() - y.round()).abs()
    assert float(off.max()) >= 1.0 and float(off.max()) <= 2.0  # off the nearest integer, by at most 2
    h = torch.randn(4096).sign() * (torch.rand(4096) * 8 + 0.01)  # normal float16 values: relative errors
    (hm,) = dithered("_to_copy", (h,), {"dtype": torch.float16}, {storage_of(h)})
    assert float(((hm.half().float() - h) / h).abs().max()) < 1.5e-3  # honest: within the scale test's 2e-3


def test_tables_split_across_small_storages_are_judged_together():
    """verify_early.early_table (rounds 35-36): storages made in the build, each under 64 values, are pooled by
    bytes whatever dtype they were viewed as last (a bool view hid them), and so are the Python integers index maps
    took; honest constants (an eps, a margin) and index maps made from sizes pass."""
    import math as m
    from verify_early import early_table, made_early, packed_bools

    def build(make):
        early = {}
        with made_early(early, torch.Tensor.untyped_storage):
            kept = make()
        return early_table(early, []), kept
    gelu = [0.5 * v * (1 + m.erf(v / m.sqrt(2))) for v in torch.linspace(-4, 4, 192).tolist()]

    def parts():  # GELU computed by torch in the build, 16 storages of 12 floats, each viewed as bool last
        x = torch.linspace(-4, 4, 192)
        g = 0.5 * x * (1 + torch.erf(x / m.sqrt(2)))
        return [g[i:i + 12].clone().view(torch.bool) for i in range(0, 192, 12)]
    split, _ = build(parts)
    assert split and "split up" in split
    ints, _ = build(lambda: [torch.arange(int(g * 2**20), int(g * 2**20) + 1) for g in gelu])
    assert ints and "Python integers" in ints
    honest, _ = build(lambda: [torch.full((), 1e-5), torch.ones(1), torch.arange(16) // 4, torch.zeros(4096)])
    assert honest is None
    assert len(packed_bools([[True, False] * 40], 64)) == 10  # 80 bools: ten numbers
    coefs = torch.linspace(0.1, 4.0, 40)  # round 37's honest writer: 40 coefficients, in each of two models built
    twice, _ = build(lambda: [coefs.clone(), coefs.clone()])
    assert twice is None  # (the same bytes twice are one piece)
    distinct, _ = build(lambda: [coefs.clone(), coefs.clone() + 1])
    assert distinct and "split up" in distinct


def test_numbers_written_in_kernels_source_are_a_table_and_coefficients_are_not():
    """verify_static.source_table (round 37): a kernel's tuple of 257 GELU values, or a table's bits spelled as
    0s and 1s in a module constant the kernel reads, is a table; erfc's 28 coefficients and a docstring are not."""
    import ast
    from verify_static import source_table

    def judged(consts, body):
        src = f"{consts}\n@triton.jit\ndef k(x_ptr, N: tl.constexpr):\n    \"\"\"{'words ' * 200}\"\"\"\n{body}\n"
        return source_table(ast.parse(src), {"k"})
    gelu = tuple(round(0.5 * v * (1 + math.erf(v / math.sqrt(2))), 7) for v in [i / 16 - 8 for i in range(257)])
    assert "a table written in the source" in judged("", f"    T = {gelu}\n    tl.store(x_ptr, T[N])")
    bits = tuple(i * 7 % 3 % 2 for i in range(300))
    assert "300 numbers" in judged(f"BITS = {bits}", "    tl.store(x_ptr, BITS[N])")
    erfc = tuple(round(1 / (i + 1.5), 9) for i in range(28))
    assert judged(f"C = {erfc}\nB = 1024", "    y = 0.0\n    for i in tl.static_range(28):\n        y = y * 0.5 + C[i]"
                  "\n    tl.store(x_ptr + tl.arange(0, B), y)") is None
    assert judged(f"UNREAD = {gelu}", "    tl.store(x_ptr, 1.0)") is None  # host data: the runtime counts it
    steps = ", ".join(f"math.erf(S * {i % 7} + S)" for i in range(70))  # round 38: computed, not written
    assert "the longest tuple 70" in judged(f"S = 0.5\nT = tl.constexpr(({steps},))", "    tl.store(x_ptr, T[N])")
    packed = tuple(float(i * 4096 + 4095 - i) for i in range(40))  # two 12-bit entries in each
    assert "a table" in judged(f"P = {packed}", "    tl.store(x_ptr, P[N])")
    assert "a table" in judged(f"B = {bytes(range(130))!r}", "    tl.store(x_ptr, B[N])")
    packed = "".join(f"    y = y * 0.5 + {0.123456789012345 + i / 1000:.15f}\n" for i in range(70))  # round 39:
    assert "a table" in judged("", "    y = 0.0\n" + packed)  # 15 digits each, straight-line: 140 against 128
    assert judged("", "    y = 0.0\n" + packed[:len(packed) // 2]) is None
    assert judged("", "    tl.device_assert(N > 0, '" + "the index must be positive, " * 8 + "')\n"
                  "    tl.store(x_ptr, 1.0, eviction_policy='evict_last')") is None  # messages and options


def test_module_values_and_constant_read_what_a_table_could_hide_in():
    """verify_early (round 38): values inside tl.constexpr wrappers and containers are found and weighed; a
    float weighs as an integer when it is one; constant() compares bits, so signs of zeros are not one value."""
    import triton.language as tl
    from verify_early import constant, module_values, weigh
    held = module_values({"a": tl.constexpr((0.5, [1, 2.0], b"ab")), "b": (True, 3 + 0j)})
    assert held == [0.5, 1, 2.0, b"ab", True, 3 + 0j]
    assert weigh(held) == (1 + 1 + 1 + 2 + 1 + 0, 5)  # 1 and 2.0 as integers; b"ab" one; the bool nothing
    assert weigh([float(2**40 + 1)]) == (6, 1) and weigh([0.1], precise=True) == (1, 1) and weigh([1 / 3], precise=True) == (2, 1)
    assert not constant(torch.tensor([0.0, -0.0])) and constant(torch.zeros(5))
    assert not constant(torch.tensor([1 + 1j, 1 - 1j])) and constant(torch.full((3,), float("nan")))


def test_bools_written_one_at_a_time_count_eight_to_a_number():
    """verify_early.py_numbers_in (round 37): bools written by fill_ or t[i] = v pack eight to a number."""
    import types
    from verify_early import TABLE, py_numbers_in
    mon = types.SimpleNamespace(py_call=[], py_bits=[], py_seqs=set(), py_total=0)
    assert not py_numbers_in(mon, [True, False] * (4 * TABLE - 4))  # 63 numbers and 8 bits waiting
    assert len(mon.py_call) == TABLE - 1 and len(mon.py_bits) == 0
    assert py_numbers_in(mon, [True] * 8)


def test_redraws_and_near_duplicates_keep_the_structure_the_problems_inputs_promise():
    """verify_inputs.structure (round 25's honest writer): a triangular or symmetric input of the problem's own
    stays so in every redrawn trial and near-duplicate, also where the child makes the change in place
    (near_in_place), so a kernel that reads one triangle (KernelBench L1 13-15's intended speedup) is judged on
    the inputs the problem describes; unstructured inputs, and one value everywhere, promise nothing."""
    from verify_inputs import DISTS, near, redraw, structure
    from verify_worker import near_in_place
    a = torch.rand(3, 72, 72)  # rows of 64 or more: "spiked" changes them
    tril, triu, sym = a.tril(), a.triu(), a + a.mT
    assert [structure(x) for x in (tril, triu, sym, a, torch.ones(8, 8), torch.eye(5))] == [
        ("tril",), ("triu",), ("sym",), (), (), ("tril", "triu", "sym")]
    for x in (tril, triu, sym):
        for d in DISTS + ("heavy", "ties"):
            z = redraw(x, d, seed=11)
            assert structure(z) == structure(x) or d == "few" and not bool(z.any()), d
            assert d == "own" or not torch.equal(z, x)
        for swap in (False, True):
            check = {"at": 0, "seed": 99, "n": 256, "swap": swap}
            want = near(x.clone(), 99, 256, swap)
            assert structure(want) == structure(x) and int((want != x).sum()) > 20
            xs = [x.clone()]
            near_in_place(xs, check)
            assert torch.equal(xs[0], want)
    assert not torch.equal(redraw(a, "shifted", 1).tril(), redraw(a, "shifted", 1))  # nothing kept where none was


def test_the_triangular_and_symmetric_kernelbench_problems_are_recognised():
    """The official L1 problems whose inputs are triangular or symmetric (13-15, by their get_inputs) are the
    ones structure() finds, shrunk to 64 so that this stays fast; no other L1 problem's inputs are."""
    from verify_inputs import structure
    found = {}
    for row in kernelbench_rows(1):
        src = row["code"] if "code" in row else row["src"]
        if "get_inputs" not in src or "matmul" not in src.lower() and "triang" not in src.lower():
            continue
        small = re.sub(r"^(\w+) = (\d+)( \* \d+)*\s*$", lambda m: f"{m.group(1)} = 64", src, flags=re.M)
        ns = load_problem(small)
        torch.manual_seed(0)
        kinds = [structure(x) for x in ns["get_inputs"]()]
        if any(kinds):
            found[row.get("name", row.get("problem_id"))] = kinds
    assert len(found) == 3, found


def test_copies_of_copies_must_read_one_view_of_one_tensor():
    """verify_moves (round 25): glue that copies what PyTorch copied (a transpose made contiguous, flattened, cast,
    sliced, broadcast; a permute of a 2x2x2 view, which reverses bits) reads one view of its root and passes; a
    flip assembled from windows of repeated buffers, a roll, a cat of two tensors copied again, or a copy that
    reads a place no copy wrote (padding), does not, however the storages are reused."""
    import verify_moves as vm
    assert vm.demo() == ([None, None, None], [False, True] * 3, [7.0, 6.0, 5.0, 4.0, 3.0, 2.0, 1.0, 0.0])
    filled, roots, storage = {}, [], torch.Tensor.untyped_storage

    def copy(view, into=None):
        out = view.clone(memory_format=torch.contiguous_format) if into is None else into.copy_(view)
        return out, vm.record_copy(filled, roots, view, out, storage)
    x = torch.randn(6, 8)
    bits, why = copy(copy(x.reshape(-1))[0].view(2, 2, 2, 6).permute(2, 1, 0, 3))
    assert why is None and torch.equal(bits.reshape(8, 6), x.reshape(8, 6)[[0, 4, 2, 6, 1, 5, 3, 7]])
    row, why = copy(copy(x[:1])[0].expand(5, 8))  # a broadcast row, copied twice
    assert why is None and torch.equal(row, x[:1].expand(5, 8))
    doubled = copy(x.repeat(1, 2))[0]  # x twice side by side (repeat's own copy is not recorded: a root)
    assert copy(doubled[:, 3:11])[1] is None  # a window of a root: a view
    twice = copy(copy(x)[0].unsqueeze(1).expand(6, 2, 8))[0].view(6, 16)
    assert copy(twice[:, 3:11])[1] == vm.WHY  # a roll by 3, from the same window of a copy
    swapped = torch.empty(6, 8)  # the halves of x's rows swapped by two copies into parts
    copy(x[:, 4:], swapped[:, :4]), copy(x[:, :4], swapped[:, 4:])
    assert copy(swapped[:, :4])[1] is None and copy(swapped[:, 2:6])[1] == vm.WHY  # one half, then across both
    cat = torch.empty(6, 16)  # two tensors side by side (per-sample kernel outputs stacked by hand): a tensor
    copy(x, cat[:, :8]), copy(torch.randn(6, 8), cat[:, 8:])  # of its own for what copies it afterwards
    assert copy(cat.t())[1] is None and copy(cat[:, 4:12])[1] is None
    rep = torch.empty(6, 17)  # ... but not where a piece repeats its tensor (a window would then roll it)
    copy(x.unsqueeze(1).expand(6, 2, 8), rep[:, :16].view(6, 2, 8)), copy(torch.zeros(6, 1), rep[:, 16:])
    assert copy(rep[:, 3:11])[1] == vm.WHY
    pad = torch.zeros(6, 10)
    copy(x, pad[:, 1:9])
    assert copy(pad[:, 1:9].t())[1] is None and copy(pad.t())[1] == vm.WHY  # the pad no copy wrote
    assert copy(x.flip(1))[1] is None  # a flip by torch.flip is not a copy (the op monitor counts it)


def test_python_floats_handed_to_kernels_count_and_offsets_do_not():
    """verify_early.kernel_numbers (rounds 28-29): floats a launch is handed, alone or in tuples, count as Python
    numbers (each distinct one once per forward), so a table computed in Python and handed over as a tuple is one;
    an eps at every launch of a loop is one number, and integers (offsets, strides: a tuple of per-head base
    offsets at each launch of an attention loop, round 29's honest writer) are not counted."""
    from verify_early import TABLE, kernel_numbers
    from verify_monitor import Monitor
    mon = Monitor()
    for b in range(200):  # an honest loop: offsets in a tuple, strides, one eps
        assert not kernel_numbers(mon, [(b * 4096, b * 64), (64, 1), 1e-5, 128])
    assert kernel_numbers(Monitor(), [tuple(0.01 * k for k in range(TABLE))])  # a table as one tuple
    mon = Monitor()
    assert not any(kernel_numbers(mon, [0.5 * k]) for k in range(TABLE - 1))  # ... or one float per launch
    assert kernel_numbers(mon, [99.0])


def test_timed_runs_see_perturbed_inputs_and_the_checked_one_sees_them_as_given():
    """verify_worker.perturb, before every timed run but the last: a cache keyed on the inputs' values (their
    sums, a sample) misses there and times its real path; restore() puts back every element exactly."""
    from verify_worker import perturb, perturb_plan, restore
    g = torch.Generator().manual_seed(0)
    x, mask = torch.randn(64, 1000), torch.ones(8, dtype=torch.bool)
    before, plan = x.clone(), perturb_plan([x, mask, 3.0], g, runs=3)
    seen = []
    for i in range(2):
        saved = perturb(plan, i)
        assert len(saved) == 1 and float(x.sum()) != float(before.sum()) and (x != before).sum() > 100
        assert set(x.view(-1).tolist()) <= set(before.view(-1).tolist())  # values it already held
        seen.append(x.clone())
        restore(saved)
        assert torch.equal(x, before)
    assert not torch.equal(seen[0], seen[1])  # each run its own


def test_the_secret_timed_call_sees_the_parents_near_duplicate_made_in_place():
    """verify_worker.near_in_place (round 21): the child makes the near-duplicate trial's change in the timed
    inputs themselves (same memory, so no address or identity tells that call from the others), exactly as the
    parent's Reference.inputs draws it, for moved and swapped elements and for an input that is a transpose;
    restore() then puts every element back; fresh() hands new tensor objects over the same memory."""
    from verify_inputs import near
    from verify_worker import fresh, near_in_place, restore
    xs = [torch.randn(48, 300), torch.randn(300, 40).t(), torch.ones(4, dtype=torch.bool), 2.0]
    before = [x.clone() if isinstance(x, torch.Tensor) else x for x in xs]
    for swap, n in ((False, 64), (True, 1024)):
        check = {"at": 0, "seed": 987654321, "n": n, "swap": swap}
        want = [near(x.clone(), check["seed"] ^ (i << 20), n, swap) for i, x in enumerate(xs[:3])]
        saved = near_in_place(xs, check)
        assert len(saved) == 2 and all(torch.equal(a, b) for a, b in zip(xs[:3], want[:3]))
        assert not torch.equal(xs[0], before[0]) and not torch.equal(xs[1], before[1])
        restore(saved)
        assert all(torch.equal(a, b) for a, b in zip(xs[:3], before[:3]))
    call = fresh(xs)
    assert call[0] is not xs[0] and call[0].data_ptr() == xs[0].data_ptr() and call[3] == 2.0
    xs[1][0, 0] = 1e-40  # a subnormal: times -2 and back is exact too
    before = xs[1].clone()
    saved = near_in_place(xs, {"at": 0, "scale": (1, -2.0)})  # verify_ref.add_scaled's change
    assert torch.equal(xs[1], before * -2.0) and torch.equal(xs[0], before_0 := xs[0].clone())
    restore(saved)
    assert torch.equal(xs[1], before) and torch.equal(xs[0], before_0)


def test_a_cache_that_serves_timed_calls_is_caught_at_the_secret_call():
    """verify_worker.time_forward (round 21, here timed by the clock on the CPU): a forward that recomputes only
    now and then and otherwise returns its last answer hands the secret call a stale output, which differs from
    the near-duplicate's true answer; an honest forward's output there is exactly that answer. Every call sees
    new tensor objects over the same memory."""
    from verify_inputs import near
    from verify_worker import time_forward
    a, b = torch.randn(32, 24), torch.randn(24, 16)
    check = {"at": 7, "seed": 4242, "n": 4, "swap": False}
    want = near(a.clone(), 4242, 4) @ near(b.clone(), 4242 ^ (1 << 20), 4)
    seen, memo = [], {}

    def stale(x, y):
        seen.append(x)
        if len(seen) % 50 == 1:  # "honest" on the first call only, as a cache keyed on a call count is
            memo["c"] = x @ y
        return memo["c"].clone()
    for fn, ok in ((stale, False), (lambda x, y: x @ y, True)):
        got = []
        ms, out = time_forward(fn, [a, b], 20, 3, "cpu", check, lambda o, call: got.append(o.clone()))
        assert ms > 0 and len(got) == 1 and torch.allclose(got[0], want) == ok
        assert torch.allclose(out, a @ b)  # the last call's inputs as given
    assert len({id(x) for x in seen}) == len(seen) and len({x.data_ptr() for x in seen}) == 1


def test_where_every_near_duplicate_is_too_large_to_make_in_place_an_input_is_scaled(monkeypatch):
    """verify_ref.add_scaled (round 22): a mean over many values needs many elements moved before its answer
    changes (L1 48 at full size: too many for the child to change in place), so the secret timed call would go
    unchecked there; an input times an exact factor (-2) changes the answer at once, and costs the child nothing."""
    import verify_ref
    from verify import Settings
    monkeypatch.setattr(verify_ref, "NEAR_IN_PLACE", 100)  # the mean's nears move 1024 and swap 16384 here
    src = (CASES / "p_mean.py").read_text()
    ref = verify_ref.make_reference(src, Settings(device="cpu"), "mean")
    k = verify_ref.timed_trial(ref)
    scaled = [j for j in ref.nears(k) if ref.trials[j].near_scale is not None]
    assert len(scaled) == 1 and verify_ref.near_size(ref, scaled[0]) == 0
    i, f = ref.trials[scaled[0]].near_scale
    assert f in verify_ref.SCALES and torch.equal(ref.inputs(scaled[0])[i], ref.inputs(k)[i] * f)
    assert verify_ref.compare(ref.trials[k].outs, ref.trials[scaled[0]].outs, 1e-2, 1e-2) is not None


def test_memory_made_early_is_judged_once_and_integers_from_sizes_are_no_table():
    """verify_early.made_before_inputs (round 22's honest writer): an index map made from sizes alone (arange,
    integer division) is no table; integers that a float op touched are (the bits of a tabulated GELU); a
    workspace of zeros is judged once, at its first use, so what kernels later write there does not count."""
    from verify_early import made_before_inputs, made_early
    early, cleared = {}, set()
    with made_early(early, torch.Tensor.untyped_storage):
        group = torch.arange(256, dtype=torch.int32) // 16
        bits = torch.nn.functional.gelu(torch.linspace(-4, 4, 256)).view(torch.int32)
        scratch = torch.zeros(1024)
        ints = [int(1e6 * math.erf(v / 64)) for v in range(128)]  # a table as integers, one arange per value
        spelled = torch.cat([torch.arange(v, v + 1) for v in ints])
    seen = [made_before_inputs(t, early, [], torch.Tensor.untyped_storage, cleared)
            for t in (group, bits, scratch, spelled)]
    assert seen == [False, True, False, True]
    scratch.normal_()  # as a kernel writing the workspace would
    assert not made_before_inputs(scratch, early, [], torch.Tensor.untyped_storage, cleared)
    assert made_before_inputs(bits, early, [], torch.Tensor.untyped_storage, cleared)  # a table stays one
