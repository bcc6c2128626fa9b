"""sample.py: greedy parity with HF generate, log-probs, EOS, seeds, n-sample prefill sharing, weight reloads; the
paged cache: refills, preemption and recompute, shared prompt blocks, the paged Triton kernel; sample_static.py."""

import json
import subprocess
import sys

import pytest
import torch

from conftest import ROOT
from model import build_model, save_checkpoint
from sample import Engine, pick
from sample_static import StaticEngine

PROMPTS = [[5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15], [20, 21, 22], [30, 31, 32, 33, 34, 35, 36]]


@pytest.fixture(scope="module")
def lively():
    """The tiny preset with larger random weights, so greedy decoding wanders instead of repeating one token."""
    model, tok = build_model("tiny", seed=0)
    with torch.no_grad():
        for name, p in model.named_parameters():
            if p.dim() == 2:
                p.normal_(0, 0.08, generator=torch.Generator().manual_seed(hash(name) % 1000))
    return model.eval(), tok


def hf_greedy(model, tok, prompts, new):
    L = max(map(len, prompts))
    pad = torch.tensor([L - len(p) for p in prompts])
    ids = torch.tensor([[tok.pad_token_id] * (L - len(p)) + p for p in prompts])
    am = (torch.arange(L)[None] >= pad[:, None]).long()
    out = model.generate(input_ids=ids, attention_mask=am, max_new_tokens=new, do_sample=False, eos_token_id=None,
                         pad_token_id=tok.pad_token_id)
    return out[:, L:].tolist()


def test_greedy_equals_hf_generate_batched_and_single(lively):
    model, tok = lively
    eng = Engine(model, tok, max_batch=8, max_len=256)
    eng.stop_ids = []  # compare whole lengths
    want = hf_greedy(model, tok, PROMPTS, 40)
    got = eng.generate(PROMPTS, n=1, max_new_tokens=40, temperature=0)
    assert [c.ids for c in got] == want
    assert len({tuple(w) for w in want}) == 3 and len(set(want[0])) > 5  # a real test: varied tokens
    for p, w in zip(PROMPTS, want):
        assert eng.generate([p], max_new_tokens=40, temperature=0)[0].ids == w


def test_greedy_parity_on_a_llama_model(llama_dir):
    model, tok = build_model(init_from=str(llama_dir))
    model.eval()
    eng = Engine(model, tok, max_batch=4, max_len=128)
    eng.stop_ids = []
    assert [c.ids for c in eng.generate(PROMPTS, max_new_tokens=25, temperature=0)] == hf_greedy(model, tok, PROMPTS, 25)


def test_logprobs_match_a_full_forward(lively):
    model, tok = lively
    eng = Engine(model, tok, max_batch=8, max_len=256)
    eng.stop_ids = []
    outs = eng.generate(PROMPTS, n=2, max_new_tokens=30, temperature=1.0, seed=3)
    for c in outs:
        p = PROMPTS[c.prompt_index]
        with torch.no_grad():
            logits = model(torch.tensor([p + c.ids])).logits[0, len(p) - 1:-1].float()
        want = torch.log_softmax(logits, -1).gather(-1, torch.tensor(c.ids)[:, None]).squeeze(-1)
        torch.testing.assert_close(torch.tensor(c.logprobs), want, atol=2e-4, rtol=0)


def test_eos_stops_a_row_and_the_others_go_on(lively):
    model, tok = lively
    eng = Engine(model, tok, max_batch=8, max_len=256)
    eng.stop_ids = []
    free = [c.ids for c in eng.generate(PROMPTS, max_new_tokens=30, temperature=0)]
    stop = free[1][4]  # the 5th token of prompt 1 becomes the stop token
    eng.stop_ids = [stop]
    got = eng.generate(PROMPTS, max_new_tokens=30, temperature=0)
    for c, f in zip(got, free):
        cut = f.index(stop) + 1 if stop in f else len(f)
        assert c.ids == f[:cut]
        assert c.finish_reason == ("eos" if stop in f else "length")
        assert c.text == tok.decode(c.ids, skip_special_tokens=True)
    assert got[1].ids[-1] == stop and len(got[1].ids) <= 5


