"""The candidate language (verify_lang.py): every way out that an attacker found, or that we could think of, is
refused before any code runs, and the idioms of honest generated code are not."""

import pytest

from conftest import ROOT
from verify_static import extract_code, static_check

HEAD = ("import torch\nimport torch.nn as nn\nimport triton\nimport triton.language as tl\n@triton.jit\n"
        "def k(x_ptr, BLOCK: tl.constexpr):\n    pass\n")


def assert_refused(code, fragment, name):
    got = static_check(code)
    reason = got["syntax"] or got["safety"]
    assert reason and fragment in reason, (name, got)


def cand(body, pre="", kernel=None, methods=""):
    s = HEAD if kernel is None else HEAD.replace("    pass\n", kernel)
    fwd = "".join(f"        {line}\n" for line in body.splitlines())
    return f"{s}{pre}class ModelNew(nn.Module):\n{methods}    def forward(self, x):\n        k[(1,)](x, BLOCK=1)\n{fwd}"


# name -> (code, a fragment of the reason)
REFUSED = {
    "module bound to a variable": (cand("T = torch\nreturn T.os"), "torch as a value"),
    "module in a container": (cand("d = {'t': torch}\nreturn x"), "torch as a value"),
    "module as a default": (cand("f = lambda t=torch: t\nreturn x"), "torch as a value"),
    "module by walrus": (cand("(t := torch)\nreturn x"), "torch as a value"),
    "long chain to torch.utils": (cand("return nn.functional.torch.utils._python_dispatch._pop_mode()"),
                                  "torch.nn.functional.torch.utils"),
    "torch re-exports os": (cand("return torch.os.system('x')"), "torch.os.system"),
    "torch.ops": (cand("return torch.ops.aten.relu(x)"), "torch.ops"),
    "torch._C": (cand("return torch._C"), "torch._C"),
    "__builtins__": (cand("return __builtins__"), "__builtins__"),
    "__globals__ by getattr": (cand("return getattr(self.forward, '__globals__')"), "__globals__"),
    "__class__ by hasattr": (cand("return hasattr(x, '__class__')"), "__class__"),
    "a bound method's __self__": (cand("m = self.forward\nreturn m.__self__"), "__self__"),
    "match class pattern": (cand("match self.forward:\n    case object(__globals__=g):\n        return g"), "match"),
    "generator frame": (cand("g = (i for i in [1])\nreturn g.gi_frame.f_globals"), "f_globals"),
    ".item()": (cand("return x.sum().item()"), ".item"),
    ".tolist held as a value": (cand("v = x.tolist\nreturn v()"), ".tolist"),
    ".numpy()": (cand("return x.numpy()"), ".numpy"),
    "numpy import": (cand("import numpy as np\nreturn x"), "numpy"),
    ".apply_()": (cand("return x.clone().apply_(lambda v: max(v, 0))"), ".apply_"),
    "type() with three arguments": (cand("C = type('C', (torch.Tensor,), {})\nreturn x.as_subclass(C)"), "type()"),
    "as_subclass": (cand("return x.as_subclass(nn.Parameter)"), "as_subclass"),
    "setattr on a module": (cand("setattr(torch, 'relu', None)\nreturn x"), "setattr"),
    "patching a class through a variable": (cand("T = torch.Tensor\nT.add = None\nreturn x"), "only self"),
    "patching through self": (cand("self.t = torch.Tensor\nself.t.add = None\nreturn x"), "only self"),
    "rebinding self": (cand("self = torch.Tensor\nself.add = None\nreturn x"), "only self"),
    "a staticmethod's self": (cand("self.p(torch.Tensor)\nreturn x", methods="    @staticmethod\n    def p(self):\n"
                                   "        self.add = None\n"), "only self"),
    "a method called through the class": (cand("ModelNew.p(torch.Tensor)\nreturn x",
                                               methods="    def p(self):\n        self.add = None\n"), "ModelNew.p"),
    "overriding nn.Module's own methods": (cand("return x", methods="    def named_parameters(self, *a):\n"
                                                "        return []\n"), "named_parameters"),
    "shadowing nn.Module's methods on self": (cand("self.parameters = None\nreturn x"), "self.parameters"),
    "a Module subclass of torch's own": (HEAD + "class ModelNew(nn.Linear):\n    def forward(self, x):\n"
                                         "        k[(1,)](x, BLOCK=1)\n        return x\n", "subclasses nn.Linear"),
    "kernel calls Python": (cand("return x", pre="def helper(v):\n    return v\n", kernel="    helper(x_ptr)\n"),
                            "calls helper"),
    "kernel reads a mutable global": (cand("return x", pre="CACHE = []\n", kernel="    y = CACHE\n"), "reads CACHE"),
    "kernel calls a method of a global": (cand("return x", pre="CACHE = []\n", kernel="    CACHE.append(1)\n"),
                                          ".append"),
    "kernel calls torch": (cand("return x", kernel="    torch.relu(x_ptr)\n"), "torch.relu"),
    "kernel lambda": (cand("return x", kernel="    f = lambda v: v\n"), "Lambda"),
    "triton.jit as a call": (cand("return x", pre="def f(x_ptr):\n    return torch.relu(x_ptr)\nk2 = triton.jit(f)\n"),
                             "only allowed as a decorator"),
    "a kernel defined in a function": (cand("@triton.jit\ndef inner(p):\n    pass\nreturn x"), "module level"),
    "autotune with our own benchmarker": (cand("return x", pre="@triton.autotune(configs=[], key=[], do_bench=print)\n"
                                               "@triton.jit\ndef k3(x_ptr):\n    pass\n"), "do_bench"),
    "Triton's runtime": (cand("from triton.runtime import driver\nreturn x"), "triton.runtime"),
    "add_pre_run_hook": (cand("k.add_pre_run_hook(print)\nreturn x"), "add_pre_run_hook"),
    "a kernel's Python function": (cand("return k.fn(x)"), ".fn"),
    "a kernel's cache": (cand("k.cache.clear()\nreturn x"), ".cache"),
    "global": (cand("global Z\nZ = x\nreturn x"), "global"),
    "getattr on a module": (cand("return getattr(torch, 'relu')(x)"), "getattr on a module"),
    "getattr with a computed name": (cand("return getattr(x, 're' + 'lu')()"), "literal attribute name"),
    "getattr as a value": (cand("g = getattr\nreturn g(x, 'relu')()"), "builtin getattr"),
    "vars": (cand("return vars(self)"), "vars"),
    "open": (cand("return open('/etc/passwd')"), "open"),
    "input() as the builtin": (cand("return input()"), "builtin input"),
    "compile": (cand("return compile('1', 'a', 'eval')"), "compile"),
    "__import__": (cand("return __import__('os')"), "__import__"),
    "torch.load": (cand("return torch.load('x')"), "torch.load"),
    "torch.from_file": (cand("return torch.from_file('x')"), "torch.from_file"),
    "a process-wide switch": (cand("torch.set_default_dtype(torch.float64)\nreturn x"), "set_default_dtype"),
    "cuDNN and TF32 flags": (cand("torch.backends.cudnn.allow_tf32 = True\nreturn x"), "torch.backends"),
    "seeding": (cand("torch.manual_seed(0)\nreturn x"), "manual_seed"),
    "typing.get_type_hints evaluates strings": (cand("import typing\nreturn typing.get_type_hints(self)"),
                                                "get_type_hints"),
    "super with a foreign object": (cand("return super(torch.Tensor, x).add(x)"), "super()"),
    "a tensor's private attribute": (cand("return x._base"), "_base"),
    "nn.Module's private state": (cand("return self._modules"), "_modules"),
    "a hook through the class": (cand("return nn.Module.register_forward_hook(self, print)"), "library class"),
    "an exception's traceback": (cand("return x", pre="try:\n    pass\nexcept Exception as e:\n    tb = e.__traceback__\n"),
                                 "__traceback__"),
    "try/except in a function": (cand("try:\n    x.scatter_reduce_(0, x, x, 'amax')\nexcept Exception:\n    pass\nreturn x"),
                                 "try/except inside a function"),
    "a name the interpreter leaves in the module": (cand("return np.fmax(x, 0)"), "np, which the code never defines"),
    "a second def line inside a kernel's string": (cand("return x", kernel='    doc = """\ndef k(x_ptr, BLOCK):\n'
                                                        '    import os\n"""\n'), "starts with 'def '"),
    "a Python default on a kernel parameter": (HEAD.replace("BLOCK: tl.constexpr)", "BLOCK: tl.constexpr, f=lambda: 0)")
                                               + cand("return x")[len(HEAD):], "default must be a constant"),
    "a decorator that is not a name": (cand("return x", pre="@[triton.jit][0]\ndef h(p):\n    pass\n"), "only a name"),
    "a name bound only where a branch never runs": (cand("return np.fmax(x, 0)", pre="if False:\n    np = None\n"),
                                                    "never defines"),
    "a name deleted again": (cand("return np.fmax(x, 0)", pre="np = None\ndel np\n"), "never defines"),
    "a fake constexpr": (cand("return x", pre="def as_constexpr(v):\n    return nn.Linear(1, 1)\nE = as_constexpr(0)\n",
                              kernel="    E.sum()\n"), "reads E"),
    "yield": (cand("yield x"), "yield"),
    "async": ("async def f():\n    pass\n" + cand("return x"), "asyncfunctiondef"),
    "Triton's internals through tl": (cand("return tl.core"), "triton.language.core"),
    "torch.compile": (cand("return torch.compile(self)(x)"), "torch.compile"),
    "CUDA streams": (cand("s = torch.cuda.Stream()\nreturn x"), "torch.cuda.Stream"),
    # round 17: dataclass is a class's decorator, never a function to call (on a class it generates methods for)
    "dataclass called": ("import dataclasses\n" + cand("return x", pre="class C:\n    a: int = 1\n"
                                                      "D = dataclasses.dataclass(C)\n"), "class's decorator"),
    "dataclass as a value": ("from dataclasses import dataclass\n" + cand("d = dataclass\nreturn x"),
                             "class's decorator"),
    "a tl member this Triton lacks": (cand("return x", kernel="    tl.no_such_op(x_ptr)\n"),
                                      "triton.language.no_such_op, which this Triton does not have"),
    # round 39: Python computes math.* and int() on constexprs while a kernel is traced: a table with no literal
    "math on a loop index in a kernel": ("import math\n" + cand("return x", kernel="    for i in tl.static_range(4):\n"
                                                                 "        tl.store(x_ptr + i, math.erf(i * 0.5))\n"),
                                         "Python would compute it while the kernel is traced"),
    "math on a helper kernel's parameter": (cand("return x", pre="import math\n@triton.jit\ndef g(p, K: tl.constexpr):\n"
                                                  "    tl.store(p, math.tanh(K))\n", kernel="    for i in tl.static_range(4):"
                                                  "\n        g(x_ptr + i, i)\n"), "calls math.tanh on a value"),
    "int on a reassigned parameter": (cand("return x", kernel="    for i in tl.static_range(2):\n        BLOCK = i\n"
                                           "    tl.store(x_ptr, int(BLOCK * 0.5))\n"), "calls int on a value"),
    "dataclass given a function": ("import dataclasses\n" + cand("return x", pre="@dataclasses.dataclass(print)\n"
                                                                   "class C:\n    a: int = 1\n"), "config dataclass"),
}


