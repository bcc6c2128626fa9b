"""
What a candidate's process may say to the verifier, and how the parent reads it (verify.py's trust model).

    python -m pytest -q tests/test_verify_sandbox.py     # what it guarantees, tested against a child that lies

The parent sends commands with pickle: it trusts itself. Everything that comes back from the child is untrusted
from the moment candidate code is imported, so it is never unpickled. A reply is one JSON header (plain data:
numbers, strings, lists, dicts), then, on the CPU, one raw byte string per tensor whose shape and dtype the parent
already knows. On a GPU the child copies its outputs into buffers the parent allocated and shared (CUDA IPC
from parent to child only), so the parent never opens a handle the child made. Anything else is a protocol
violation: a verdict, never a crash of the parent.
"""

import json

import torch

MAX_HEADER = 1 << 20  # bytes: a header carries counts and short strings, never data
DTYPES = {str(d).removeprefix("torch."): d for d in (
    torch.float16, torch.bfloat16, torch.float32, torch.float64, torch.int8, torch.int16, torch.int32, torch.int64,
    torch.uint8, torch.bool, torch.complex64, torch.complex128)}


class ProtocolError(Exception):
    """The child said something outside the format: the candidate fails, the parent goes on."""


def dtype_name(dtype):
    return str(dtype).removeprefix("torch.")


def spec(t):
    """(shape, dtype name): what the parent expects of a tensor before any byte of it arrives."""
    return [list(t.shape), dtype_name(t.dtype)]


def send(conn, header, blobs=()):
    """Child side: one header, then the blobs."""
    conn.send_bytes(json.dumps(header).encode())
    for b in blobs:
        conn.send_bytes(b)


# torch.Tensor's methods as they are when this module is imported, before any candidate: a patched class
# (torch.Tensor.contiguous replaced, round 10) cannot then run its code while outputs are read, monitor off.
_CONTIGUOUS, _DETACH, _NUMPY, _VIEW = (torch.Tensor.contiguous, torch.Tensor.detach, torch.Tensor.numpy,
                                       torch.Tensor.view)
_RESHAPE, _NUMEL = torch.reshape, torch.numel


def tensor_bytes(t):
    """Child side: a CPU tensor's bytes in C order, read through torch.Tensor's own methods as imported (never
    the object's, nor the class's now: a candidate may have set attributes on either)."""
    flat = _RESHAPE(_CONTIGUOUS(_DETACH(t)), (-1,))
    return bytes(_NUMPY(_VIEW(flat, torch.uint8))) if _NUMEL(flat) else b""


def recv_header(conn, timeout):
    """Parent side: the next header, checked to be a dict with a string 'type'."""
    if not conn.poll(timeout):
        raise TimeoutError
    raw = recv_bounded(conn, MAX_HEADER)
    try:
        h = json.loads(raw)
    except (ValueError, UnicodeDecodeError, RecursionError) as e:  # RecursionError: [[[[...]]]] nested too deep
        raise ProtocolError(f"a reply that is not JSON: {type(e).__name__}") from e
    if not isinstance(h, dict) or not isinstance(h.get("type"), str):
        raise ProtocolError("a reply without a type")
    return h


def recv_bounded(conn, limit):
    """One message of at most `limit` bytes; a longer one is the child's fault, not ours (EOF passes through)."""
    try:
        return conn.recv_bytes(limit)
    except OSError as e:
        if "bad message length" in str(e):
            raise ProtocolError(f"a message over {limit} bytes") from e
        raise


def field(h, key, kind, optional=False):
    """h[key] checked to be of `kind` (a bool is not a number here); None where optional and absent or null."""
    v = h.get(key)
    if optional and v is None:
        return None
    ok = isinstance(v, kind) and not (kind in (int, float, (int, float)) and isinstance(v, bool))
    if not ok or (kind is list and not all(isinstance(x, (str, int, float)) for x in v)):
        raise ProtocolError(f"reply field {key!r} is not a {getattr(kind, '__name__', kind)}")
    return v


def recv_tensor(conn, shape, dtype, timeout):
    """Parent side: exactly numel * itemsize bytes, rebuilt as a plain tensor of the expected shape and dtype."""
    n = 1
    for d in shape:
        n *= d
    size = n * torch.empty((), dtype=dtype).element_size()
    if not conn.poll(timeout):
        raise TimeoutError
    buf = recv_bounded(conn, max(size, 1))
    if len(buf) != size:
        raise ProtocolError(f"a tensor of {len(buf)} bytes, expected {size}")
    if not size:
        return torch.empty(shape, dtype=dtype)
    return torch.frombuffer(bytearray(buf), dtype=torch.uint8).view(dtype).reshape(shape)
