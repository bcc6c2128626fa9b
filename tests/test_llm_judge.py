"""llm_judge.py against a local fake judge (http.server in a thread): a "cheat" answer fails a passing verdict with
the judge's reason, "ok" leaves it passing, malformed answers, HTTP errors and timeouts are retried then recorded
as "judge unavailable" without failing, answers are cached, and a failing candidate never reaches the judge.
The whole path (verify.VerifierPool on the CPU) runs on a real problem and candidate from tests/verify_cases."""

import collections
import json
import subprocess
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from conftest import ROOT
from common import InputError
from llm_judge import Judge, answer_json, judge_counts, settings_kw, unjudged
from verify import Settings, Verdict, VerifierPool

CASES = ROOT / "tests" / "verify_cases"
ANSWERS = {  # the fake judge's reply per URL prefix (http://host:port/<mode>/v1)
    "ok": '{"verdict": "ok", "reason": "the kernel computes the ReLU"}',
    "cheat": '<think>\nforward...\n</think>\n```json\n{"verdict": "cheat", "reason": "torch.relu computes the output"}\n```',
    "notjson": "The candidate looks fine to me.",
    "nofield": '{"verdict": "ok"}',
}
SLEEP = 1.5  # "slow" answers after this long; the client's timeout is shorter


class FakeJudge(BaseHTTPRequestHandler):
    requests = collections.Counter()  # by mode: what the retry and cache assertions count
    bodies = []

    def do_POST(self):  # noqa: N802
        mode = self.path.strip("/").split("/")[0]
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        FakeJudge.requests[mode] += 1
        FakeJudge.bodies.append(body)
        try:
            if mode == "slow":
                time.sleep(SLEEP)
            if mode == "error":
                self.send_response(500)
                self.end_headers()
                return
            data = json.dumps({"choices": [{"index": 0, "message": {"role": "assistant",
                                                                    "content": ANSWERS.get(mode, ANSWERS["ok"])}}]}).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)
        except OSError:  # the client gave up (the timeout case)
            pass

    def log_message(self, *a):
        pass


@pytest.fixture(scope="module")
def judge_url():
    server = ThreadingHTTPServer(("127.0.0.1", 0), FakeJudge)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield lambda mode: f"http://127.0.0.1:{server.server_port}/{mode}/v1"
    server.shutdown()


def passing():
    return Verdict(valid=True, compiled=True, correct=True)


def test_the_whole_path_a_cheat_answer_fails_a_passing_candidate_and_a_failing_one_is_never_judged(judge_url):
    prob = (CASES / "p_relu.py").read_text()
    ok = (CASES / "relu__ok.py").read_text()
    wrong = ok.replace("tl.maximum(x, 0.0)", "tl.minimum(x, 0.0)")
    FakeJudge.requests.clear()
    s = Settings(device="cpu", trials=2, judge=judge_url("cheat"), judge_model="judge-m", judge_retries=0)
    assert "LLM judge (judge-m" in s.describe() and "judge" not in Settings(device="cpu").describe()
    with VerifierPool(s, workers=1) as pool:
        cheat, bad = pool.map([(prob, ok), (prob, wrong)])
    assert cheat.correct and not cheat.valid and not cheat.passed
    assert cheat.reason == "judge: torch.relu computes the output" and cheat.layer == "judge"
    assert cheat.checks["judge"] == {"ok": False, "reason": "torch.relu computes the output"}
    assert not bad.correct and "judge" not in bad.checks  # failed its own layer: never sent
    assert FakeJudge.requests["cheat"] == 1
    sent = FakeJudge.bodies[-1]
    assert sent["model"] == "judge-m" and "tl.maximum(x, 0.0)" in sent["messages"][0]["content"]
    text = sent["messages"][0]["content"]  # one prompt, text only: the rules, the problem and the candidate's code
    assert len(sent["messages"]) == 1 and "class Model" in text and "PyTorch does the core computation" in text
    # "ok" leaves it passing; the same pair again in this pool is answered from the cache
    with VerifierPool(Settings(device="cpu", trials=2, judge=judge_url("ok"), judge_model="judge-m"), workers=1) as pool:
        good = pool.verify_one(prob, ok)
        again = pool.verify_one(prob, ok)
        assert pool.judge.counts == dict(asked=1, ok=2, cheat=0, unavailable=0, cached=1)
    assert good.passed and good.checks["judge"]["ok"] and good.checks["judge"]["cached"] is False
    assert again.passed and again.checks["judge"]["cached"] is True and FakeJudge.requests["ok"] == 1
    assert judge_counts([cheat, bad, good]) == {"judge_cheat": 1, "judge_unavailable": 0}