@pytest.mark.parametrize("name", list(REFUSED))
def test_the_language_refuses(name):
    assert_refused(*REFUSED[name], name)


HONEST = {
    "a variable named input, sum and max": cand("input = x\nsum = input.numel()\nmax = 3\nreturn input"),
    "a builtin shadowed by a module-level constant": cand("return x", pre="input = 3\n"),
    "register_buffer and reading it": cand("return self.shift",
                                           methods="    def __init__(self):\n        super().__init__()\n"
                                           "        self.register_buffer('shift', torch.zeros(3))\n"),
    "the candidate's own private attribute": cand("return self._w", methods="    def __init__(self):\n"
                                                  "        super(ModelNew, self).__init__()\n        self._w = None\n"),
    "an attribute named like Triton's cache": cand("return self.cache", methods="    def __init__(self):\n"
                                                   "        super().__init__()\n        self.cache = None\n"),
    "device properties": cand("n = torch.cuda.get_device_properties(x.device).multi_processor_count\nreturn x"),
    "a main guard with anything in it": cand("return x") + "if __name__ == '__main__':\n    import os\n    print(open)\n",
    "try/except at module level": "try:\n    import triton\nexcept ImportError:\n    triton = None\n" + cand("return x"),
    "constexpr constants from math, read in a kernel": cand("return x", pre="import math\nLOG2E = tl.constexpr(math.log2(math.e))\n",
                                                           kernel='    """Docstring.\n\n    Many lines.\n    """\n    y = LOG2E * 2\n'),
    "math and float on constants in a kernel": cand("return x", pre="import math\nRT = 2.0\n", kernel=(
        "    tl.store(x_ptr, math.sqrt(RT) * math.pi + float('-inf') * 0.0 + int(3.0))\n")),
    "a scale from a launched kernel's constexpr": cand("return x", pre="import math\n", kernel=(
        "    tl.store(x_ptr, 1.0 / math.sqrt(BLOCK) + int(BLOCK / 2))\n")),
    "the Triton tutorials' device query": "import torch\nimport triton\nDEVICE = triton.runtime.driver.active.get_active_torch_device()\n"
                                          + cand("return x")[len("import torch\n"):],
}


