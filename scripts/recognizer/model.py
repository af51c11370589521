"""The Feder letter recognizer network, its weights file format, and a numpy reference forward.

Two branches over the same ink:
  trajectory: (5, 64) resampled pen path -> 1-D convolutions -> flatten (keeps where in the
              writing order something happened);
  raster:     (1, 24, 24) image of the ink   -> 2-D convolutions + max-pooling -> flatten;
  head:       concatenation -> linear -> ReLU -> linear -> 69 logits.
Batch normalisation is used for training and folded into the convolutions on export.

Weights file (.fdrw), little-endian:
  bytes 0..3   magic "FDRW"
  uint32       format version: 1 (one network) or 2 (an ensemble)
  uint32       header length H in bytes
  H bytes      UTF-8 JSON header: classes, preprocessing constants, temperature, the networks, and
               tensors {name: {offset (in floats), shape}}. Version 1 has the op lists of the three
               parts (trajectory, raster, head) at the top; version 2 has "members", a list of such
               triples whose logits are averaged (the temperature applies to the average).
  padding      zero bytes up to a multiple of 4 from the file start
  float32[]    all tensors, concatenated; conv1d weights (out, in, k), conv2d (out, in, kh, kw),
               linear (out, in), biases (out)
"""

from __future__ import annotations

import json
import struct

import numpy as np
import torch
import torch.nn as nn

import ink

FORMAT_VERSION = 1  # one network
ENSEMBLE_VERSION = 2  # "members"

# Architectures by name. trajectory: (in, out, kernel, stride) 1-D convolutions, each BN + ReLU;
# raster: stages of 3x3 convolutions (out channels, each BN + ReLU), each stage ending in a 2x2
# max-pool; hidden: width of the head's hidden layer.
ARCHS = {
    # v1/v2 (2.05 M MACs)
    "v2": {"trajectory": [(5, 32, 5, 1), (32, 64, 5, 2), (64, 96, 3, 2), (96, 96, 3, 2)],
           "raster": [[16], [24], [48]], "hidden": 160},
    # v4's and v5's second member (2026-11-26): a deeper trajectory branch (one more layer, wider
    # kernels), a wider raster (4.07 M MACs); on the full augmentation alone no better than v2 but
    # erring differently; on half of it (v5) the best single network on two development splits, not on
    # two others (docs/RECOGNITION.md, v5)
    "t2": {"trajectory": [(5, 48, 5, 1), (48, 64, 5, 2), (64, 96, 5, 1), (96, 128, 3, 2), (128, 128, 3, 2)],
           "raster": [[16], [32], [48]], "hidden": 192},
    # v6's fourth member (2026-11-26), a recurrent front that errs a little differently: a
    # bidirectional GRU over the 64 points reads the whole writing order at every point before
    # the strided convolutions, where the convolutions above see five points at a time
    "g2": {"rnn": 64, "trajectory": [(128, 96, 3, 2), (96, 96, 3, 2), (96, 96, 3, 2)],
           "raster": [[16], [24], [48]], "hidden": 160},
}
ARCH = dict(ARCHS["v2"], name="v2")


def set_arch(name: str):
    global ARCH
    ARCH = dict(ARCHS[name], name=name)


def set_width(w: float):
    """Scales every layer's channel count of the current architecture (experiments)."""
    global ARCH

    def c(n):
        return max(4, int(round(n * w / 4)) * 4)
    t = ARCH["trajectory"]
    ARCH = dict(ARCH, trajectory=[(t[0][0] if i == 0 else c(ci), c(co), k, s) for i, (ci, co, k, s) in enumerate(t)],
                raster=[[c(o) for o in st] for st in ARCH["raster"]], hidden=c(ARCH["hidden"]),
                name=f"{ARCH['name']}x{w}")


class BiGRU(nn.Module):
    """A bidirectional one-layer GRU over a (batch, channels, points) sequence, returning
    (batch, 2 * hidden, points): the forward direction's states first, then the backward's."""

    def __init__(self, cin: int, hidden: int):
        super().__init__()
        self.gru = nn.GRU(cin, hidden, batch_first=True, bidirectional=True)

    def forward(self, x):
        y, _ = self.gru(x.transpose(1, 2))
        return y.transpose(1, 2)


