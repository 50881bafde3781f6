"""Three ways an agent gets at a needle in a large tool output. Each answers from what is in its context only: the
truncated output, the preview and the pages it read, or Toolspill's summary and the inspect answers it asked for.
The model logic may use the task's question (a line number, a search term, a path, a field to read off a line);
it never sees the expected answer or the file beyond what its calls return.

A call is one tool call, the one that produced the output included; bytes and tokens are what the tool results put
into the context (UTF-8; o200k_base tokens, counted in bench.py), the calls' own arguments left out. The fourth
strategy, the strongest peer (a saved file with read, grep and jq), is in peer.py.
"""
import json
import re

import jsonwindow
from tasks import field, matcher, tokens

KIB = 1024


class Outcome:
    def __init__(self):
        self.answer = None
        self.calls = 0
        self.bytes = 0
        self.steps = []  # what was asked, for the report
        self.texts = []  # the tool results as they went into the context, for the token counts

    def add(self, text, step=None):
        self.calls += 1
        self.bytes += len(text.encode("utf-8"))
        self.texts.append(text)
        if step:
            self.steps.append(step)
        return text


def utf8_cut(data, n, from_end=False):
    """At most n bytes of data (bytes) from one end, cut on a character boundary, as text."""
    if from_end:
        part = data[-n:] if len(data) > n else data
        while part and (part[0] & 0xC0) == 0x80:
            part = part[1:]
    else:
        part = data[:n]
        while part and len(part) < len(data) and (data[len(part)] & 0xC0) == 0x80:
            part = part[:-1]
    return part.decode("utf-8")


# ------------------------------------------------------------------ 1. truncation to 10 KiB head and tail

def truncation(task, dataset):
    """The output as many coding agents keep it: its first and last 10 KiB around a marker of what was dropped."""
    out = Outcome()
    text, head, tail = truncated(dataset)
    out.add(text, "head+tail")
    head_lines = head.split("\n")[:-1] if tail else head.split("\n")  # the last line of the head may be cut
    tail_lines = tail.split("\n")[1:] if tail else []  # the first line of the tail may be cut
    out.answer = read_off(task, head, tail, head_lines, tail_lines)
    return out


def truncated(dataset):
    """The tool result (head, marker, tail), the head and the tail."""
    size = dataset.size
    with open(dataset.path, "rb") as f:
        if size <= 20 * KIB:
            head, tail = f.read().decode("utf-8"), ""
        else:
            head = utf8_cut(f.read(10 * KIB), 10 * KIB)
            f.seek(size - 10 * KIB)
            tail = utf8_cut(f.read(), 10 * KIB, from_end=True)
    dropped = size - len(head.encode()) - len(tail.encode())
    return head + ("\n[... %d bytes truncated ...]\n" % dropped if tail else "") + tail, head, tail


def read_off(task, head, tail, head_lines, tail_lines):
    """What a reader of the head (whose line numbers it knows) and the tail (whose it does not) can answer."""
    kind = task.kind
    if kind in ("line", "long_line"):
        return field(task.field, head_lines[task.line - 1]) if task.line <= len(head_lines) else None
    if kind == "last_line":
        lines = [line for line in (tail_lines or head_lines) if line != ""]
        return field(task.field, lines[-1]) if lines else None
    if kind == "column":
        return head_lines[0].split(",")[task.index] if head_lines else None
    if kind == "search":
        match = matcher(task.pattern, task.mode)
        hits = [line for line in head_lines + tail_lines if match(line)]
        return field(task.field, hits[0]) if hits else None
    if kind == "line_count":
        return None  # the marker counts bytes, not lines
    return read_json(task, head, tail)