@pytest.mark.parametrize("name", list(HONEST))
def test_the_language_accepts(name):
    assert static_check(HONEST[name]) == {"syntax": None, "safety": None, "func_static": None}, name


def test_every_verified_sft_row_and_honest_case_is_inside_the_language():
    import json
    cases = [p for p in (ROOT / "tests" / "verify_cases").glob("*__*") if "ok" in p.stem or p.suffix == ".txt"]
    rows = [json.loads(line)["completion"] for line in (ROOT / "data" / "sft.jsonl").read_text().splitlines()[::10]]
    for text in [p.read_text() for p in cases] + rows:
        got = static_check(extract_code(text))
        assert got["safety"] is None, got


def test_what_a_second_round_of_attacks_used_is_refused():
    """Line counting that Python does not share (a form feed shifts str.splitlines()), and a re-exported
    functools.wraps that copies an object's __dict__ into a kernel."""
    kernel = '    """\x0c\x0c\x0c\n    text\ndef k(x_ptr, BLOCK):\n    import os\n    """\n'
    got = static_check(cand("return x", kernel=kernel))
    assert got["safety"] and "starts with 'def '" in got["safety"], got
    got = static_check(cand("return x", pre="class H(nn.Module):\n    pass\nW = tl.math.wraps(H())(k)\n"))
    assert got["safety"] and "triton.language.math.wraps" in got["safety"], got


