"""Puts another prior correction (train.py --prior-tau) into an existing weights file.

The correction is a constant per class, -tau * (log prior - mean), added to the averaged logits;
train.py folds it into the last bias of every network. Adding the same constant to every member's
last bias adds it to their average, so the networks need no retraining: this script takes the
file's own correction (its header's training.priorTau) out, puts `--tau` in, optionally sets a new
temperature, and writes the file again, every other float unchanged.

  .venv-recognizer/bin/python scripts/recognizer/set_prior.py --tau 0.5 --temperature 0.9 \\
      Sources/FederCore/Resources/Recognizer/letters.fdrw

The prior is computed as train.py computes it: from the labels of every sample the shipped
networks were trained on (train.prior_labels, all 15 contributors).
"""

from __future__ import annotations

import argparse
import json
import os
import struct
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import data  # noqa: E402
import model  # noqa: E402
import train  # noqa: E402


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("weights", help="the .fdrw file, rewritten in place unless --out is given")
    p.add_argument("--tau", type=float, required=True)
    p.add_argument("--temperature", type=float, default=0.0, help="a new temperature (default: keep)")
    p.add_argument("--out", default="")
    p.add_argument("--data", default=data.DEFAULT_DATA)
    args = p.parse_args()

    raw = open(args.weights, "rb").read()
    header, tensors = model.load(args.weights)
    training = header.setdefault("training", {})
    old_tau = float(training.get("priorTau", 0.0))
    if old_tau != 0 and not {"glyphSamples", "sharpS"} <= training.keys():
        # the old correction can only be taken out exactly if its prior can be counted again
        raise SystemExit(f"{args.weights} holds a prior correction ({old_tau}) but not the training data "
                         "it was counted on (glyphSamples, sharpS); retrain it with train.py --prior-tau")
    # files from before train.py recorded these were trained with its defaults (120, "v1")
    unit = data.prior_shift(train.prior_labels(args.data, seed=int(training.get("seed", 0)),
                                               glyph_samples=int(training.get("glyphSamples", 120)),
                                               sharp_s=training.get("sharpS", "v1")),
                            len(header["classes"]), 1.0)
    change = (args.tau - old_tau) * unit.astype(np.float64)
    members = header["members"] if "members" in header else [header]
    blob = np.array(np.frombuffer(raw, dtype="<f4", offset=_data_start(raw), count=header["floatCount"]))
    for net in members:
        last = net["head"][-1]
        meta = header["tensors"][last["bias"]]
        if meta["shape"] != [len(header["classes"])]:
            raise SystemExit(f"{last['bias']} has shape {meta['shape']}, not one bias per class")
        lo = meta["offset"]
        blob[lo:lo + len(change)] = (blob[lo:lo + len(change)].astype(np.float64) + change).astype("<f4")
    training["priorTau"] = args.tau
    training.setdefault("glyphSamples", 120)
    training.setdefault("sharpS", "v1")
    if args.temperature > 0:
        header["temperature"] = args.temperature
    hb = json.dumps(header, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    pre = b"FDRW" + struct.pack("<II", header["version"], len(hb)) + hb
    with open(args.out or args.weights, "wb") as f:
        f.write(pre + b"\0" * ((-len(pre)) % 4))
        f.write(blob.astype("<f4").tobytes())
    print(f"prior tau {old_tau} -> {args.tau}; shift per class from {change.min():+.3f} to {change.max():+.3f}; "
          f"temperature {header['temperature']}; {len(members)} networks", flush=True)


def _data_start(raw):
    _, hl = struct.unpack("<II", raw[4:12])
    start = 12 + hl
    return start + (-start) % 4


if __name__ == "__main__":
    main()
