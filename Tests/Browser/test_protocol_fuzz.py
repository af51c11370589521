"""The protocol fuzzer (scripts/reliability/fuzz_protocol.py) at a small count against a real server:
mutated session transcripts on several connections are each answered or closed with 1009, the server
lives on, and a well-behaved child on its own connection traces whole letters meanwhile. The full run
(100,000 messages) and its results are in docs/RELIABILITY.md."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts" / "reliability"))
from fuzz_protocol import fuzz  # noqa: E402


def test_mutated_transcripts_are_answered_and_harm_no_one_else(server):
    tally, good = fuzz(server.url, server.ws_url, messages=4000, connections=4, seed=7,
                       alive=lambda: server.process.poll() is None)
    assert tally.failures == []
    assert tally.sent == 4000
    assert tally.answered + tally.closed == tally.sent
    # The mutations reached the server: the replies cover the protocol's errors and its successes.
    for kind in ["error:invalid_json", "error:invalid_message", "error:unknown_type", "error:binary_not_supported",
                 "error:no_session", "error:too_many_samples", "started", "events", "pong"]:
        assert tally.replies.get(kind, 0) > 0, kind
    assert good["lessons"] >= 1 and good["records"] >= good["lessons"]
    # What the good child stored is in the database with its ink.
    assert len([r for r in server.records() if r["childID"] and r["childID"].startswith("00000000-")]) >= good["records"]
