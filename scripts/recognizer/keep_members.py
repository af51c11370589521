"""Keeps some members of an ensemble weights file and drops the others, every kept float unchanged
(the kept members' tensors are named m0., m1., … in their new order).

An ensemble averages its members' logits, so leaving one out needs no retraining: the kept
networks and their tensors are written again with a header that lists only them (the training
recipe in the header follows). The temperature stays; refit it for the new ensemble
(compare_dev.py) and set it with set_prior.py.

  .venv-recognizer/bin/python scripts/recognizer/keep_members.py --keep 0,1,3,4 \\
      /tmp/rec-v6/letters.fdrw --out /tmp/rec-v6/four.fdrw
"""

from __future__ import annotations

import argparse
import json
import os
import struct
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import model  # noqa: E402


def tensor_names(ops):
    """Every tensor name an op list refers to (a bigru's are nested per direction)."""
    for op in ops:
        for key, value in op.items():
            if key in ("weight", "bias"):
                yield value
            elif isinstance(value, dict):
                yield from value.values()


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("weights")
    p.add_argument("--keep", required=True, help="comma-separated member indices, in the order to keep them")
    p.add_argument("--out", required=True)
    args = p.parse_args()
    header, tensors = model.load(args.weights)
    members = header.get("members")
    if not members:
        raise SystemExit(f"{args.weights} holds one network, not an ensemble")
    keep = [int(k) for k in args.keep.split(",")]
    if not keep or len(set(keep)) != len(keep) or not all(0 <= k < len(members) for k in keep):
        raise SystemExit(f"--keep {args.keep}: indices of the {len(members)} members, each once")
    # the kept members are numbered again (m0., m1., …), as model.export numbers them, so that a
    # later train.py --earlier … --first-member N adds its members under names not yet taken
    kept, renamed = [], {}
    for new, k in enumerate(keep):
        names = {name: f"m{new}.{name.split('.', 1)[1]}" if name.startswith(f"m{k}.") else f"m{new}.{name}"
                 for part in ("trajectory", "raster", "head") for name in tensor_names(members[k][part])}
        renamed.update({v: tensors[n] for n, v in names.items()})
        kept.append(json.loads(json.dumps(members[k]), object_hook=lambda d: {
            key: names.get(v, v) if isinstance(v, str) else v for key, v in d.items()}))
    tensors = renamed
    order = [name for net in kept for part in ("trajectory", "raster", "head") for name in tensor_names(net[part])]
    meta, offset = {}, 0
    for name in order:
        meta[name] = {"offset": offset, "shape": list(tensors[name].shape)}
        offset += tensors[name].size
    out = dict(header, members=kept, tensors=meta, floatCount=offset)
    training = dict(out.get("training", {}))
    if "recipe" in training:
        recipe = training["recipe"].split(",")
        if len(recipe) == len(members):
            training["recipe"] = ",".join(recipe[k] for k in keep)
    training["members"] = len(kept)
    out["training"] = training
    hb = json.dumps(out, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    pre = b"FDRW" + struct.pack("<II", model.ENSEMBLE_VERSION, len(hb)) + hb
    with open(args.out, "wb") as f:
        f.write(pre + b"\0" * ((-len(pre)) % 4))
        for name in order:
            f.write(np.ascontiguousarray(tensors[name], dtype="<f4").tobytes())
    print(f"kept members {keep} of {len(members)}: {offset} floats, {os.path.getsize(args.out)} bytes", flush=True)


if __name__ == "__main__":
    main()