ROUND4_REFUSED = {  # a fourth round: what a kernel calls must be what the language checked
    "a decorator under @triton.jit": (HEAD.replace("@triton.jit\n", "def swap(f):\n    return f\n@triton.jit\n@swap\n")
                                      + cand("return x")[len(HEAD):], "@triton.jit nearest the def"),
    "a kernel's name bound again": (cand("return x", pre="def host(v):\n    return v\nk = host\n"), "binds k more than once"),
    "a constant rebound by +=": (cand("return x", pre="def host(v):\n    return v\nHOOKS = ()\nHOOKS += (host,)\n",
                                      kernel="    y = HOOKS\n"), "reads HOOKS"),
    "a constant rebound by a loop": (cand("return x", pre="def host(v):\n    return v\nC = 1\nfor C in [host]:\n    pass\n",
                                          kernel="    y = C\n"), "reads C"),
    "an import's name rebound by a def": (cand("return x", pre="import math as mh\ndef mh(v):\n    return v\n"),
                                          "rebinds mh"),
    "a builtin kernels call, defined": (cand("return x", pre="def print(*a):\n    return a\n"), "binds print"),
    "a call through a subscript": (cand("return x", kernel="    y = (tl.exp,)[0](x_ptr)\n"), "by their names"),
    "a dtype's element type called": (cand("return x", kernel="    y = x_ptr.dtype.element_ty(x_ptr)\n"),
                                      ".element_ty"),
    "a name as @triton.jit's argument": (HEAD.replace("@triton.jit\n", "@triton.jit(debug=print)\n")
                                          + cand("return x")[len(HEAD):], "must be literals"),
    "triton.language in host code": (cand("return x", pre="def grid(meta):\n    tl.store(meta['x_ptr'], 0.0)\n"
                                          "    return (1,)\n"), "outside a kernel"),
}


