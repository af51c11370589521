"""Runs the development folds and the final members of one recipe as parallel `train.py` processes,
one network each (`--only-member`), on a machine with many cores and, where one is lent, a GPU
(`--device cuda`). Used for the v7 runs (docs/RECOGNITION.md): fifteen minutes of a lent GPU
instead of the ten hours these runs take on the 2-core development machine.

  python3 scripts/recognizer/parallel_runs.py --work /tmp/rec-par --device cuda --jobs 12 --threads 1 \\
      --recipe v2@1,t2@0.5,v2@0.5,g2@0.5 --name e32 --train-args "--epochs 32 --views 6" \\
      --folds 0,1,4,2,3 --final --deadline 480 --pack /tmp/rec-par/pack

1. builds the feature caches once (all cores);
2. queues one job per (fold, member) — each fold's held-out contributors as train.py's folds — and,
   with --final, one per final member (all contributors; `--skip-cv`; export them afterwards with
   `train.py --skip-cv --temperature T --assemble` and the same recipe and settings), the final
   members and the folds in the order given first, the slowest networks of each first;
3. runs --jobs of them at a time; at --deadline seconds after the start the rest are stopped;
4. with --pack: joins each fold's members if all of them finished in this run (merge_members.py,
   float16 logits) and writes one compressed tar per fold (that dev-fFNAME.npz, or the members that
   finished, and their networks dev-fFNAME-mK.pt), final.tar (final-mK.pt and what each was trained
   with) and logs.tar.gz there — what comes back from a lent machine, which returns files up to
   16 MiB (each tar's size is printed). Only files of jobs that finished in this run are packed (the
   files an earlier run of the same --name, and with --final the final members, left in --work are
   removed first). The
   v7 runs packed no networks yet, so their folds could not be read by `feder recognize`.
"""

from __future__ import annotations

import argparse
import glob
import os
import shlex
import subprocess
import sys
import tarfile
import time

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import data  # noqa: E402
import merge_members  # noqa: E402