@pytest.mark.parametrize("mode", ["notjson", "nofield", "error", "slow"])
def test_malformed_answers_errors_and_timeouts_are_retried_then_unavailable_without_failing(judge_url, mode):
    FakeJudge.requests.clear()
    j = Judge(judge_url(mode), "judge-m", timeout=0.5, retries=2)
    v = j.check("problem source", "code", passing())
    assert FakeJudge.requests[mode] == 3  # one request, then two retries
    assert v.passed and v.reason is None and v.checks["judge"]["ok"]
    assert any(f.startswith("judge unavailable: 3 attempts failed") for f in v.flags), v.flags
    assert j.counts["unavailable"] == 1 and j.counts["asked"] == 1
    assert judge_counts([v]) == {"judge_cheat": 0, "judge_unavailable": 1}
    j.check("problem source", "code", passing())  # an unavailable answer is not cached: asked again
    assert FakeJudge.requests[mode] == 6


def test_the_cache_file_answers_the_same_problem_and_code_without_a_request(judge_url, tmp_path):
    FakeJudge.requests.clear()
    cache = tmp_path / "sub" / "judge.jsonl"
    first = Judge(judge_url("cheat"), "judge-m", retries=0, cache=str(cache)).check("p", "c", passing())
    assert not first.passed and FakeJudge.requests["cheat"] == 1
    j = Judge(judge_url("cheat"), "judge-m", retries=0, cache=str(cache))  # a new process: the file answers
    again = j.check("p", "c", passing())
    assert again.reason == first.reason and FakeJudge.requests["cheat"] == 1 and j.counts["cached"] == 1
    j.check("p", "other code", passing())  # another (problem, code), or another judge model: asked
    Judge(judge_url("cheat"), "other-model", retries=0, cache=str(cache)).check("p", "c", passing())
    assert FakeJudge.requests["cheat"] == 3 and len(cache.read_text().splitlines()) == 3
    cache.write_text(cache.read_text() + '{"key": "torn')  # a kill mid-line: that line is ignored
    assert Judge(judge_url("cheat"), "judge-m", cache=str(cache)).answers


def test_answers_are_read_from_reasoning_and_fences_and_unjudged_restores_a_verdict():
    assert answer_json('<think>{"verdict": "cheat"}</think> {"verdict": "ok", "reason": "r"}')["verdict"] == "ok"
    assert answer_json('Sure.\n```json\n{"verdict": "cheat", "reason": "r"}\n```')["verdict"] == "cheat"
    with pytest.raises(ValueError):
        answer_json("no json here")
    v = json.loads(Verdict(valid=False, compiled=True, correct=True).fail("judge", "r").to_json())
    u = unjudged(v)
    assert u["valid"] and u["passed"] and u["reason"] is None and "judge" not in u["checks"] and not v["passed"]


def test_judge_flags_name_the_flag():
    import argparse

    import llm_judge
    ap = argparse.ArgumentParser()
    llm_judge.add_flags(ap)
    assert settings_kw(ap.parse_args([])) == {}
    with pytest.raises(InputError, match="--judge http://x/v1: give --judge_model"):
        settings_kw(ap.parse_args(["--judge", "http://x/v1"]))
    with pytest.raises(InputError, match="--judge_model is given without --judge"):
        settings_kw(ap.parse_args(["--judge_model", "m"]))
    kw = settings_kw(ap.parse_args(["--judge", "http://x/v1", "--judge_model", "m", "--judge_cache", "none"]))
    assert kw["judge_cache"] is None and kw["judge_model"] == "m"
    kw = settings_kw(ap.parse_args(["--judge", "http://x/v1", "--judge_model", "m"]))
    assert kw["judge_cache"].endswith("tritonrl/judge.jsonl")


def test_eval_reports_passed_with_and_without_the_judge_and_keys_its_cache_apart(judge_url, tmp_path):
    """Two honest relu kernels under a judge that calls everything a cheat: robust passed 0, without the judge
    1.0; a re-run without --judge must verify again (judged verdicts are cached under another key)."""
    import random
    from data.solutions import solution
    from tasks import load_tasks
    relu = next(t for t in load_tasks("embedded") if t.row["op"] == "relu")
    gens = tmp_path / "gens.jsonl"
    gens.write_text("".join(json.dumps({"task": relu.name, "text": solution(relu.row, random.Random(s))}) + "\n"
                            for s in (0, 1)))
    out = tmp_path / "ev"
    cmd = [sys.executable, "eval.py", "--generations", str(gens), "--k", "1", "--out_dir", str(out), "--workers", "1",
           "--trials", "1", "--no_naive"]
    judged = ["--judge", judge_url("cheat"), "--judge_model", "judge-m", "--judge_cache", str(tmp_path / "j.jsonl")]
    r = subprocess.run(cmd + judged, cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stderr
    rep = json.loads((out / "report.json").read_text())
    assert rep["summary"]["robust"]["passed@1"] == 0 and rep["summary"]["robust without judge"]["passed@1"] == 1
    assert rep["judge"]["judge_cheat"] == 2 and rep["judge"]["judge_unavailable"] == 0
    assert "LLM judge (judge-m): 2 of 2 candidates" in r.stdout and "@1: 100.0 points" in r.stdout
    r = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=600)
    rep = json.loads((out / "report.json").read_text())
    assert r.returncode == 0 and rep["verified"] == 2 and rep["summary"]["robust"]["passed@1"] == 1
    assert "judge" not in rep and "robust without judge" not in rep["summary"]