def test_seeds_reproduce_and_differ(lively):
    model, tok = lively
    eng = Engine(model, tok, max_batch=8, max_len=256)
    a = [c.ids for c in eng.generate(PROMPTS, n=2, max_new_tokens=20, temperature=1.0, seed=1)]
    b = [c.ids for c in eng.generate(PROMPTS, n=2, max_new_tokens=20, temperature=1.0, seed=1)]
    c = [c.ids for c in eng.generate(PROMPTS, n=2, max_new_tokens=20, temperature=1.0, seed=2)]
    assert a == b and a != c
    g = [x.ids for x in eng.generate(PROMPTS, max_new_tokens=20, temperature=0)]
    assert [x.ids for x in eng.generate(PROMPTS, max_new_tokens=20, temperature=1.0, top_k=1, seed=5)] == g
    assert [x.ids for x in eng.generate(PROMPTS, max_new_tokens=20, temperature=1.0, top_p=1e-6, seed=5)] == g


def test_n_samples_share_one_prefill_per_prompt(lively, monkeypatch):
    model, tok = lively
    eng = Engine(model, tok, max_batch=12, max_len=256)
    eng.stop_ids = []
    prefills = []
    real = Engine.forward

    def counting(self, ids, *a):
        if ids.shape[1] > 1:
            prefills.append(ids.shape[0])
        return real(self, ids, *a)

    monkeypatch.setattr(Engine, "forward", counting)
    outs = eng.generate(PROMPTS, n=4, max_new_tokens=15, temperature=0)
    assert prefills == [3]  # one prefill, one row per prompt, for 12 samples
    assert [(c.prompt_index, c.sample_index) for c in outs] == [(p, j) for p in range(3) for j in range(4)]
    single = [c.ids for c in eng.generate(PROMPTS, n=1, max_new_tokens=15, temperature=0)]
    assert all(c.ids == single[c.prompt_index] for c in outs)  # each sample continues its own prompt's cache
    sampled = eng.generate(PROMPTS, n=4, max_new_tokens=15, temperature=1.0, seed=0)
    assert len({tuple(c.ids) for c in sampled if c.prompt_index == 0}) > 1  # the samples are independent


def test_more_rows_than_max_batch_run_in_chunks(lively):
    model, tok = lively
    eng = Engine(model, tok, max_batch=4, max_len=256)
    eng.stop_ids = []
    outs = eng.generate(PROMPTS, n=2, max_new_tokens=10, temperature=0)
    assert [c.prompt_index for c in outs] == [0, 0, 1, 1, 2, 2]
    assert [c.ids for c in outs[::2]] == hf_greedy(model, tok, PROMPTS, 10)


def test_load_weights_makes_the_engine_follow_the_model(lively):
    model, tok = lively
    import copy
    m2 = copy.deepcopy(model)
    eng = Engine(m2, tok, max_batch=4, max_len=128)
    eng.stop_ids = []
    before = [c.ids for c in eng.generate(PROMPTS, max_new_tokens=15, temperature=0)]
    opt = torch.optim.SGD(m2.parameters(), lr=0.5)
    m2.train()
    loss = m2(torch.tensor([PROMPTS[0]]), labels=torch.tensor([PROMPTS[0]])).loss
    loss.backward()
    opt.step()
    m2.eval()
    stale = [c.ids for c in eng.generate(PROMPTS, max_new_tokens=15, temperature=0)]
    eng.load_weights(m2)
    after = [c.ids for c in eng.generate(PROMPTS, max_new_tokens=15, temperature=0)]
    assert stale == before and after == hf_greedy(m2, tok, PROMPTS, 15) and after != before


