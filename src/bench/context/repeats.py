"""The repeat scenario: the same tool output returned REPEATS times in one conversation.

Toolspill really gets the output REPEATS times (POST /v1/tool-outputs, one tenant): the answers must be byte-identical
and name one blob, and the store must hold one blob file more than before (and the service count REPEATS - 1
deduplicated outputs). The other strategies' results are made as they would be: truncation is the same head and
tail every time; the 2 KB preview (of both the paging strategy and the peer) names a new saved file each call, as
agents' tools do (a new id per call), so its texts differ in the path and it keeps REPEATS copies of the output.

The conversation is a growing prompt, re-sent each turn: turn i appends the assistant's call and the i-th result.
Input tokens are counted on every turn's whole prompt, without a cache and with a prefix cache: the tokens of the
longest byte-identical prefix shared with the previous turn's prompt cost CACHED_PRICE, the rest full price.
"""
import os
import random
import uuid

import peer
import strategies

DATASET = "ec2-model"  # a real output: botocore's EC2 model, 2.7 MiB of JSON
REPEATS = 10
CACHED_PRICE = 0.1
CALL = "\n[assistant] tool call: describe_ec2_api {}\n[tool result]\n"  # the same call each turn


def blob_files(fs_root):
    folder = os.path.join(fs_root, "blobs")
    return sum(1 for name in os.listdir(folder) if name.endswith((".txt", ".json"))) if os.path.isdir(folder) else 0


def toolspill(client, dataset, fs_root):
    before, dedup_before = blob_files(fs_root), client.deduplicated()
    answers = [client.ingest(dataset) for _ in range(REPEATS)]
    texts = [a["output"] for a in answers]
    ids = {a["blob"]["id"] for a in answers}
    stored, dedup = blob_files(fs_root) - before, client.deduplicated() - dedup_before
    if len(set(texts)) != 1 or len(ids) != 1 or stored != 1 or dedup != REPEATS - 1:
        raise SystemExit("repeats: %d distinct answers, %d blob ids, %d blob files stored, %d deduplicated (want 1, 1, 1, %d)" % (
            len(set(texts)), len(ids), stored, dedup, REPEATS - 1))
    return texts, "%d blob file, %d deduplicated" % (stored, dedup), dataset.size


def conversation(texts, tokenizer):
    """(input tokens without a cache, their price with the prefix cache in full-price tokens, the share of the tokens
    sent before that hit the cache on turns 2..n, every earlier prompt a byte-identical prefix of the next)."""
    prompt, previous = "", None
    plain = cached_cost = hits = resent = 0
    prefixes = True
    for text in texts:
        prompt += CALL + text
        total = tokenizer.count(prompt)
        cached = 0
        if previous is not None:
            common = os.path.commonprefix([previous, prompt])
            prefixes = prefixes and common == previous
            cached = tokenizer.count(common)
            hits += cached
            resent += tokenizer.count(previous)
        plain += total
        cached_cost += CACHED_PRICE * cached + (total - cached)
        previous = prompt
    return plain, cached_cost, hits / resent, prefixes


def run(client, dataset, fs_root, tokenizer):
    """One row per strategy: (name, result texts, what is stored, bytes stored)."""
    truncated = strategies.truncated(dataset)[0]
    rng = random.Random(25)
    folder = "/home/agent/.agent/tool-results/"
    previews = [peer.preview_text(dataset, folder + str(uuid.UUID(int=rng.getrandbits(128), version=4)) + ".txt")[0]
                for _ in range(REPEATS)]
    spilled, stored, stored_bytes = toolspill(client, dataset, fs_root)
    rows = [("truncation (10 KiB head + tail)", [truncated] * REPEATS, "nothing (the rest is lost)", 0),
            ("2 KB preview + saved file (paging and the peer)", previews, "%d files, one a call" % REPEATS, REPEATS * dataset.size),
            ("Toolspill (summary)", spilled, stored, stored_bytes)]
    return [(name, texts, where, size, tokenizer.count(texts[0]), len(set(texts))) + conversation(texts, tokenizer)
            for name, texts, where, size in rows]