@pytest.mark.parametrize("name", list(ROUND4_REFUSED))
def test_a_kernel_calls_only_what_the_language_checked(name):
    assert_refused(*ROUND4_REFUSED[name], name)


HELPER_MODULE = ("class Act(nn.Module):\n    def forward(self, x):\n        k[(1,)](x, BLOCK=1)\n        return x\n"
                 "    def gelu(self, x):\n        return self.forward(x)\n")
ROUND4_HONEST = {  # styles of honest generated code that the checks must not refuse
    "a launch in a module of its own": HEAD + HELPER_MODULE + "class ModelNew(nn.Module):\n    def __init__(self):\n"
    "        super().__init__()\n        self.act = Act()\n    def forward(self, x):\n        return self.act(x)\n",
    "a method named like a torch op": HEAD + "class ModelNew(nn.Module):\n    def gelu(self, x):\n"
    "        k[(1,)](x, BLOCK=1)\n        return x\n    def forward(self, x):\n        return self.gelu(x)\n",
    "a base class of its own": HEAD + HELPER_MODULE + "class ModelNew(Act):\n    def forward(self, x):\n"
    "        return self.gelu(x)\n",
    "a launcher taking the kernel": HEAD + "def launch(kernel, x):\n    kernel[(1,)](x, BLOCK=1)\n    return x\n"
    "class ModelNew(nn.Module):\n    def forward(self, x):\n        return launch(k, x)\n",
    "torch.flatten and torch.transpose as glue": cand("y = torch.flatten(x)\nreturn torch.transpose(x, 0, 1)"),
    "a constant set on both branches of an if": cand("return x", pre="if torch.cuda.is_available():\n    W = 8\n"
                                                     "else:\n    W = 4\n") .replace("return x\n", "n = W\n        return x\n"),
    "a class constant read through the class": cand("return x", methods="    BLOCK = 64\n").replace(
        "        return x\n", "        n = ModelNew.BLOCK\n        return x\n"),
    "a layer's less common hyperparameters": cand("return x", methods="    def __init__(self):\n        super().__init__()\n"
                                                  "        self.t = nn.TripletMarginLoss()\n").replace(
        "        return x\n", "        s = self.t.swap\n        return x\n"),
}


@pytest.mark.parametrize("name", list(ROUND4_HONEST))
def test_honest_styles_of_the_fourth_round_pass_the_static_checks(name):
    assert static_check(ROUND4_HONEST[name]) == {"syntax": None, "safety": None, "func_static": None}, name