class Net(nn.Module):
    def __init__(self, n_classes: int, arch: dict | None = None):
        super().__init__()
        arch = arch or ARCH
        self.arch = arch
        t = [BiGRU(ink.TRAJ_CHANNELS, arch["rnn"])] if arch.get("rnn") else []
        length = ink.N_POINTS
        for cin, cout, k, s in arch["trajectory"]:
            t += [nn.Conv1d(cin, cout, k, stride=s, padding=k // 2, bias=False), nn.BatchNorm1d(cout), nn.ReLU()]
            length = (length + 2 * (k // 2) - k) // s + 1
        self.traj = nn.Sequential(*t)
        self.traj_len = length
        r = []
        size = ink.RASTER
        cin = ink.raster_channels()
        for stage in arch["raster"]:
            for cout in stage:
                r += [nn.Conv2d(cin, cout, 3, padding=1, bias=False), nn.BatchNorm2d(cout), nn.ReLU()]
                cin = cout
            r.append(nn.MaxPool2d(2))
            size //= 2
        self.rast = nn.Sequential(*r)
        self.rast_size = size
        n_in = arch["trajectory"][-1][1] * length + cin * size * size
        self.fc1 = nn.Linear(n_in, arch["hidden"], bias=False)
        self.bn1 = nn.BatchNorm1d(arch["hidden"])
        self.drop = nn.Dropout(arch.get("dropout", 0.3))
        self.fc2 = nn.Linear(arch["hidden"], n_classes)

    def forward(self, traj, rast):
        a = self.traj(traj).flatten(1)
        b = self.rast(rast.unsqueeze(1) if rast.dim() == 3 else rast).flatten(1)
        h = torch.relu(self.bn1(self.fc1(torch.cat([a, b], 1))))
        return self.fc2(self.drop(h))

    def macs(self):
        m = 0
        length = ink.N_POINTS
        if self.arch.get("rnn"):
            h = self.arch["rnn"]
            m += 2 * length * 3 * h * (ink.TRAJ_CHANNELS + h)
        for cin, cout, k, s in self.arch["trajectory"]:
            length = (length + 2 * (k // 2) - k) // s + 1
            m += length * cout * cin * k
        size = ink.RASTER
        cin = ink.raster_channels()
        for stage in self.arch["raster"]:
            for cout in stage:
                m += size * size * cout * cin * 9
                cin = cout
            size //= 2
        return m + self.fc1.in_features * self.fc1.out_features + self.fc2.in_features * self.fc2.out_features


def _fold(w, bn):
    """Fold eval-mode batch norm into a bias-free layer's weight: returns (w', b')."""
    g = bn.weight.detach().double() / torch.sqrt(bn.running_var.double() + bn.eps)
    wf = w.detach().double() * g.reshape(-1, *([1] * (w.dim() - 1)))
    bf = bn.bias.detach().double() - bn.running_mean.double() * g
    return wf.float().numpy(), bf.float().numpy()


def _branch_ops(seq, prefix, add):
    """Op list of a Sequential of (conv, BN, ReLU) triples and max-pools, BN folded."""
    ops = []
    mods = list(seq)
    i = n = 0
    while i < len(mods):
        m = mods[i]
        if isinstance(m, (nn.Conv1d, nn.Conv2d)):
            w, b = _fold(m.weight, mods[i + 1])
            add(f"{prefix}.{n}.w", w)
            add(f"{prefix}.{n}.b", b)
            if isinstance(m, nn.Conv1d):
                ops.append({"op": "conv1d", "in": m.in_channels, "out": m.out_channels, "kernel": m.kernel_size[0],
                            "stride": m.stride[0], "padding": m.padding[0],
                            "weight": f"{prefix}.{n}.w", "bias": f"{prefix}.{n}.b"})
            else:
                assert m.stride == (1, 1) and m.kernel_size[0] == m.kernel_size[1]
                ops.append({"op": "conv2d", "in": m.in_channels, "out": m.out_channels, "kernel": m.kernel_size[0],
                            "padding": m.padding[0], "weight": f"{prefix}.{n}.w", "bias": f"{prefix}.{n}.b"})
            n += 1
            i += 2
        elif isinstance(m, BiGRU):
            # torch's GRU: gates stacked r, z, n in the rows of each weight; "_reverse" the backward
            g = m.gru
            op = {"op": "bigru", "in": g.input_size, "hidden": g.hidden_size}
            for direction, suffix in (("forward", ""), ("backward", "_reverse")):
                names = {}
                for key, attr in (("inputWeight", "weight_ih"), ("inputBias", "bias_ih"),
                                  ("hiddenWeight", "weight_hh"), ("hiddenBias", "bias_hh")):
                    names[key] = f"{prefix}.{n}.{direction}.{key}"
                    add(names[key], getattr(g, f"{attr}_l0{suffix}").detach().numpy())
                op[direction] = names
            ops.append(op)
            n += 1
            i += 1
        elif isinstance(m, nn.ReLU):
            ops.append({"op": "relu"})
            i += 1
        elif isinstance(m, nn.MaxPool2d):
            ops.append({"op": "maxpool2d", "size": m.kernel_size})
            i += 1
        else:
            raise ValueError(m)
    ops.append({"op": "flatten"})
    return ops


def _network_ops(net: Net, prefix: str, add, logit_shift=None):
    """The three op lists of one network (BN folded), its tensors added under `prefix`."""
    net.eval()
    traj_ops = _branch_ops(net.traj, prefix + "traj", add)
    rast_ops = _branch_ops(net.rast, prefix + "rast", add)
    w, b = _fold(net.fc1.weight, net.bn1)
    add(prefix + "head.0.w", w)
    add(prefix + "head.0.b", b)
    add(prefix + "head.1.w", net.fc2.weight.detach().numpy())
    bias = net.fc2.bias.detach().numpy().astype(np.float64)
    if logit_shift is not None:
        bias = bias + np.asarray(logit_shift, dtype=np.float64)
    add(prefix + "head.1.b", bias)
    hidden = net.fc1.out_features
    head_ops = [{"op": "linear", "in": net.fc1.in_features, "out": hidden, "weight": prefix + "head.0.w",
                 "bias": prefix + "head.0.b"},
                {"op": "relu"},
                {"op": "linear", "in": hidden, "out": net.fc2.out_features, "weight": prefix + "head.1.w",
                 "bias": prefix + "head.1.b"}]
    return {"trajectory": traj_ops, "raster": rast_ops, "head": head_ops}


def export(nets, classes, temperature: float, path: str, extra: dict | None = None, logit_shift=None,
           earlier=None):
    """Writes the weights file of one network (version 1) or of an ensemble (a list of networks whose
    logits are averaged: version 2). `logit_shift` (per class) is added to every network's last bias:
    the prior correction of data.prior_shift, so the Swift reader needs no extra step. `earlier`, the
    (header, tensors) of an ensemble file written by this function with the same shift, puts its
    members first: an ensemble grown by more members without training the first ones again."""
    nets = list(nets) if isinstance(nets, (list, tuple)) else [nets]
    tensors = {}
    order = []

    def add(name, arr):
        tensors[name] = np.ascontiguousarray(arr, dtype="<f4")
        order.append(name)

    old_members = []
    if earlier is not None:
        old_header, old_tensors = earlier
        old_members = old_header["members"]
        for name in old_header["tensors"]:
            add(name, old_tensors[name])
    if len(nets) == 1 and not old_members:
        version = FORMAT_VERSION
        networks = _network_ops(nets[0], "", add, logit_shift)
    else:
        version = ENSEMBLE_VERSION
        first = len(old_members)
        networks = {"members": old_members + [_network_ops(n, f"m{first + k}.", add, logit_shift)
                                              for k, n in enumerate(nets)]}
    offset = 0
    meta = {}
    for name in order:
        meta[name] = {"offset": offset, "shape": list(tensors[name].shape)}
        offset += tensors[name].size
    header = {
        "format": "feder.recognizer", "version": version, "classes": list(classes),
        "preprocessing": {"points": ink.N_POINTS, "trajChannels": ink.TRAJ_CHANNELS, "raster": ink.RASTER,
                          "margin": ink.MARGIN, "splatStep": ink.SPLAT_STEP},
        "input": {"trajectory": [ink.TRAJ_CHANNELS, ink.N_POINTS],
                  "raster": [ink.raster_channels(), ink.RASTER, ink.RASTER]},
        "temperature": float(temperature),
        **networks,
        "tensors": meta, "floatCount": offset,
    }
    if ink.RASTER_FEATURES != "ink":
        header["preprocessing"]["rasterFeatures"] = ink.RASTER_FEATURES
    if extra:
        header["training"] = extra
    hb = json.dumps(header, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    pre = b"FDRW" + struct.pack("<II", version, len(hb)) + hb
    pad = (-len(pre)) % 4
    with open(path, "wb") as f:
        f.write(pre + b"\0" * pad)
        for name in order:
            f.write(tensors[name].tobytes())


def load(path: str):
    """Reads a weights file: (header dict, {name: float32 array})."""
    raw = open(path, "rb").read()
    assert raw[:4] == b"FDRW", "not a Feder recognizer weights file"
    version, hl = struct.unpack("<II", raw[4:12])
    assert version in (FORMAT_VERSION, ENSEMBLE_VERSION), version
    header = json.loads(raw[12:12 + hl].decode("utf-8"))
    start = 12 + hl
    start += (-start) % 4
    blob = np.frombuffer(raw, dtype="<f4", offset=start, count=header["floatCount"])
    tensors = {n: blob[m["offset"]:m["offset"] + int(np.prod(m["shape"]))].reshape(m["shape"])
               for n, m in header["tensors"].items()}
    return header, tensors


# ------------------------------------------------------------- numpy reference forward

def _sigmoid(v):
    return 1 / (1 + np.exp(-v))


def _gru_direction(x, Wih, Whh, bih, bhh, reverse):
    """One direction of a GRU over x (channels, points) as torch computes it (gates r, z, n)."""
    h_size = Whh.shape[1]
    h = np.zeros(h_size)
    out = np.zeros((h_size, x.shape[1]))
    steps = range(x.shape[1] - 1, -1, -1) if reverse else range(x.shape[1])
    for t in steps:
        gi = Wih @ x[:, t] + bih
        gh = Whh @ h + bhh
        r = _sigmoid(gi[:h_size] + gh[:h_size])
        z = _sigmoid(gi[h_size:2 * h_size] + gh[h_size:2 * h_size])
        n = np.tanh(gi[2 * h_size:] + r * gh[2 * h_size:])
        h = (1 - z) * n + z * h
        out[:, t] = h
    return out


def _run(ops, x, T):
    for op in ops:
        kind = op["op"]
        if kind == "bigru":
            x = np.concatenate([_gru_direction(x, T[op[d]["inputWeight"]], T[op[d]["hiddenWeight"]],
                                               T[op[d]["inputBias"]], T[op[d]["hiddenBias"]], d == "backward")
                                for d in ("forward", "backward")])
        elif kind == "conv1d":
            w, b = T[op["weight"]], T[op["bias"]]
            k, s, p = op["kernel"], op["stride"], op["padding"]
            xp = np.pad(x, ((0, 0), (p, p)))
            lout = (x.shape[1] + 2 * p - k) // s + 1
            cols = np.stack([xp[:, j * s:j * s + k] for j in range(lout)], 0)  # (L, Cin, k)
            x = np.einsum("oik,lik->ol", w, cols) + b[:, None]
        elif kind == "conv2d":
            w, b = T[op["weight"]], T[op["bias"]]
            p = op["padding"]
            c, h, wd = x.shape
            xp = np.pad(x, ((0, 0), (p, p), (p, p)))
            out = np.zeros((w.shape[0], h, wd), dtype=np.float64)
            for dy in range(3):
                for dx in range(3):
                    out += np.einsum("oi,ihw->ohw", w[:, :, dy, dx], xp[:, dy:dy + h, dx:dx + wd])
            x = out + b[:, None, None]
        elif kind == "relu":
            x = np.maximum(x, 0)
        elif kind == "maxpool2d":
            c, h, wd = x.shape
            s = op["size"]
            x = x[:, :h // s * s, :wd // s * s].reshape(c, h // s, s, wd // s, s).max(axis=(2, 4))
        elif kind == "flatten":
            x = x.reshape(-1)
        elif kind == "linear":
            x = T[op["weight"]] @ x + T[op["bias"]]
        else:
            raise ValueError(kind)
    return x


def reference_logits(header, tensors, traj, rast):
    """Logits of the file's network, or the mean of its members' logits."""
    T = {k: v.astype(np.float64) for k, v in tensors.items()}
    r = rast.astype(np.float64)
    r = r[None] if r.ndim == 2 else r
    members = header.get("members") or [header]
    out = []
    for m in members:
        a = _run(m["trajectory"], traj.astype(np.float64), T)
        b = _run(m["raster"], r, T)
        out.append(_run(m["head"], np.concatenate([a, b]), T))
    return np.mean(out, axis=0)


def softmax(z, temperature=1.0):
    z = np.asarray(z, dtype=np.float64) / temperature
    z = z - z.max(axis=-1, keepdims=True)
    e = np.exp(z)
    return e / e.sum(axis=-1, keepdims=True)
