"""The careless teacher's rows (data/careless.py) are what their kind says, under both verifiers; naive_passes
agrees with a naive pool run on every pair; the corpus build stops on a row that is not what it says."""

import random

import pytest

from data.careless import BUGS, CHEATS, careless, hard
from data.suite import build
from tasks import row_task
from verify import Settings, VerifierPool, naive_passes, robust_and_naive

ROWS = {r["name"]: r for r in build()}


@pytest.fixture(scope="module")
def pool():
    with VerifierPool(Settings(device="cpu", timing=False), workers=2) as p:
        yield p


@pytest.fixture(scope="module")
def naive_pool():
    with VerifierPool(Settings(device="cpu", timing=False, verifier="naive"), workers=2) as p:
        yield p


def kind_rows():
    """(task row, kind, completion): every kind on a generated binary expression and on a named unary op."""
    out = []
    for name in ("62_expr0", "1_relu"):
        row = ROWS[name]
        for kind in [f"cheat:{c}" for c in CHEATS] + [f"bug:{b}" for b in BUGS]:
            text = careless(row, random.Random(0), kind)
            if text is not None:
                out.append((row, kind, text))
    return out


def test_cheats_pass_only_the_naive_verifier_and_bugs_pass_neither(pool, naive_pool):
    rows = kind_rows()
    assert {k for _, k, _ in rows} >= {f"cheat:{c}" for c in CHEATS} | {"bug:mask", "bug:off_by_one"}
    pairs = [(row_task(r).src, text) for r, _, text in rows]
    robust, naive = pool.map(pairs), naive_pool.map(pairs)
    for (r, kind, _), rv, nv in zip(rows, robust, naive):
        assert not rv.passed, (r["name"], kind, "the robust verifier accepted a careless row")
        if kind.startswith("cheat"):
            assert nv.passed, (r["name"], kind, nv.reason)
            assert rv.layer in ("func_static", "func_runtime"), (kind, rv.reason)  # caught as a cheat, not a bug
        else:
            assert not nv.passed and nv.layer == "correct", (r["name"], kind, nv.reason)
    # naive_passes reruns only what a func layer decided, and agrees with the naive pool everywhere
    assert naive_passes(robust, pairs, ["p"] * len(pairs), pool.s, workers=2) == [v.passed for v in naive]
    # ... and so does robust_and_naive, which starts the statically rejected pairs' re-checks at once
    both, early = robust_and_naive(pool, pairs, ["p"] * len(pairs), workers=2)
    assert [(v.passed, v.layer) for v in both] == [(v.passed, v.layer) for v in robust]
    assert early == [v.passed for v in naive]


def test_careless_kinds_need_an_elementwise_task_and_difficulty_counts_operations():
    matmul = next(r for r in ROWS.values() if r["family"] == "matmul")
    assert careless(matmul, random.Random(0), "cheat:decoy") is None
    easy = dict(params={"torch": "torch.relu(x) + x"})
    assert not hard(easy) and hard(dict(params={"torch": "torch.relu(x * 2.0) + torch.abs(x)"}))
    # a where's condition is never the part the kernel computes (it is boolean; the kernel stores floats)
    where = next(r for r in ROWS.values() if r["params"].get("torch", "").startswith("torch.where("))
    text = careless(where, random.Random(0), "cheat:partial")
    assert text is None or "torch.where(out," not in text
