"""Context-economy benchmark: needle tasks over large outputs, answered by four strategies, and a conversation that
gets the same output ten times; see BENCHMARKS.md.

Started by run.sh. Prepares the outputs, computes every expected answer, starts Toolspill from
target/quarkus-app on a free loopback port with a temp filesystem store, runs the repeats and every task with every
strategy, stops the service, counts the tokens (o200k_base) of every tool result and prints (and writes into
BENCHMARKS.md) the tables.
"""
import argparse
import http.client
import json
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse

import data
import peer
import repeats
import strategies
import tasks as task_module
import tokens

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "it", "lib"))
from harness import free_port  # noqa: E402  (src/it/lib/harness.py)

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))
APP = os.path.join(ROOT, "target", "quarkus-app", "quarkus-run.jar")
MARKERS = {False: ("<!-- context:start -->", "<!-- context:end -->"), True: ("<!-- context-big:start -->", "<!-- context-big:end -->")}


def say(*parts):
    print("==>", *parts, file=sys.stderr, flush=True)


class Service:
    """Toolspill on a free loopback port, filesystem store under root, no API keys; stopped by stop()."""

    def __init__(self, root, log_path):
        self.port, self.management = free_port(), free_port()
        self.log = open(log_path, "w")
        self.process = subprocess.Popen(
            ["java", "-Xmx256m", "-Dquarkus.management.port=%d" % self.management, "-Dquarkus.management.host=127.0.0.1",
             "-Dquarkus.http.host=127.0.0.1", "-Dquarkus.http.port=%d" % self.port,
             "-Dtoolspill.auth.enabled=false", "-Dtoolspill.blob-store.fs.root=" + root,
             "-Dtoolspill.ingest.max-bytes=2147483648", "-jar", APP],
            stdout=self.log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
        deadline = time.time() + 120
        while True:
            try:
                if self.request("GET", "/q/health/ready")[0] == 200:
                    return
            except OSError:
                pass
            if self.process.poll() is not None or time.time() > deadline:
                self.stop()
                raise SystemExit("Toolspill did not become ready; see " + log_path)
            time.sleep(0.2)  # poll interval of the readiness check

    def request(self, method, path, body=None, headers=None, port=None):
        conn = http.client.HTTPConnection("127.0.0.1", port or self.port, timeout=600)
        try:
            conn.request(method, path, body=body, headers=headers or {})
            response = conn.getresponse()
            return response.status, response.read()
        finally:
            conn.close()

    def stop(self):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.log.close()


class Client:
    """What the strategies may ask the service: ingest an output, and inspect as a tool call."""

    def __init__(self, service):
        self.service = service
        status, body = service.request("GET", "/v1/tools")
        inspect = next(t for t in json.loads(body)["tools"] if t["name"] == "inspect")
        self.grep = "grep:" in json.dumps(inspect)  # the one probe: does the inspect tool offer search?

    def ingest(self, dataset):
        with open(dataset.path, "rb") as body:
            status, answer = self.service.request("POST", "/v1/tool-outputs?tool=bench", body,
                                                  {"Content-Type": dataset.content_type, "Content-Length": str(dataset.size)})
        item = json.loads(answer)
        if status != 200 or not item.get("blob"):
            raise SystemExit("ingest of %s answered %d: %s" % (dataset.path, status, answer[:500]))
        return item

    def inspect(self, blob, selector):
        arguments = {"blob_id": blob} if selector is None else {"blob_id": blob, "selector": selector}  # None: the head
        call = {"calls": [{"id": "c1", "name": "inspect", "arguments": arguments}]}
        status, answer = self.service.request("POST", "/v1/tool-calls", json.dumps(call).encode(), {"Content-Type": "application/json"})
        if status != 200:
            raise SystemExit("inspect %s answered %d: %s" % (selector, status, answer[:500]))
        return json.loads(answer)["results"][0]

    def deduplicated(self):
        """toolspill_deduplicated_outputs_total from /q/metrics on the management port."""
        status, body = self.service.request("GET", "/q/metrics", port=self.service.management)
        if status != 200:
            raise SystemExit("/q/metrics answered %d" % status)
        return sum(float(line.split(" # ")[0].rsplit(" ", 1)[1]) for line in body.decode().splitlines()  # " # ": an exemplar
                   if line.startswith("toolspill_deduplicated_outputs_total"))

    def timed_inspect(self, blob, selector):
        path = "/v1/blobs/%s/inspect?selector=%s" % (blob, urllib.parse.quote(selector))
        t = time.perf_counter()
        status, answer = self.service.request("GET", path)
        return time.perf_counter() - t, status, answer


def verdict(outcome, expected):
    if outcome.answer is None:
        return "no"
    return "yes" if outcome.answer == expected else "wrong"


def run(args, work):
    log_bytes = (1 << 30) if args.big else 200 * data.MIB
    say("preparing outputs under", work)
    datasets = {d.name: d for d in data.generated(work, log_bytes) + data.real(work)}
    log = next(d for d in datasets.values() if d.name.startswith("log-"))
    facts = dict(task_module.pick_needles(datasets), log=dict(log.facts, name=log.name))
    task_list = task_module.tasks(facts)
    say("computing the expected answers of", len(task_list), "tasks")
    task_module.expect(task_list, datasets)

    tokenizer = tokens.Tokenizer()
    fs_root = os.path.join(work, "fs")
    service = Service(fs_root, os.path.join(work, "toolspill.log"))
    try:
        client = Client(service)
        say("Toolspill on 127.0.0.1:%d; inspect offers grep: %s" % (service.port, "yes" if client.grep else "no"))
        repeated = datasets[repeats.DATASET]
        say("repeats: %s returned %d times" % (repeated.name, repeats.REPEATS))
        repeat_rows = repeats.run(client, repeated, fs_root, tokenizer)
        items = {}
        for name, dataset in datasets.items():
            say("ingest", name, "(%d bytes)" % dataset.size)
            items[name] = client.ingest(dataset)
        saved = {}
        rows = []
        for task in task_list:
            dataset = datasets[task.dataset]
            if task.dataset not in saved:
                saved[task.dataset] = strategies.SavedFile(dataset.path)
            tools = peer.Tools(dataset, saved[task.dataset], tokenizer)
            outcomes = [strategies.truncation(task, dataset), strategies.paging(task, dataset, saved[task.dataset]),
                        peer.peer(task, dataset, tools, dataset.path), strategies.toolspill(task, items[task.dataset], client)]
            for o in outcomes:
                o.tokens = sum(tokenizer.count(text) for text in o.texts)
            rows.append((task, outcomes))
            say("%-7s %s" % (task.id, "  ".join("%s %d/%d/%d" % (verdict(o, task.expected), o.calls, o.bytes, o.tokens) for o in outcomes)))
        grep_row = grep_timing(client, items[log.name]["blob"]["id"], log) if client.grep else None
    finally:
        service.stop()
        tokenizer.close()
    return report(rows, datasets, client.grep, grep_row, log) + "\n" + repeat_report(repeat_rows, repeated)


def grep_timing(client, blob, log):
    """grep: on the log blob against grep -n on the same file (in the page cache, as the blob is), median of 3 each,
    the two taken in turn."""
    pattern = "card processor timeout"
    ours, theirs = [], []
    for _ in range(3):
        seconds, status, answer = client.timed_inspect(blob, "grep:" + json.dumps(pattern))
        if status != 200 or pattern.encode() not in answer:
            raise SystemExit("grep: on the log answered %d: %s" % (status, answer[:300]))
        ours.append(seconds)
        t = time.perf_counter()
        subprocess.run(["grep", "-n", pattern, log.path], check=True, stdout=subprocess.DEVNULL)
        theirs.append(time.perf_counter() - t)
    return statistics.median(ours), statistics.median(theirs)


def kib(n):
    return "%.1f KiB" % (n / 1024) if n >= 1024 else "%d B" % n


def cell(outcome, expected):
    mark = {"yes": "✓", "no": "✗", "wrong": "✗ (wrong)"}[verdict(outcome, expected)]
    return "%s %d · %s · %s tok" % (mark, outcome.calls, kib(outcome.bytes), outcome.tokens)


def short(value, width=28):
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    return "`%s`" % (text if len(text) <= width else text[:width - 1] + "…").replace("|", "\\|").replace("`", "'")


def steps(outcome):
    return ", ".join("`%s`" % s.replace("|", "\\|") for s in outcome.steps[1:]) or "the first result"


NAMES = ["truncation (10 KiB head + tail)", "2 KB preview + reads of %d lines" % strategies.PAGE,
         "peer: 2 KB preview + saved file with read, grep, jq", "Toolspill (summary + inspect)"]
PEER, TOOLSPILL = 2, 3


def report(rows, datasets, grep, grep_row, log):
    out = []
    commit = subprocess.run(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip()
    out.append("Run of `bash src/bench/context/run.sh%s` on %s, commit `%s`; the service's inspect %s `grep:`%s." % (
        " --big" if log.size > 500 * data.MIB else "", time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()), commit or "?",
        "offers" if grep else "does not offer", "" if grep else " (search tasks page through lines: and slice: instead)"))
    out.append("")
    out.append("Outputs: " + "; ".join("%s %s (%s)" % (d.name, kib(d.size) if d.size < data.MIB
                                                        else "%.1f MiB" % (d.size / data.MIB), d.origin) for d in datasets.values()) + ".")
    out.append("")
    out.append("Each cell: answered (✓) or not (✗), calls (the one that made the output included), bytes and tokens "
               "(o200k_base) added to the context.")
    out.append("")
    out.append("| task | output | question | answer | %s | %s | %s | %s | the peer's calls | Toolspill's selectors |" % tuple(NAMES))
    out.append("|---|---|---|---|---|---|---|---|---|---|")
    for task, outcomes in rows:
        out.append("| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (
            task.id, task.dataset, task.question.replace("|", "\\|"), short(task.expected), *(cell(o, task.expected) for o in outcomes),
            steps(outcomes[PEER]), steps(outcomes[TOOLSPILL])))
    out.append("")
    out.append("| strategy | answered | calls (total) | calls (median) | bytes added (total) | bytes (median) | bytes (max) "
               "| tokens added (total) | tokens (median) | tokens (max) |")
    out.append("|---|---|---|---|---|---|---|---|---|---|")
    totals = []
    for i, name in enumerate(NAMES):
        outcomes = [r[1][i] for r in rows]
        answered = sum(verdict(o, t.expected) == "yes" for (t, _), o in zip(rows, outcomes))
        total = dict(answered=answered, calls=statistics.median(o.calls for o in outcomes), tokens=sum(o.tokens for o in outcomes),
                     median_tokens=statistics.median(o.tokens for o in outcomes))
        totals.append(total)
        out.append("| %s | %d of %d | %d | %g | %s | %s | %s | %d | %g | %d |" % (
            name, answered, len(rows), sum(o.calls for o in outcomes), total["calls"], kib(sum(o.bytes for o in outcomes)),
            kib(statistics.median(o.bytes for o in outcomes)), kib(max(o.bytes for o in outcomes)), total["tokens"],
            total["median_tokens"], max(o.tokens for o in outcomes)))
    toolspill = [r[1][TOOLSPILL] for r in rows]
    met = (all(verdict(o, t.expected) == "yes" for (t, _), o in zip(rows, toolspill))
           and statistics.median(o.calls for o in toolspill) <= 2 and statistics.median(o.bytes for o in toolspill) <= 2048)
    missed = [t.id for (t, _), o in zip(rows, toolspill) if verdict(o, t.expected) != "yes"]
    out.append("")
    out.append("Target for Toolspill: every task answered, median ≤ 2 calls and ≤ 2 KiB added per task: %s%s." % (
        "met" if met else "**not met**", "" if not missed else " (not answered: %s)" % ", ".join(missed)))
    ours, theirs = totals[TOOLSPILL], totals[PEER]
    against = (ours["answered"] >= theirs["answered"], ours["calls"] <= 3, ours["tokens"] <= theirs["tokens"] / 2)
    out.append("")
    out.append("Target against the strongest peer (issue 25): as many answered (%d against %d: %s), a median of at most 3 calls "
               "(%g: %s), at most half of the peer's tokens (%d against %d, %.0f%%: %s; per task median %g against %g): %s." % (
                   ours["answered"], theirs["answered"], "met" if against[0] else "**not met**", ours["calls"],
                   "met" if against[1] else "**not met**", ours["tokens"], theirs["tokens"], 100 * ours["tokens"] / theirs["tokens"],
                   "met" if against[2] else "**not met**", ours["median_tokens"], theirs["median_tokens"],
                   "met" if all(against) else "**not met**"))
    if grep_row:
        ours, theirs = grep_row
        out.append("")
        out.append("`grep:\"card processor timeout\"` over the %.0f MiB log blob (fs store, `GET /v1/blobs/{id}/inspect`): %.3f s; "
                   "`grep -n` on the same file: %.3f s (median of 3 each); ratio %.2f, target ≤ 3: %s." % (
                       log.size / data.MIB, ours, theirs, ours / theirs, "met" if ours <= 3 * theirs else "**not met**"))
    return "\n".join(out) + "\n"


