"""Writes the networks of one development run (`train.py --holdout … --tag NAME`) as a weights file
the Swift reader loads, and the held-out contributors' letters as a file `feder recognize` reads, so
that the reader can be measured with the shipped command on writers its networks never saw
(docs/RECOGNITION.md, "The shipped recipe on writers it never saw").

The file is built as the shipped one is: the members' last biases carry the ß offset
(`--logit-bias`, train.py's default) and the prior correction (`--prior-tau`), here counted only on
the contributors the run trained on; the temperature is given (the shipped one by default, fitted on
another development split, so nothing is fitted on the writers measured).

  .venv-recognizer/bin/python scripts/recognizer/export_dev.py --work /tmp/rec-dev --run cal5v6 \\
      --recipe v2@1,t2@0.5,v2@0.5,g2@0.5 --out /tmp/rec-dev/cal5v6.fdrw \\
      --held-out-letters /tmp/rec-dev/cal5v6-heldout.ndjson
  .build/release/feder recognize --summary --weights /tmp/rec-dev/cal5v6.fdrw /tmp/rec-dev/cal5v6-heldout.ndjson
"""

from __future__ import annotations

import argparse
import json
import os
import sys

import numpy as np
import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import data  # noqa: E402
import ink  # noqa: E402
import model  # noqa: E402
import train  # noqa: E402

SHIPPED_TEMPERATURE = 0.895  # v6's (docs/RECOGNITION.md), fitted on the first development split


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--work", default="/tmp/rec-dev")
    p.add_argument("--run", required=True, help="the development run's --tag")
    p.add_argument("--recipe", required=True, help='its members, as train.py --recipe (e.g. "v2@1,t2@0.5")')
    p.add_argument("--out", required=True, help="the weights file to write")
    p.add_argument("--held-out-letters", default="", help="also write the held-out contributors' lines of the data here")
    p.add_argument("--prior-tau", type=float, default=0.5, help="as the shipped file (set_prior.py --tau)")
    p.add_argument("--logit-bias", default=train.LOGIT_BIAS)
    p.add_argument("--temperature", type=float, default=SHIPPED_TEMPERATURE)
    p.add_argument("--data", default=data.DEFAULT_DATA)
    args = p.parse_args()

    archs = [part.split("@")[0] for part in args.recipe.split(",")]
    nets = []
    for k, name in enumerate(archs):
        net = model.Net(len(data.CLASSES), dict(model.ARCHS[name], name=name))
        net.load_state_dict(torch.load(os.path.join(args.work, f"dev-{args.run}-m{k}.pt"), weights_only=True))
        net.eval()
        nets.append(net)

    # The held-out contributors are those of the run's held-out samples (real samples come first in
    # the dataset, in the data file's order).
    real = data.load_unipen(args.data)
    held_idx = np.load(os.path.join(args.work, f"dev-{args.run}.npz"))["idx"]
    held = sorted({real[i]["contributor"] for i in held_idx})
    shift = (data.prior_shift(train.prior_labels(args.data, exclude=set(held)), len(data.CLASSES), args.prior_tau)
             + train.class_bias(args.logit_bias))
    model.export(nets, data.CLASSES, args.temperature, args.out, logit_shift=shift,
                 extra={"data": f"UNIPEN train_r01_v07 dev without {','.join(held)} (development run {args.run})",
                        "recipe": args.recipe, "priorTau": args.prior_tau, "logitBias": args.logit_bias,
                        "heldOut": held})

    # The file must give the torch networks' mean logits plus the shift.
    header, tensors = model.load(args.out)
    with torch.no_grad():
        for i in held_idx[:: max(1, len(held_idx) // 25)][:25]:
            traj, rast = ink.preprocess([s.tolist() for s in real[i]["strokes"]])
            t = torch.from_numpy(traj[None].astype(np.float32))
            r = torch.from_numpy(rast.reshape(1, -1, ink.RASTER, ink.RASTER).astype(np.float32))
            ref = np.mean([n(t, r).numpy()[0] for n in nets], axis=0) + shift
            got = model.reference_logits(header, tensors, traj.astype(np.float32), rast.astype(np.float32))
            assert np.abs(got - ref).max() < 1e-3, np.abs(got - ref).max()
    print(f"wrote {args.out} ({os.path.getsize(args.out)} bytes, {len(nets)} networks, held out {','.join(held)}); "
          f"checked against torch", flush=True)

    if args.held_out_letters:
        kept = 0
        with data.open_text(args.data) as f, open(args.held_out_letters, "w") as out:
            for line in f:
                if line.strip() and data.contributor(json.loads(line).get("writer") or "unknown/unknown") in held:
                    out.write(line if line.endswith("\n") else line + "\n")
                    kept += 1
        print(f"wrote {args.held_out_letters}: {kept} lines of {','.join(held)}", flush=True)


if __name__ == "__main__":
    main()