ROUND7_REFUSED = {  # the seventh round's escapes, each as a class
    "a method held as a value in the class body": (cand("return self.fns[0](x)", methods=(
        "    def peek(self):\n        return self.numpy()\n    fns = [peek]\n")), "uses its method peek as a value"),
    "a method as another's default": (cand("return x", methods="    def peek(self):\n        return self\n"
                                           "    def other(self, f=peek):\n        return f\n"), "as a value"),
    "staticmethod called on a function": (cand("return x", pre="def as_array(self):\n    return self\n",
                                               methods="    view = staticmethod(as_array)\n"), "only as a decorator"),
    "one name imported as two modules": (cand("return x", pre="def never():\n    import triton as torch2\n")
                                         .replace("import torch\n", "import torch\nimport torch as torch2\n", 1),
                                         "bound to two different imports"),
    "an import fallback binding another module": ("try:\n    import numpy as fast\nexcept ImportError:\n"
                                                  "    import torch as fast\n" + cand("return x"), "two different"),
    "the interpreter's cache of kernel bodies": (cand("c = k.rewritten_fn\nreturn x"), "never looked into"),
    "an own name on a library path": (cand("return torch.jit.annotations", methods=(
        "    def __init__(self):\n        super().__init__()\n        self.annotations = 0\n")), "torch.jit"),
    "a utf-7 coding line": ("# -*- coding: utf-7 -*-\n" + cand("return x"), "coding declaration"),
    # round 8: other ways to call a method with a `self` of the caller's choosing
    "a method under a decorator of the candidate's own": (cand("return x", pre="FNS = []\ndef keep(f):\n"
                                                               "    FNS.append(f)\n    return f\n", methods=(
        "    @keep\n    def peek(self):\n        return self\n")), "decorated with keep"),
    "a keyword-only self": (cand("return x", methods="    def numpy(*rest, self):\n        return self.numpy()\n"),
                            ".numpy"),
    # round 9: the class itself as a value, whose methods are plain functions
    "the class bound to a name": (cand("cls = ModelNew\nreturn cls.peek_at_self(x)", methods=(
        "    def peek_at_self(self):\n        return self\n")), "the class ModelNew as a value"),
    "the class in a list": (cand("return [ModelNew][0].peek_at_self(x)", methods="    def peek_at_self(self):\n        return self\n"),
                            "the class ModelNew as a value"),
    "a class constant a def replaces": (cand("return ModelNew.peek(x)", methods=(
        "    peek = 0\n    def peek(self):\n        return self\n")), "use the instance"),
    "a tensor's method as an own name on self": (cand("return self.tolist()", methods="    tolist = 0\n"), ".tolist"),
    "a kernel's arg_names through an alias": (cand("k2 = k\nreturn k2.arg_names"), "arg_names"),
}


@pytest.mark.parametrize("name", list(ROUND7_REFUSED))
def test_the_seventh_rounds_escapes_are_refused(name):
    assert_refused(*ROUND7_REFUSED[name], name)


def test_honest_class_idioms_of_the_seventh_round_pass():
    """What the fix must leave alone: properties and static methods as decorators, self.type as an attribute,
    own attribute names on instances of the candidate's own classes, a utf-8 coding line."""
    sub = ("class Scale(nn.Module):\n    def __init__(self):\n        super().__init__()\n        self.alpha = 2.0\n")
    code = ("# -*- coding: utf-8 -*-\n" + cand(
        "a = self.block.alpha + self.width + self.helper(3)\nreturn x", pre=sub, methods=(
            "    def __init__(self):\n        super().__init__()\n        self.block = Scale()\n"
            "        self.type = 'relu'\n    @property\n    def width(self):\n        return 4\n"
            "    @staticmethod\n    def helper(n):\n        return n + 1\n"
            "    @torch.no_grad()\n    def stats(self, x):\n        return x\n")))
    assert static_check(code) == {"syntax": None, "safety": None, "func_static": None}


ROUND10_REFUSED = {  # the tenth round's escapes, each as a class
    "an own name that a library object also has, off self": (cand(
        "c = triton.cdiv\nreturn c.get_capture_scope()", methods="    get_capture_scope = 0\n"), "get_capture_scope"),
    "an own name off self that only libraries answer": (cand("e = ValueError()\nreturn e.obj", methods=(
        "    def __init__(self):\n        super().__init__()\n        self.obj = 1\n")), ".obj"),
    "format fields that walk attributes": (cand("return '{0.__globals__}'.format(self.forward)"), ".format only"),
    "format fields that index": (cand("return '{0[k]}'.format(x)"), ".format only"),
    "format on a template held in a name": (cand("t = 'x'\nreturn t.format(x)"), ".format only"),
    "format_map": (cand("return 'a'.format_map({})"), "format_map"),
    "format by getattr": (cand("return getattr('{}', 'format')(x)"), ".format only"),
    "a classmethod's cls read": (cand("return x", methods=(
        "    @classmethod\n    def plant(cls, t):\n        return cls.forward(t, 1)\n")), "a classmethod's class"),
    "a classmethod's cls as a value": (cand("return x", methods=(
        "    @classmethod\n    def plant(cls):\n        return [cls]\n")), "a classmethod's class"),
}