def repeat_report(rows, dataset):
    out = ["Repeats: %s (%s, %s) returned %d times in one conversation; input tokens summed over the %d turns' prompts, "
           "without a cache and with a prefix cache (cached tokens at %d%% of the price)." % (
               dataset.name, "%.1f MiB" % (dataset.size / data.MIB), dataset.origin, repeats.REPEATS, repeats.REPEATS,
               100 * repeats.CACHED_PRICE), ""]
    out.append("| strategy | tokens a result | distinct results | stored | input tokens, no cache | price with the prefix cache "
               "(full-price tokens) | tokens sent before that hit the cache, turns 2-%d | every prompt a prefix of the next |"
               % repeats.REPEATS)
    out.append("|---|---|---|---|---|---|---|---|")
    for name, texts, where, size, per, distinct, plain, cached, share, prefixes in rows:
        out.append("| %s | %d | %d | %s%s | %d | %.0f | %.1f%% | %s |" % (
            name, per, distinct, where, " · %.1f MiB" % (size / data.MIB) if size else "", plain, cached, 100 * share,
            "yes" if prefixes else "no"))
    name, texts, where, size, per, distinct, plain, cached, share, prefixes = rows[-1]
    met = where.startswith("1 blob file") and distinct == 1 and prefixes and share == 1
    out.append("")
    out.append("Target for Toolspill's repeats: the %d outputs are one stored blob (%s), its %d answers are byte-identical "
               "(%d distinct), and every earlier prompt is a byte-identical prefix of the next, so that the tokens sent before "
               "hit the cache on turns 2-%d (%.1f%%): %s." % (repeats.REPEATS, where, repeats.REPEATS, distinct, repeats.REPEATS,
                                                           100 * share, "met" if met else "**not met**"))
    return "\n".join(out) + "\n"


