"""Writes a tiny network with a recurrent front (a bidirectional GRU before the trajectory
convolutions, as model.ARCHS["g2"]) and torch's logits for the agreement fixture's drawn letters:
Tests/FederCoreTests/Recognition/Fixtures/recurrent-tiny.fdrw and recurrent-tiny.json.

This keeps the Swift reader's `bigru` op tested through the whole path a weights file takes
(header, tensors, the layers chained, batch norm folded) against torch rather than against the numpy
reference, with 12 states each way so that both the vector gate code (8 at a time) and the scalar
rest run. Random weights, seeded; batch-norm statistics set
away from their defaults so that folding them is checked too.

  .venv-recognizer/bin/python scripts/recognizer/export_recurrent_fixture.py
"""

from __future__ import annotations

import json
import os
import sys

import numpy as np
import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import data  # noqa: E402
import model  # noqa: E402

FIXTURES = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..",
                                        "Tests/FederCoreTests/Recognition/Fixtures"))
TINY = {"name": "tiny-gru", "rnn": 12, "trajectory": [(24, 8, 3, 4)], "raster": [[4]], "hidden": 8}
LETTERS = ["a", "E", "ß", "h"]


def main():
    torch.manual_seed(7)
    net = model.Net(len(data.CLASSES), TINY)
    with torch.no_grad():
        for m in net.modules():
            if isinstance(m, (torch.nn.BatchNorm1d, torch.nn.BatchNorm2d)):
                m.running_mean.uniform_(-0.3, 0.3)
                m.running_var.uniform_(0.5, 2.0)
                m.weight.uniform_(0.5, 1.5)
                m.bias.uniform_(-0.2, 0.2)
    net.eval()
    weights = os.path.join(FIXTURES, "recurrent-tiny.fdrw")
    model.export([net], data.CLASSES, 1.0, weights)
    agreement = json.load(open(os.path.join(FIXTURES, "recognizer-agreement.json")))
    cases = []
    for case in agreement["cases"]:
        if case["label"] not in LETTERS:
            continue
        traj = torch.tensor(np.array(case["trajectory"], dtype=np.float32).reshape(1, 5, agreement["points"]))
        rast = torch.tensor(np.array(case["raster"], dtype=np.float32).reshape(1, agreement["raster"], agreement["raster"]))
        with torch.no_grad():
            logits = net(traj, rast)[0].numpy()
        cases.append({"name": case["name"], "logits": [round(float(v), 6) for v in logits]})
    out = os.path.join(FIXTURES, "recurrent-tiny.json")
    with open(out, "w") as fh:
        json.dump({"weights": "recurrent-tiny.fdrw", "macs": net.macs(), "cases": cases}, fh)
    print(f"wrote {weights} ({os.path.getsize(weights)} bytes) and {out} ({len(cases)} cases)")


if __name__ == "__main__":
    main()