def read_json(task, head, tail):
    path = tokens(task.pointer) if "pointer" in task.params else []
    kind = task.kind
    if kind == "json_at":
        found = jsonwindow.value_at(head, path)
        return found if found is not None else jsonwindow.by_keys(tail, path) if tail else None
    if kind == "json_count":
        return jsonwindow.count_at(head, path)
    if kind == "json_fields":
        found = jsonwindow.value_at(head, path)
        return list(found.keys()) if isinstance(found, dict) else None
    if kind == "json_last":
        if path == [] and tail:
            last = jsonwindow.last_element_of_tail(tail)
            return resolve_in(last, task.answer)
        found = jsonwindow.last_at(head, path)
        return found if task.answer is None else resolve_in(found, task.answer)
    if kind == "json_find":
        for window in (head, tail):
            found = jsonwindow.object_with(window, task.key, task.value)
            if found is not None:
                return resolve_in(found, task.answer)
    return None


def resolve_in(value, pointer):
    try:
        for token in tokens(pointer):
            value = value[int(token)] if isinstance(value, list) else value[token]
        return value
    except (KeyError, IndexError, TypeError, ValueError):
        return None


# ------------------------------------------------------------------ 2. a 2 KB preview and reads by line

class SavedFile:
    """The tool that reads a saved output by line offset and count, as agents' file readers do: numbered lines,
    each cut at 2000 characters; an offset past the end says how many lines the file has."""

    LINE_CAP = 2000

    def __init__(self, path):
        self.path = path
        self.starts = [0]  # byte offset of every 1024th line
        self.lines = 0
        with open(path, "rb") as f:
            pos = 0
            for line in f:
                self.lines += 1
                pos += len(line)
                if self.lines % 1024 == 0:
                    self.starts.append(pos)

    def read(self, offset, limit):
        if offset > self.lines:
            return "<the file has %d lines; offset %d is past its end>\n" % (self.lines, offset)
        out = []
        with open(self.path, "rb") as f:
            f.seek(self.starts[(offset - 1) // 1024])
            n = (offset - 1) // 1024 * 1024
            for raw in f:
                n += 1
                if n < offset:
                    continue
                if n >= offset + limit:
                    break
                line = raw.decode("utf-8").rstrip("\n")
                if len(line) > self.LINE_CAP:
                    line = line[:self.LINE_CAP] + " [line cut at %d characters]" % self.LINE_CAP
                out.append("%6d\t%s\n" % (n, line))
        return "".join(out)


PAGE = 200
MAX_READS = 20


def paging(task, dataset, saved):
    """A 2 KB preview in context, the whole output in a file; then reads of PAGE lines until the answer is in view,
    at most MAX_READS reads. Lines the model has read it knows by number."""
    out = Outcome()
    with open(dataset.path, "rb") as f:
        preview = utf8_cut(f.read(2048), 2048)
    out.add("Output too large (%d bytes). Full output saved to: %s\nPreview (first 2 KB):\n%s" % (dataset.size, dataset.path, preview),
            "preview")
    known = {}  # line number -> text as read
    preview_lines = preview.split("\n")
    for n, line in enumerate(preview_lines[:-1] if dataset.size > 2048 else preview_lines, 1):
        known[n] = line

    def read(offset, limit):
        text = out.add(saved.read(offset, limit), "read %d+%d" % (offset, limit))
        for row in text.splitlines():
            number, _, line = row.partition("\t")
            if number.strip().isdigit():
                known[int(number)] = line
        m = re.match(r"<the file has (\d+) lines", text)
        return int(m.group(1)) if m else None

    def from_start():
        """The lines read from line 1 on, as one text (what the model has of the document's start)."""
        lines = []
        while len(lines) + 1 in known:
            lines.append(known[len(lines) + 1])
        return "\n".join(lines)

    kind = task.kind
    if kind in ("line", "long_line"):
        if task.line not in known:
            read(task.line, 1)
        out.answer = field(task.field, known.get(task.line, ""))
    elif kind == "column":
        out.answer = known[1].split(",")[task.index] if 1 in known else None
    elif kind in ("last_line", "line_count"):
        total = read(10 ** 12, 1)
        if kind == "line_count":
            out.answer = total - task.minus
        else:
            read(total, 1)
            out.answer = field(task.field, known.get(total, ""))
    elif kind == "json_at" and task.params.get("at_end"):
        # the question says the key is the document's last: read the end
        total = read(10 ** 12, 1)
        read(max(1, total - PAGE + 1), PAGE)
        tail = "\n".join(known[n] for n in sorted(known) if n > total - PAGE)
        out.answer = jsonwindow.by_keys(tail, tokens(task.pointer))
    elif kind == "json_last" and task.pointer == "":
        total = read(10 ** 12, 1)
        read(max(1, total - PAGE + 1), PAGE)
        tail = "\n".join(known[n] for n in sorted(known) if n > total - PAGE)
        out.answer = resolve_in(jsonwindow.last_element_of_tail(tail), task.answer)
    else:
        # everything else: read on from the start until the answer is in view
        while True:
            out.answer = answer_in_view(task, from_start())
            if out.answer is not None or out.calls > MAX_READS or len(known) >= saved.lines:
                break
            read(len(from_start().split("\n")) + 1 if known else 1, PAGE)
    return out


def answer_in_view(task, text):
    if task.kind == "search":
        match = matcher(task.pattern, task.mode)
        hits = [line for line in text.split("\n") if match(line)]
        return field(task.field, hits[0]) if hits else None
    return read_json(task, text, "")


# ------------------------------------------------------------------ 3. Toolspill: the summary, then inspect

GREP_READS = 1
FALLBACK_READS = 8


def toolspill(task, item, client):
    """The summary is the tool result; then inspect selectors, chosen from the question and what came back."""
    out = Outcome()
    summary = out.add(item["output"], "summary")
    blob = item["blob"]["id"]
    head, tail = summary_parts(summary)

    def inspect(selector):
        result = client.inspect(blob, selector)
        out.add(result["output"], selector or "(no selector: the head)")
        return result

    kind = task.kind
    if kind == "long_line":
        # the question says the line is very long: the head names the longest line and its bytes; read its end
        m = re.search(r"^line (\d+), \d+ bytes: \S+ or bytes:(\d+)\.\.(\d+)$", inspect(None)["output"], re.M)
        if m and int(m.group(1)) == task.line:
            start, end = int(m.group(2)), int(m.group(3))
            out.answer = field(task.field, cut_content(inspect("bytes:%d..%d" % (max(start, end - 1024), end))))
            return out
    if kind in ("line", "long_line"):
        first = inspect("lines:%d-%d" % (task.line, task.line))
        text = cut_content(first)
        found = field(task.field, text)
        if found is None and first.get("next", "").startswith("bytes:"):
            # one line longer than the limit: its end is where the next part's byte range ends
            m = re.match(r"bytes:(\d+)\.\.(\d+)", first["next"])
            start, end = int(m.group(1)), int(m.group(2))
            found = field(task.field, cut_content(inspect("bytes:%d..%d" % (max(start, end - 1024), end))))
        out.answer = found
    elif kind == "last_line":
        out.answer = field(task.field, tail[-1]) if tail and not tail[-1].endswith("…") else None
        if out.answer is None:
            n = int(re.search(r"\| (\d+) lines", summary).group(1))
            out.answer = field(task.field, cut_content(inspect("lines:%d-%d" % (n, n))))
    elif kind == "line_count":
        out.answer = int(re.search(r"\| (\d+) lines", summary).group(1)) - task.minus
    elif kind == "column":
        first = head[0] if head and not head[0].endswith("…") else cut_content(inspect("lines:1-1"))  # "…": clipped
        parts = first.split(",")
        out.answer = parts[task.index] if len(parts) > task.index else None
    elif kind == "search":
        out.answer = search(task, inspect, client.grep)
    elif kind == "json_at":
        out.answer = loads(cut_content(inspect("path:" + task.pointer)))
    elif kind == "json_count":
        out.answer = count_from_summary(summary, task.pointer)
    elif kind == "json_fields":
        out.answer = fields_from_summary(summary) if task.pointer == "/0" else None
        if out.answer is None:
            value = loads(cut_content(inspect("path:" + task.pointer)))
            out.answer = list(value.keys()) if isinstance(value, dict) else None
    elif kind == "json_last":
        n = count_from_summary(summary, task.pointer)
        if task.pointer == "":
            page = loads(cut_content(inspect("slice:%d..%d" % (n - 1, n))))
            out.answer = resolve_in(page[0], task.answer) if page else None
        else:
            text = cut_content(inspect("path:%s keys:%d..%d" % (task.pointer, n - 1, n)))
            m = re.match(r'\{\s*("(?:[^"\\]|\\.)*")', text)
            out.answer = json.loads(m.group(1)) if m else None
    elif kind == "json_find":
        out.answer = find_entry(task, inspect, client.grep)
    return out


def cut_content(result):
    """An answer less the marker line a cut or a continuation ends with."""
    text = result["output"]
    if result.get("truncated") or result.get("next"):
        k = text.rfind("\n[")
        return text[:k] if k >= 0 else text
    return text


def loads(text):
    try:
        return json.loads(text)
    except ValueError:
        return None


def summary_parts(summary):
    """The head and tail lines a text summary shows (empty for JSON summaries)."""
    head, tail, part = [], [], None
    for line in summary.split("\n")[1:]:
        if line == "── head ──":
            part = head
        elif line == "── tail ──":
            part = tail
        elif part is not None and not line.startswith("… "):
            part.append(line)
    return head, tail


def count_from_summary(summary, pointer):
    if pointer == "":
        return int(re.search(r"\| (\d+) (?:entries|keys)", summary).group(1))
    m = re.search(r"^%s: (?:array\[|object\{)(\d+)" % re.escape(tokens(pointer)[0]), summary, re.M)
    return int(m.group(1)) if m and len(tokens(pointer)) == 1 else None


def fields_from_summary(summary):
    lines = summary.split("\n")
    if "── schema ──" not in lines:
        return None
    schema = lines[lines.index("── schema ──") + 1]
    if "…" in schema:
        return None  # clipped: read an entry instead
    return [part.split(": ")[0] for part in schema.split(", ")]


def grep_selector(pattern, mode):
    if mode == "regex":
        return "grep:/%s/" % pattern
    return "grep:%s%s" % (json.dumps(pattern, ensure_ascii=False), "i" if mode == "icase" else "")


def search(task, inspect, grep):
    """grep: when the service offers it; else page through lines: from the start (what is left without search)."""
    match = matcher(task.pattern, task.mode)
    if grep:
        result = inspect(grep_selector(task.pattern, task.mode) + " max:1")
        for row in cut_content(result).split("\n"):
            m = re.match(r"(\d+): ?(.*)", row)
            if m and match(m.group(2)):
                return field(task.field, m.group(2))
        return None
    selector = "lines:1-"
    for _ in range(FALLBACK_READS):
        result = inspect(selector)
        hits = [line for line in cut_content(result).split("\n") if match(line)]
        if hits:
            return field(task.field, hits[0])
        selector = result.get("next")
        if not selector:
            return None
    return None


def find_entry(task, inspect, grep):
    """An array entry by a value it holds: grep: over the entries, else pages of slice: from the start."""
    if grep:
        result = inspect(grep_selector(task.value, "literal") + " max:1")
        for row in cut_content(result).split("\n"):
            m = re.match(r"(\d+): ?(.*)", row)
            entry = loads(m.group(2)) if m else None
            if isinstance(entry, dict) and entry.get(task.key) == task.value:
                return resolve_in(entry, task.answer)
        return None
    selector = "slice:0.."
    for _ in range(FALLBACK_READS):
        result = inspect(selector)
        found = jsonwindow.object_with(cut_content(result), task.key, task.value)
        if found is not None:
            return resolve_in(found, task.answer)
        selector = result.get("next")
        if not selector:
            return None
    return None
