"""--optim_offload (model.make_optimizer): AdamW's moments in host memory between steps, stepped chunk by chunk.

    python -m pytest -q tests/test_offload.py

The offloaded optimizer must be the same optimizer: the same weights after several steps, the same checkpointed
state in the library's own format (plain and under FSDP2), and a resume from either continues the same run.
"""

import torch
import torch.distributed as dist

from model import build_model, fsdp_shard, load_optimizer, make_optimizer, optimizer_step, train_state

CHUNK = 50_000  # the tiny model's 4M parameters in dozens of chunks, the embedding alone in one


def lm_loss(model, seed):
    """A real next-token loss on random ids: every parameter gets a nonzero gradient."""
    g = torch.Generator().manual_seed(seed)
    ids = torch.randint(0, model.config.vocab_size, (2, 24), generator=g)
    return model(input_ids=ids, labels=ids).loss


def steps(model, opt, seeds):
    for s in seeds:
        lm_loss(model, s).backward()
        optimizer_step(opt)
        opt.zero_grad(set_to_none=True)


def twins():
    return build_model("tiny", seed=3)[0], build_model("tiny", seed=3)[0]


def test_offloaded_adamw_steps_exactly_like_adamw():
    plain, off = twins()
    o1, o2 = make_optimizer(plain, 1e-2, False), make_optimizer(off, 1e-2, False, offload=True, chunk=CHUNK)
    assert len(o2.offload["chunks"]) > 10
    steps(plain, o1, [0, 1, 2])
    steps(off, o2, [0, 1, 2])
    for (name, a), b in zip(plain.named_parameters(), off.parameters()):
        assert torch.equal(a, b), name
        st = o2.state[b]  # between steps: no device storage, the values in the host buffer
        assert st["exp_avg"].untyped_storage().size() == 0 and st["exp_avg_sq"].untyped_storage().size() == 0
        assert torch.equal(o2.offload["host"][(id(b), "exp_avg_sq")], o1.state[a]["exp_avg_sq"]), name
    assert o2.param_groups[0]["params"] == list(off.parameters())  # the full list is back after the chunks


def test_checkpointed_state_matches_the_library_and_resumes_both_ways(tmp_path):
    plain, off = twins()
    o1, o2 = make_optimizer(plain, 1e-2, False), make_optimizer(off, 1e-2, False, offload=True, chunk=CHUNK)
    steps(plain, o1, [0, 1])
    steps(off, o2, [0, 1])
    (_, s1), (_, s2) = train_state(plain, o1, False), train_state(off, o2, False)
    assert s1["param_groups"] == s2["param_groups"] and s1["state"].keys() == s2["state"].keys()
    for k in s1["state"]:
        for name, v in s1["state"][k].items():
            assert torch.equal(v, s2["state"][k][name]), (k, name)
    torch.save(s2, tmp_path / "o.pt")  # as save_checkpoint writes it, then read back memory-mapped as a resume does
    weights = {k: v.clone() for k, v in off.state_dict().items()}
    steps(plain, o1, [2])  # the uninterrupted run's third step
    for on_resume in (False, True):  # the offloaded state resumes with offload off and on
        m = build_model("tiny", seed=3)[0]
        m.load_state_dict(weights)
        o = make_optimizer(m, 1e-2, False, offload=on_resume, chunk=CHUNK)
        # read anew each time: a plain AdamW on the CPU steps the loaded tensors in place
        load_optimizer(m, o, torch.load(tmp_path / "o.pt", mmap=True, weights_only=True), False)
        steps(m, o, [2])
        for (name, a), b in zip(plain.named_parameters(), m.parameters()):
            assert torch.equal(a, b), (on_resume, name)


def test_under_fsdp2_the_state_is_get_optimizer_state_dicts_full_dict(tmp_path):
    """A one-rank gloo group: FSDP2's DTensor moments offload by storage, and the checkpointed dict (keyed by
    parameter name) equals what torch.distributed.checkpoint gathers from the plain optimizer."""
    dist.init_process_group("gloo", store=dist.HashStore(), rank=0, world_size=1)
    try:
        plain, off = (fsdp_shard(m, cuda=False) for m in twins())
        o1, o2 = make_optimizer(plain, 1e-2, False), make_optimizer(off, 1e-2, False, offload=True, chunk=CHUNK)
        steps(plain, o1, [0, 1])
        steps(off, o2, [0, 1])
        (_, s1), (_, s2) = train_state(plain, o1, True), train_state(off, o2, True)
        assert s1["param_groups"] == s2["param_groups"] and s1["state"].keys() == s2["state"].keys()
        assert next(iter(s1["state"])) == "model.embed_tokens.weight"
        for k in s1["state"]:
            for name, v in s1["state"][k].items():
                assert torch.equal(v, s2["state"][k][name]), (k, name)
        m = fsdp_shard(build_model("tiny", seed=3)[0], cuda=False)  # a resume: the plain run's state, offloaded
        with torch.no_grad():
            for a, b in zip(m.parameters(), off.parameters()):
                a.copy_(b)
        o = make_optimizer(m, 1e-2, False, offload=True, chunk=CHUNK)
        torch.save(s1, tmp_path / "o.pt")  # through a file, as a resume reads it (s1 aliases o1's live state)
        load_optimizer(m, o, torch.load(tmp_path / "o.pt", weights_only=True), True)
        steps(m, o, [2])
        steps(plain, o1, [2])
        for (name, a), b in zip(plain.named_parameters(), m.parameters()):
            assert torch.equal(a.full_tensor(), b.full_tensor()), name
    finally:
        dist.destroy_process_group()