def write(results, big):
    """Replaces the results between the markers of the run's kind (200 MB or 1 GiB log) in BENCHMARKS.md."""
    start, end = MARKERS[big]
    path = os.path.join(ROOT, "src", "bench", "BENCHMARKS.md")
    with open(path, encoding="utf-8") as f:
        text = f.read()
    if start not in text or end not in text:
        raise SystemExit("BENCHMARKS.md has no %s ... %s markers: the context-economy section is missing" % (start, end))
    before, rest = text.split(start, 1)
    after = rest.split(end, 1)[1]
    with open(path, "w", encoding="utf-8") as f:
        f.write(before + start + "\n" + results + end + after)
    say("wrote the results into", path)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--big", action="store_true", help="a 1 GiB log instead of 200 MB")
    parser.add_argument("--no-write", action="store_true", help="print the results, leave BENCHMARKS.md alone")
    parser.add_argument("--keep", action="store_true", help="keep the temp dir (outputs, blobs, the service's log)")
    args = parser.parse_args()
    if not os.path.isfile(APP):
        raise SystemExit(APP + " is missing: build it (./mvnw -DskipTests package) or run without --no-build")
    base = os.environ.get("BENCH_TMPDIR") or tempfile.gettempdir()
    need = (4 if args.big else 1) << 30
    if shutil.disk_usage(base).free < need:
        raise SystemExit("%s has less than %d GiB free (set BENCH_TMPDIR)" % (base, need >> 30))
    work = tempfile.mkdtemp(prefix="toolspill-context.", dir=base)
    try:
        results = run(args, work)
    finally:
        if args.keep:
            say("kept", work)
        else:
            shutil.rmtree(work, ignore_errors=True)
    print(results)
    if not args.no_write:
        write(results, args.big)


if __name__ == "__main__":
    main()