@pytest.mark.parametrize("name", list(ROUND10_REFUSED))
def test_the_tenth_rounds_escapes_are_refused(name):
    assert_refused(*ROUND10_REFUSED[name], name)


def test_honest_idioms_of_the_tenth_round_pass():
    """What the round's honest writer found refused, now accepted: own names of the candidate's own objects off
    self, a classmethod that builds its class, a staticmethod called through the class, `__all__`, plain format
    templates, a kernel held on self or in a dict, Python lists' and sets' methods, torch's metadata helpers, a
    tensor descriptor's .load in a kernel."""
    sub = ("KERNELS = {'k': k}\n__all__ = ['ModelNew']\n"
           "class Cfg(nn.Module):\n    def __init__(self):\n        super().__init__()\n        self.conv_weight = 2\n")
    code = cand("w = self.cfg.conv_weight + ModelNew.launch(3)\nm = self.build()\ndims = [2, 1]\ndims.sort()\n"
                "self.seen.add(tuple(x.shape))\nself.kern[(1,)](x, BLOCK=1)\nKERNELS['k'][(1,)](x, BLOCK=1)\n"
                "s = '{} {:>{w}}'.format(torch.numel(x), 1, w=3)\nb = torch.broadcast_to(x, x.shape)\n"
                "return torch.is_floating_point(x)", pre=sub, methods=(
                    "    def __init__(self):\n        super().__init__()\n        self.cfg = Cfg()\n"
                    "        self.seen = set()\n        self.kern = k\n"
                    "    @classmethod\n    def build(cls):\n        return cls()\n"
                    "    @staticmethod\n    def launch(n):\n        return n + 1\n"))
    assert static_check(code) == {"syntax": None, "safety": None, "func_static": None}
    desc = cand("return x", kernel="    d = tl.make_tensor_descriptor(x_ptr, [16], [1], [16])\n    v = d.load([0])\n")
    assert static_check(desc)["safety"] is None, static_check(desc)


ROUND11_REFUSED = {  # the eleventh round's escapes: expressions the checker never visited, builtins rebound
    "a return annotation": (cand("return x", pre="def f() -> setattr(k, 'y', 1):\n    pass\n"), "setattr"),
    "a *args annotation": (cand("return x", pre="def f(*a: setattr(x, 'y', 1)):\n    pass\n"), "setattr"),
    "a **kw annotation": (cand("return x", methods="    def g(self, **kw: setattr(self, 'y', 1)):\n        pass\n"),
                          "setattr"),
    "a lambda's keyword-only default": (cand("f = lambda *, k=setattr(x, 'y', 1): 0\nreturn x"), "setattr"),
    "a kernel's return annotation": (cand("return x", kernel="    pass\n").replace(
        "BLOCK: tl.constexpr):", "BLOCK: tl.constexpr) -> print('x'):"), "a kernel's annotations are names"),
    "a kernel parameter's annotation that calls": (cand("return x").replace(
        "BLOCK: tl.constexpr", "BLOCK: print('x')"), "a kernel's annotations are names"),
    "isinstance as a parameter": (cand("return x", pre="def f(isinstance):\n    return isinstance(1, ModelNew)\n"),
                                  "parameter isinstance"),
    "issubclass bound at module level": (cand("return x", pre="issubclass = max\n"), "binds issubclass"),
    "isinstance bound in a comprehension": (cand("return [isinstance for isinstance in (1,)]"), "binds isinstance"),
    "a class defined twice": (cand("return x", pre="class T(nn.Module):\n    pass\nclass T(nn.Module):\n    pass\n"),
                              "more than once: it names a class"),
    "the legacy constructor .new": (cand("return x.new([1])"), ".new"),
    "torch.Tensor called": (cand("return torch.Tensor([1.0])"), "torch.Tensor(...)"),
}