TRAIN = os.path.join(os.path.dirname(os.path.abspath(__file__)), "train.py")
# rough relative cost of one network of each kind, so that the slowest start first
COST = {"g2": 3.0, "t2": 2.0, "v2": 1.0}


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--work", required=True)
    p.add_argument("--device", default="cpu")
    p.add_argument("--jobs", type=int, default=8)
    p.add_argument("--threads", type=int, default=2, help="torch threads of each job")
    p.add_argument("--recipe", required=True)
    p.add_argument("--name", required=True, help="development runs are tagged fFNAME")
    p.add_argument("--train-args", default="", help="passed to every train.py (e.g. --epochs 32 --views 6)")
    p.add_argument("--folds", default="0,1,2,3,4", help="folds to run, most wanted first")
    p.add_argument("--writers", action="append", default=[], metavar="TAG=W1,W2",
                   help="also a development run without these contributors, tagged TAG (e.g. the five "
                        "calibration writers: cal5e48=apa,syn,pri,ibm,val); repeatable, run after the folds")
    p.add_argument("--final", action="store_true", help="also train the final members (all contributors)")
    p.add_argument("--deadline", type=float, default=0, help="seconds after the start when unfinished jobs stop")
    p.add_argument("--pack", default="")
    args = p.parse_args()
    start = time.time()
    os.makedirs(os.path.join(args.work, "logs"), exist_ok=True)
    common = [sys.executable, TRAIN, "--work", args.work, "--recipe", args.recipe, *shlex.split(args.train_args)]

    subprocess.run(common + ["--features-only", "--procs", str(os.cpu_count() or 2)], check=True)
    print(f"features ready after {time.time() - start:.0f}s", flush=True)

    _, folds = data.make_folds(data.load_unipen(data.DEFAULT_DATA), 5)
    archs = [part.split("@")[0] for part in args.recipe.split(",")]
    order = sorted(range(len(archs)), key=lambda k: -COST.get(archs[k], 1.0))
    jobs = []
    if args.final:
        jobs += [(f"final-m{k}", ["--skip-cv", "--only-member", str(k)]) for k in order]
    # (tag, held-out contributors, packed as): the folds first, then --writers
    runs = [(f"f{f}{args.name}", folds[f], f"fold{f}") for f in (int(x) for x in filter(None, args.folds.split(",")))]
    for spec in args.writers:
        tag, _, writers = spec.partition("=")
        if not tag or not writers:
            p.error(f"--writers {spec!r}: expected TAG=W1,W2")
        runs.append((tag, writers.split(","), tag))
    for run, held_out, _ in runs:
        jobs += [(f"{run}-m{k}", ["--holdout", ",".join(held_out), "--tag", run, "--only-member", str(k)])
                 for k in order]
    env = dict(os.environ, OMP_NUM_THREADS=str(args.threads))
    # files an earlier run left in --work must not pass for this run's
    for stale in (glob.glob(os.path.join(args.work, f"dev-f*{glob.escape(args.name)}*"))
                  + [x for run, _, _ in runs for x in glob.glob(os.path.join(args.work, f"dev-{glob.escape(run)}*"))]
                  + (glob.glob(os.path.join(args.work, "final-m*.pt*")) if args.final else [])):
        os.remove(stale)
    running, done, failed, stopped = {}, [], [], []
    while jobs or running:
        while jobs and len(running) < args.jobs:
            name, extra = jobs.pop(0)
            log = open(os.path.join(args.work, "logs", name + ".log"), "w")
            cmd = common + ["--device", args.device, "--threads", str(args.threads), *extra]
            running[name] = (subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, env=env), log, time.time())
            print(f"{time.time() - start:5.0f}s start {name}", flush=True)
        time.sleep(2)
        for name, (proc, log, t0) in list(running.items()):
            if proc.poll() is not None:
                log.close()
                (done if proc.returncode == 0 else failed).append(name)
                print(f"{time.time() - start:5.0f}s {'done' if proc.returncode == 0 else 'FAILED'} {name} "
                      f"({time.time() - t0:.0f}s)", flush=True)
                del running[name]
        if args.deadline and time.time() - start > args.deadline:
            for name, (proc, log, _t0) in running.items():
                proc.kill()
                proc.wait()
                log.close()
                print(f"stopped at the deadline: {name}", flush=True)
            stopped = list(running)
            print(f"not started: {[name for name, _ in jobs]}", flush=True)
            running, jobs = {}, []
    print(f"done {len(done)}, failed {failed}, stopped {stopped} after {time.time() - start:.0f}s", flush=True)

    if args.pack:
        os.makedirs(args.pack, exist_ok=True)
        for run, _, packed_as in runs:
            finished = [k for k in range(len(archs)) if f"{run}-m{k}" in done]
            tar_path = os.path.join(args.pack, f"{packed_as}.tar.gz")
            with tarfile.open(tar_path, "w:gz") as tar:
                try:
                    if len(finished) < len(archs):
                        raise SystemExit(f"{run}: members {finished} of {len(archs)} finished")
                    merge_members.merge(args.work, run, half=True, expected=len(archs))
                    tar.add(os.path.join(args.work, f"dev-{run}.npz"), arcname=f"dev-{run}.npz")
                except (Exception, SystemExit) as e:  # members missing or unreadable: bring back the ones there are
                    print(e, flush=True)
                    for k in finished:
                        try:
                            z = np.load(os.path.join(args.work, f"dev-{run}-m{k}.npz"))
                            half = os.path.join(args.work, f"pack-dev-{run}-m{k}.npz")
                            np.savez(half, labels=z["labels"], idx=z["idx"], members=z["members"].astype(np.float16))
                            tar.add(half, arcname=f"dev-{run}-m{k}.npz")
                        except Exception as err:
                            print(f"{run} member {k}: {err}", flush=True)
                # the networks too, so that export_dev.py can write them for `feder recognize`
                for k in finished:
                    tar.add(os.path.join(args.work, f"dev-{run}-m{k}.pt"), arcname=f"dev-{run}-m{k}.pt")
            size = os.path.getsize(tar_path)
            print(f"{tar_path}: {size / 2**20:.1f} MiB", flush=True)
        with tarfile.open(os.path.join(args.pack, "final.tar"), "w") as tar:
            for k in range(len(archs)):
                if f"final-m{k}" in done:
                    for suffix in (".pt", ".pt.json"):
                        tar.add(os.path.join(args.work, f"final-m{k}{suffix}"), arcname=f"final-m{k}{suffix}")
        with tarfile.open(os.path.join(args.pack, "logs.tar.gz"), "w:gz") as tar:
            tar.add(os.path.join(args.work, "logs"), arcname="logs")
            if os.path.exists(os.path.join(args.work, "devlog.tsv")):
                tar.add(os.path.join(args.work, "devlog.tsv"), arcname="devlog.tsv")


if __name__ == "__main__":
    main()
