"""The strongest peer: an agent that gets a 2 KB preview and the path of the whole output saved to a file, and has
the tools coding agents give it on files: read by line offset and count (numbered lines, at most 2,000 lines a call,
each line cut at 2,000 characters), grep (line numbers, context lines, -o, -c, a match cap; GNU grep run on the file)
and jq (run on the file). Every answer is capped at 25,000 tokens and cut with a note, as those tools cap theirs.

Its choices are a competent agent's: it reads a line it is asked for directly (or off the preview), searches when it
has a needle, counts lines with grep -c, takes JSON values, counts, keys and entries by value with one jq filter, and
when a line is too long to read it greps the part it wants with -o. Like every strategy it answers only from what
its calls put into its context.
"""
import json
import re
import subprocess

import strategies
from strategies import Outcome, resolve_in, utf8_cut
from tasks import field, matcher, tokens

CAP_TOKENS = 25_000
READ_MAX = 2000
LINE_CAP = 2000
GREP_MAX_COUNT = 20
PIPE_LIMIT = 4 << 20  # what is read of a tool's stdout before the token cap (a capped answer is far shorter)


def preview_text(dataset, path):
    with open(dataset.path, "rb") as f:
        preview = utf8_cut(f.read(2048), 2048)
    return "Output too large (%d bytes). Full output saved to: %s\nPreview (first 2 KB):\n%s" % (dataset.size, path, preview), preview


class Tools:
    """The peer's tools on one saved output; each returns the text its tool result puts into the context."""

    def __init__(self, dataset, saved, tokenizer):
        self.path = dataset.path
        self.saved = saved
        self.tokenizer = tokenizer

    def capped(self, text):
        total = self.tokenizer.count(text)
        if total <= CAP_TOKENS:
            return text
        return self.tokenizer.clip(text, CAP_TOKENS) + "[output truncated: %d tokens, the limit is %d; narrow the call]\n" % (
            total, CAP_TOKENS)

    def read(self, offset, limit=READ_MAX):
        return self.capped(self.saved.read(offset, min(limit, READ_MAX)))

    def run(self, argv):
        with subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE) as process:
            out = process.stdout.read(PIPE_LIMIT)
            more = process.stdout.read(1) != b""
            process.kill()
            err = process.stderr.read()
        text = out.decode("utf-8", errors="replace")
        lines = [line if len(line) <= LINE_CAP else line[:LINE_CAP] + " [line cut at %d characters]" % LINE_CAP
                 for line in text.split("\n")]
        return self.capped("\n".join(lines) + ("\n[output cut]\n" if more else "") + err.decode("utf-8", errors="replace"))

    def grep(self, pattern, mode="literal", context=0, only=False, count=False, max_count=GREP_MAX_COUNT):
        argv = ["grep", "-n", {"literal": "-F", "icase": "-Fi", "regex": "-P"}[mode]]
        if count:
            argv = ["grep", "-c", {"literal": "-F", "icase": "-Fi", "regex": "-P"}[mode]]
        else:
            argv += ["-m", str(max_count)] + (["-C", str(context)] if context else []) + (["-o"] if only else [])
        return self.run(argv + ["-e", pattern, "--", self.path])

    def jq(self, program):
        return self.run(["jq", "-c", program, self.path])


def jq_path(pointer):
    """A JSON pointer as a jq path as one would write it (.results[41234].address.city, .["eu-west-1"]): digits index
    an array (the questions say which parts are arrays), else keys."""
    path = "".join("[%s]" % t if t.isdigit() else "." + t if re.fullmatch(r"[A-Za-z_]\w*", t) else "[%s]" % json.dumps(t)
                   for t in tokens(pointer))
    return path if path.startswith(".") else "." + path


def bare(regex):
    """A field's regular expression without its group: what grep -o should print."""
    return regex.replace("(", "").replace(")", "")


def loads(text):
    try:
        return json.loads(text)
    except ValueError:
        return None


def hits(text):
    """(line number, line) of grep -n output lines that are matches (context lines have '-' after the number)."""
    return [(int(m.group(1)), m.group(2)) for m in re.finditer(r"^(\d+):(.*)$", text, re.M)]


def peer(task, dataset, tools, path):
    out = Outcome()
    text, preview = preview_text(dataset, path)
    out.add(text, "preview")
    lines = preview.split("\n")
    known = dict(enumerate(lines[:-1] if dataset.size > 2048 else lines, 1))

    def call(step, text):
        return out.add(text, step)

    kind = task.kind
    if kind == "long_line":
        # the question says the line is very long: grep -o the part it names, and take the hit on that line
        for n, part in hits(call("grep -n -o", tools.grep(bare(task.field), "regex", only=True))):
            if n == task.line:
                out.answer = field(task.field, part)
        if out.answer is not None:
            return out
    if kind in ("line", "long_line"):
        line = known.get(task.line)
        if line is None:
            text = call("read %d+1" % task.line, tools.read(task.line, 1))
            line = text.split("\t", 1)[1].rstrip("\n") if "\t" in text else ""
        out.answer = field(task.field, line)
    elif kind == "column":
        out.answer = known[1].split(",")[task.index] if 1 in known else None
    elif kind in ("last_line", "line_count"):
        total = int(call("grep -c ''", tools.grep("", count=True)).split("\n")[0])
        if kind == "line_count":
            out.answer = total - task.minus
        else:
            text = call("read %d+1" % total, tools.read(total, 1))
            out.answer = field(task.field, text.split("\t", 1)[1]) if "\t" in text else None
    elif kind == "search":
        match = matcher(task.pattern, task.mode)
        found = [line for _, line in hits(call("grep -n", tools.grep(task.pattern, task.mode))) if match(line)]
        out.answer = field(task.field, found[0]) if found else None
    else:
        # a value the preview already shows (from the document's start, as jsonwindow reads it) needs no call
        out.answer = strategies.answer_in_view(task, preview) if task.kind != "json_last" else None
        if out.answer is None:
            out.answer = json_task(task, tools, call)
    return out


def json_task(task, tools, call):
    kind = task.kind
    if kind == "json_at":
        program = jq_path(task.pointer)
        return loads(call("jq " + program, tools.jq(program)))
    if kind == "json_count":
        program = (jq_path(task.pointer) if task.pointer else ".") + " | length"
        return loads(call("jq " + program, tools.jq(program)))
    if kind == "json_fields":
        program = jq_path(task.pointer) + " | keys_unsorted"
        return loads(call("jq " + program, tools.jq(program)))
    if kind == "json_last":
        if task.pointer == "":
            program = ".[-1]" + jq_path(task.answer)
        else:
            program = jq_path(task.pointer) + " | keys_unsorted | last"
        return loads(call("jq " + program, tools.jq(program)))
    if kind == "json_find":
        program = "map(select(.%s == %s))" % (task.key, json.dumps(task.value))
        found = loads(call("jq " + program, tools.jq(program)))
        return resolve_in(found[0], task.answer) if isinstance(found, list) and len(found) == 1 else None
    return None