def test_cli_writes_one_line_per_completion(tmp_path, tiny):
    model, tok = tiny
    ckpt = tmp_path / "init.pt"
    save_checkpoint(ckpt, model, tok)
    out = tmp_path / "gens.jsonl"
    r = subprocess.run([sys.executable, "sample.py", "--ckpt", str(ckpt), "--ids", "1_relu,32_sum_rows", "--n", "2",
                        "--max_new_tokens", "12", "--out", str(out)], cwd=ROOT, capture_output=True, text=True,
                       timeout=300)
    assert r.returncode == 0, r.stderr
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert [(x["task"], x["sample"]) for x in rows] == [("1_relu", 0), ("1_relu", 1), ("32_sum_rows", 0),
                                                        ("32_sum_rows", 1)]
    assert all(isinstance(x["text"], str) and 1 <= x["tokens"] <= 12 for x in rows)
    r = subprocess.run([sys.executable, "sample.py", "--out", str(out)], cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 2 and r.stderr.startswith("error: give --ckpt")


@pytest.fixture
def interpreted_kernels():
    """sample_kernels.py under Triton's interpreter (the CPU's way to run the GPU decode path's kernels).
    conftest.py sets TRITON_INTERPRET=1 before triton is first imported, which is when Triton decides."""
    if torch.cuda.is_available():
        pytest.skip("with a GPU the fused kernels run compiled; bench/bench_sampler.py covers them")
    import triton
    assert triton.knobs.runtime.interpret, "TRITON_INTERPRET=1 must be set before triton is imported"
    import sample_kernels
    return sample_kernels


def test_fused_kernels_match_the_pytorch_ops(interpreted_kernels):
    diffs = interpreted_kernels.check("cpu", torch.float32)
    assert set(diffs) >= {"add_rmsnorm", "silu_mul", "qk_rope", "kv_store", "attention/1", "attention/4"}
    assert max(diffs.values()) < 1e-5, diffs


def test_fused_decode_step_equals_hf_generate(lively, interpreted_kernels):
    """The GPU decode path (fused kernels), run by the interpreter: greedy tokens equal HF's, log-probs match the
    PyTorch path, and sampling under a seed draws the same tokens."""
    model, tok = lively
    fused = Engine(model, tok, max_batch=8, max_len=128, fused=True)
    plain = Engine(model, tok, max_batch=8, max_len=128, fused=False)
    fused.stop_ids = plain.stop_ids = []
    got = fused.generate(PROMPTS, n=1, max_new_tokens=20, temperature=0)
    assert [c.ids for c in got] == hf_greedy(model, tok, PROMPTS, 20)
    ref = plain.generate(PROMPTS, n=1, max_new_tokens=20, temperature=0)
    assert max(abs(a - b) for c, r in zip(got, ref) for a, b in zip(c.logprobs, r.logprobs)) < 1e-4
    a = fused.generate(PROMPTS[:2], n=3, max_new_tokens=12, temperature=1.0, seed=3)
    b = plain.generate(PROMPTS[:2], n=3, max_new_tokens=12, temperature=1.0, seed=3)
    assert [c.ids for c in a] == [c.ids for c in b]


# ----------------------------------------------------------------------------- the paged cache

UNEVEN = [[5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15], [20, 21, 22], [30, 31, 32, 33, 34, 35, 36], [40], [41, 42, 43, 44]]
CAPS = [3, 30, 12, 1, 25, 7, 18, 2, 22, 9]  # UNEVEN x 2 samples: lengths 1 to 30


def per_block(eng):
    return eng.L * 2 * eng.BS * eng.KV * eng.D * 4 / 2**30  # fp32 bytes of one block, in GiB


def test_refill_more_samples_than_rows_greedy_equals_hf(lively):
    """10 samples of uneven lengths through 3 rows: finished samples' rows are refilled, and every sample's greedy
    tokens still equal HF generate's."""
    model, tok = lively
    eng = Engine(model, tok, max_batch=3, max_len=64, block_size=4, sync_every=4)
    eng.stop_ids = []
    outs = eng.generate(UNEVEN, n=2, max_new_tokens=CAPS, temperature=0)
    want = hf_greedy(model, tok, UNEVEN, 30)
    assert [(c.prompt_index, c.sample_index) for c in outs] == [(p, j) for p in range(5) for j in range(2)]
    assert [len(c.ids) for c in outs] == CAPS
    assert all(c.ids == want[c.prompt_index][:len(c.ids)] for c in outs)
    assert eng.stats["prefills"] >= 3 and eng.stats["preemptions"] == 0  # prompts joined as rows freed up
    assert eng.pool.n_free == eng.pool.n - 1


def test_preemption_recomputes_and_changes_nothing(lively):
    """A pool too small for every running sample: the newest are preempted and recomputed, and tokens (sampled,
    seeded per sample) are those of a run with room for all; so are they whatever max_batch and sync_every are."""
    model, tok = lively
    roomy = Engine(model, tok, max_batch=16, max_len=64, block_size=4)
    roomy.stop_ids = []
    want = roomy.generate(UNEVEN, n=2, max_new_tokens=CAPS, temperature=1.0, seed=7)
    assert roomy.stats["preemptions"] == 0
    for max_batch, blocks, sync in ((10, 16, 4), (4, 12, 3), (2, 40, 1)):
        eng = Engine(model, tok, max_batch=max_batch, max_len=64, block_size=4, sync_every=sync,
                     kv_gb=blocks * per_block(roomy))
        eng.stop_ids = []
        got = eng.generate(UNEVEN, n=2, max_new_tokens=CAPS, temperature=1.0, seed=7)
        assert [c.ids for c in got] == [c.ids for c in want], (max_batch, blocks, sync)
        for c, w in zip(got, want):  # recomputed K/V come from a prefill: equal up to float rounding
            torch.testing.assert_close(torch.tensor(c.logprobs), torch.tensor(w.logprobs), atol=1e-4, rtol=0)
        assert eng.pool.n_free == eng.pool.n - 1
        if blocks < 20:
            assert eng.stats["preemptions"] > 0 and eng.stats["recomputed_tokens"] > 0, eng.stats


def test_shared_prompt_blocks_live_until_the_last_sample_finishes(lively, monkeypatch):
    """n samples of an 11-token prompt (blocks of 4: two full, one partial): the two full blocks are held by every
    sample and freed exactly when the last one finishes; each sample has its own copy of the partial block."""
    model, tok = lively
    eng = Engine(model, tok, max_batch=8, max_len=64, block_size=4, sync_every=2)
    eng.stop_ids = []
    taken, log = [], []
    real_take, real_finish = Engine._take_sample, Engine._finish

    def taking(self, call, gi, own):
        s = real_take(self, call, gi, own)
        taken.append(list(s.blocks))
        return s

    def finishing(self, call, s):
        real_finish(self, call, s)
        log.append((len(s.toks), [self.pool.ref[b] for b in taken[0][:2]]))

    monkeypatch.setattr(Engine, "_take_sample", taking)
    monkeypatch.setattr(Engine, "_finish", finishing)
    outs = eng.generate([UNEVEN[0]], n=3, max_new_tokens=[5, 20, 9], temperature=1.0, seed=2)
    assert [len(c.ids) for c in outs] == [5, 20, 9]
    assert all(t[:2] == taken[0][:2] for t in taken) and len({t[2] for t in taken}) == 3
    assert log == [(5, [2, 2]), (9, [1, 1]), (20, [0, 0])]  # references: the samples still running
    assert all(b in eng.pool.free for b in taken[0][:2]) and eng.pool.n_free == eng.pool.n - 1
    greedy = eng.generate([UNEVEN[0]], n=3, max_new_tokens=20, temperature=0)
    assert all(c.ids == hf_greedy(model, tok, [UNEVEN[0]], 20)[0] for c in greedy)


def test_a_pool_too_small_for_one_sample_says_so(lively):
    model, tok = lively
    eng = Engine(model, tok, max_batch=4, max_len=64, block_size=4)
    with pytest.raises(ValueError, match="kv_gb"):
        Engine(model, tok, max_batch=4, max_len=64, block_size=4, kv_gb=per_block(eng) * 0.5)
    eng = Engine(model, tok, max_batch=4, max_len=64, block_size=4, kv_gb=per_block(eng) * 5)
    with pytest.raises(ValueError, match="raise kv_gb"):
        eng.generate([UNEVEN[0]], max_new_tokens=30)


def test_samples_ending_at_their_first_token_never_decode(lively):
    model, tok = lively
    eng = Engine(model, tok, max_batch=2, max_len=64, block_size=4)
    eng.stop_ids = []
    outs = eng.generate([[1, 2, 3]] * 5, n=2, max_new_tokens=[1] * 6 + [3, 1, 1, 2], temperature=1.0, seed=0)
    assert [len(c.ids) for c in outs] == [1] * 6 + [3, 1, 1, 2] and eng.stats["steps"] == 3


def test_the_pool_is_sized_by_the_budget_not_max_batch_times_max_len(lively):
    model, tok = lively
    big = Engine(model, tok, max_batch=64, max_len=4096, block_size=16, kv_gb=0.01)
    assert big.kv_bytes <= 0.01 * 2**30 and big.pool.n - 1 < 64 * 4096 // 16
    small = Engine(model, tok, max_batch=2, max_len=64, block_size=16, kv_gb=1)
    assert small.pool.n <= (2 + 1) * small.width + 1  # never more than max_batch x max_len could use


def test_static_engine_still_equals_hf_generate(lively):
    model, tok = lively
    eng = StaticEngine(model, tok, max_batch=8, max_len=128)
    eng.stop_ids = []
    assert [c.ids for c in eng.generate(PROMPTS, max_new_tokens=20, temperature=0)] == hf_greedy(model, tok, PROMPTS, 20)
    outs = eng.generate(PROMPTS, n=2, max_new_tokens=[4, 9, 2, 20, 7, 7], temperature=1.0, seed=0)
    assert [len(c.ids) for c in outs] == [4, 9, 2, 20, 7, 7]


def test_paged_triton_kernel_equals_the_gather_path(interpreted_kernels):
    diffs = interpreted_kernels.check_paged("cpu", torch.float32)
    assert set(diffs) == {"paged_attention/1", "paged_attention/2", "paged_attention/4", "paged_store", "paged_q"}
    assert max(diffs.values()) < 1e-5, diffs


def test_the_race_samples_the_kept_distribution():
    """sample.pick's exponential race draws from softmax(x / T) after top-k then top-p, computed here by hand:
    40,000 rows, frequencies within 0.015 of it, and a token outside the kept set never drawn."""
    x = torch.tensor([2.0, 1.5, 1.4, 0.2, -0.5, -1.0, 3.0, -4.0])
    T, top_k, top_p = 0.8, 5, 0.9
    p = torch.softmax(x / T, 0)
    ranked = sorted(range(len(x)), key=lambda i: -float(x[i]))[:top_k]  # top-k by value
    q = p[ranked] / p[ranked].sum()
    kept, mass = [], 0.0
    for i, qi in zip(ranked, q.tolist()):  # the smallest prefix whose mass reaches top_p
        if mass >= top_p:
            break
        kept.append(i)
        mass += qi
    want = torch.zeros(len(x))
    want[kept] = p[kept] / p[kept].sum()
    assert 1 < len(kept) < top_k  # both filters cut something here
    N, g = 40000, torch.Generator().manual_seed(0)
    logits = x.repeat(N, 1)
    nxt, lp = pick(logits, torch.empty(N, len(x)).exponential_(generator=g), T, top_k, top_p)
    freq = torch.bincount(nxt, minlength=len(x)).float() / N
    assert (freq - want).abs().max() < 0.015, (freq, want)
    assert set(nxt.unique().tolist()) == set(kept)
    assert torch.allclose(lp, torch.log_softmax(x, 0)[nxt])  # the model's own log-probs, not the kept ones
