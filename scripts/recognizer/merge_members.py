"""Joins development runs' members trained in separate processes (`train.py --holdout … --tag RUN
--only-member K`, each writing <work>/dev-RUN-mK.npz) into <work>/dev-RUN.npz, the file one process
training every member writes, so that compare_dev.py, prior_folds.py and export_dev.py read them alike.

  .venv-recognizer/bin/python scripts/recognizer/merge_members.py --work /tmp/rec-dev f0e32 f1e32

--half keeps the members' logits as float16 (a GPU run's files have to come back small; the answers
change only where two letters' logits agree to about 1/1000).
"""

from __future__ import annotations

import argparse
import glob
import os
import re

import numpy as np


def merge(work: str, run: str, half: bool = False, expected: int = 0) -> int:
    """Joins members 0… of `run`; with `expected`, refuses unless exactly members 0 to expected-1 are
    there (a run stopped early must not pass for the whole ensemble)."""
    parts = {}
    for path in glob.glob(os.path.join(work, f"dev-{glob.escape(run)}-m*.npz")):
        m = re.fullmatch(rf"dev-{re.escape(run)}-m(\d+)\.npz", os.path.basename(path))
        if m:
            parts[int(m.group(1))] = path
    if not parts:
        raise SystemExit(f"no members of {run} in {work} (dev-{run}-mK.npz)")
    missing = sorted(set(range(max(expected, max(parts) + 1))) - set(parts))
    if missing:
        raise SystemExit(f"{run}: members {missing} are missing; merging would renumber the others")
    members, labels, idx = [], None, None
    for k in sorted(parts):
        z = np.load(parts[k])
        if idx is None:
            labels, idx = z["labels"], z["idx"]
        elif not np.array_equal(idx, z["idx"]):
            raise SystemExit(f"{run}: member {k} held out other samples than member 0")
        members.append(z["members"][0])
    stacked = np.stack(members).astype(np.float16 if half else np.float32)
    np.savez(os.path.join(work, f"dev-{run}.npz"), logits=stacked.astype(np.float32).mean(0).astype(stacked.dtype), labels=labels,
             idx=idx, members=stacked)
    return len(members)


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--work", default="/tmp/rec-dev")
    p.add_argument("--half", action="store_true")
    p.add_argument("--members", type=int, default=0, help="how many members the recipe has (refuse fewer)")
    p.add_argument("runs", nargs="+")
    args = p.parse_args()
    for run in args.runs:
        print(f"dev-{run}.npz: {merge(args.work, run, args.half, args.members)} members", flush=True)


if __name__ == "__main__":
    main()