@pytest.mark.parametrize("name", list(ROUND11_REFUSED))
def test_the_eleventh_rounds_escapes_are_refused(name):
    assert_refused(*ROUND11_REFUSED[name], name)


def test_builtin_names_as_variables_pass_unless_the_checker_reads_them_as_builtins():
    """`input`, `sum`, `type` as variables are ordinary PyTorch style (#21); only isinstance, issubclass, super
    and the decorators are never rebound (round 11: they handed a class out as a value)."""
    assert static_check(cand("type = 2\nsum = 3\ninput = x\nreturn input")) == {
        "syntax": None, "safety": None, "func_static": None}


MODULE_OBJECT_REFUSED = {  # own names read off a module-level name pass only where it surely holds an own object
    "the name bound twice": (cand("return CONFIG.obj", pre=(
        "class Cfg(nn.Module):\n    def __init__(self):\n        super().__init__()\n        self.obj = 1\n"
        "CONFIG = Cfg()\nCONFIG = ValueError()\n")), ".obj"),
    "the name shadowed in forward": (cand("CONFIG = ValueError()\nreturn CONFIG.obj", pre=(
        "class Cfg(nn.Module):\n    def __init__(self):\n        super().__init__()\n        self.obj = 1\n"
        "CONFIG = Cfg()\n")), ".obj"),
    "the name bound to a library call": (cand("return CONFIG.obj", pre=(
        "class Cfg(nn.Module):\n    def __init__(self):\n        super().__init__()\n        self.obj = 1\n"
        "CONFIG = ValueError()\n")), ".obj"),
}


@pytest.mark.parametrize("name", list(MODULE_OBJECT_REFUSED))
def test_own_names_off_a_module_level_name_need_an_own_object(name):
    assert_refused(*MODULE_OBJECT_REFUSED[name], name)


def test_a_module_level_config_instance_passes():
    """`CONFIG = Cfg()` once at module level: its fields pass even where a library object has the same name."""
    code = cand("return CONFIG.obj + CONFIG.block", pre=(
        "class Cfg(nn.Module):\n    def __init__(self):\n        super().__init__()\n        self.obj = 1\n"
        "        self.block = 2\nCONFIG = Cfg()\n"))
    assert static_check(code) == {"syntax": None, "safety": None, "func_static": None}


def test_tensor_addresses_are_refused():
    """Round 21: an address tells one call's inputs from another's (a cache served stale outputs to every timed
    call), and on a GPU an offset between two addresses lets a kernel load memory it was never handed."""
    assert_refused(cand("off = x.data_ptr()\nreturn x"), ".data_ptr", "data_ptr")
    assert_refused(cand("off = x.data_ptr() % 2**40\nreturn x"), ".data_ptr", "data_ptr modulo a large number")
    assert_refused(cand("off = x.data_ptr() // 16\nreturn x"), ".data_ptr", "data_ptr divided")
    assert_refused(cand("f = x.data_ptr\nreturn f() % 16"), ".data_ptr", "data_ptr as a value")
    assert_refused(cand("same = x.is_set_to(x)\nreturn x"), ".is_set_to", "is_set_to")
    # the alignment guard generated wrappers write (round 22's honest writer): the low bits only
    assert static_check(cand("if x.data_ptr() % 16 != 0:\n    x = x.contiguous()\nreturn x"))["safety"] is None


def test_own_names_on_self_pass_inside_a_methods_comprehensions():
    """Round 31's honest writer: `(out(L, self.s) for L in dims)` read `self.s` as an own name off something
    other than self. A comprehension sees its method's self, unless it binds the name itself."""
    methods = "    def __init__(self):\n        super().__init__()\n        self.s = 2\n"
    ok = cand("a, b = (L * self.s for L in (3, 4))\nreturn x", methods=methods)
    assert static_check(ok) == {"syntax": None, "safety": None, "func_static": None}
    assert_refused(cand("a = [self.s for self in (x, x)]\nreturn x", methods=methods), ".s", "self rebound")
