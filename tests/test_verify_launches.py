"""
verify_launches (round 29): what a forward's launches carry beyond nested loops' regularity. Honest launch
sequences (loops over samples, heads, row and column blocks with a narrower last one, kernels alternating, views
of one buffer, offsets in a tuple) carry a few numbers; a table carried by the launches (an integer, a digit, a
grid size, an offset or the kernel chosen per launch; a tuple of integers in one launch) carries TABLE or more.

    python -m pytest -q tests/test_verify_launches.py
"""

import math
import types

import torch

from verify_early import TABLE, int_weight, py_numbers_in
from verify_launches import config_numbers, grid_of, launch_numbers, launch_record, problem_dims, surprises
from verify_monitor import Monitor


def kernel(name):
    return types.SimpleNamespace(__name__=name)


def launch(mon, k, *args, grid=(1,), **kw):
    entry = launch_record(mon, k, args, kw, lambda x: x.untyped_storage(), lambda x: x.storage_offset())
    g = grid_of(grid, entry)
    if callable(g):
        g({})  # as Triton does at the launch, with the meta-parameters


def numbers(mon, *inputs):
    """launch_numbers, with the dimensions of these inputs explained."""
    return launch_numbers(mon, problem_dims(inputs, [], [], None))


def carried(mon, *inputs):
    """The launch numbers' weight, as py_numbers_in counts them (an integer: its bytes)."""
    return sum(int_weight(v) for v in numbers(mon, *inputs))


GELU = [int(round(0.5 * v * (1 + math.erf(v / math.sqrt(2))) * 2**20)) for v in (-8 + k / 8 for k in range(129))]


def test_nested_loops_are_free_and_their_tails_cost_a_number():
    assert surprises([h * 37 + c for h in range(5) for c in range(0, 30, 10)]) == []  # two loops: free
    assert surprises([b * 1000 + h * 37 + c for b in range(7) for h in range(5) for c in range(0, 30, 10)]) == [
        (15, 1000)]  # a third loop's stride costs
    assert surprises([min(16, 40 - r) for b in range(4) for r in range(0, 40, 16) for c in range(3)]) == [(6, -8)]
    assert surprises([k % 3 for k in range(30)]) == []  # three kernels in turn
    assert surprises(list(range(0, 40, 4)) * 3) == []  # one loop run three times
    assert len(surprises(GELU)) > 64  # a table: past its run of zeros (x < -3), hardly a step is predicted


def test_an_honest_launch_heavy_forward_carries_a_few_numbers():
    mon, even, odd = Monitor(), kernel("even"), kernel("odd")
    a, b, c = torch.zeros(4, 40, 48), torch.zeros(4, 48, 36), torch.zeros(4, 40, 36)
    for i in range(4):  # samples x row blocks x column blocks, two kernels alternating, views and a tuple
        for r in range(0, 40, 16):
            for col in range(0, 36, 16):
                launch(mon, even if i % 2 == 0 else odd, a[i], b[i], c[i], min(16, 40 - r), min(16, 36 - col), 48,
                       (r * 48, col, r * 36 + col), BM=16, grid=lambda meta: (1, 1))
    for h in range(64):  # then a loop over heads with per-head offsets, on the same kernel
        launch(mon, even, a.view(-1)[h * 30:], b, c, h, 64, 0, (h * 30, 0, h), BM=16, grid=(2,))
    assert 0 < carried(mon, a, b, c) < 40, numbers(mon, a, b, c)  # tails, a third loop's stride, the second loop
    assert not py_numbers_in(mon, numbers(mon, a, b, c))


def test_tables_carried_by_the_launches_count():
    t, put = torch.zeros(1024, dtype=torch.int32), kernel("put")
    for channel in ("int", "constexpr digit", "grid", "offset", "kernel"):
        mon, kernels = Monitor(), [kernel(f"k{d}") for d in range(16)]
        for k, v in enumerate(GELU):
            for d in range(5):  # a base-16 digit per launch
                digit = (v >> (4 * d)) & 15
                if channel == "int":
                    launch(mon, put, t, k, v)
                elif channel == "constexpr digit":
                    launch(mon, put, t, 5 * k + d, D=digit)
                elif channel == "grid":
                    launch(mon, put, t, 5 * k + d, grid=lambda meta, g=digit + 1: (g,))
                elif channel == "offset":
                    launch(mon, put, t[digit:], 5 * k + d)
                else:
                    launch(mon, kernels[digit], t, 5 * k + d)
        assert py_numbers_in(mon, numbers(mon, t)), channel
    mon = Monitor()
    launch(mon, put, t, tuple(GELU[::2]))  # one launch, a tuple of 65 integers
    assert carried(mon, t) >= TABLE
    mon = Monitor()
    launch(mon, put, t, *[sum(v << (15 * i) for i, v in enumerate(GELU[k:k + 4])) for k in range(0, 128, 4)])
    assert carried(mon, t) >= TABLE  # round 30: one launch, 32 scalar arguments, four entries packed in each
    mon = Monitor()
    launch(mon, put, t, 1, S=" ".join(str(v) for v in GELU[::4]))
    assert carried(mon, t) >= TABLE  # round 30: a string constexpr the kernel parsed with float()


def test_autotuned_configs_count_their_distinct_values():
    mon = Monitor()
    for bm in (32, 64, 128):
        for warps in (4, 8):
            cfg = types.SimpleNamespace(all_kwargs=lambda bm=bm, w=warps: {"BM": bm, "num_warps": w, "num_stages": 3})
            config_numbers(mon, cfg)
            config_numbers(mon, cfg)  # a second tune of the same configs counts nothing more
    assert sorted(v for _, v in mon.tuned) == [3, 4, 8, 32, 64, 128]
