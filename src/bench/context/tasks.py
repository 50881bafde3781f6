"""The needle tasks: a question about one output whose answer is a line, a field or an element, and that answer
computed here, independently of every strategy (a plain pass over the file's lines, or Python's json module).

A task's parameters are what its question says (a line number, a search term, a JSON path written as a pointer, a
field to read off the line found): the strategies' model logic may use them, never the expected answer.
"""
import json
import re


class Task:
    def __init__(self, tid, dataset, question, kind, **params):
        self.id = tid
        self.dataset = dataset
        self.question = question
        self.kind = kind
        self.params = params
        self.expected = None

    def __getattr__(self, name):
        try:
            return self.__dict__["params"][name]
        except KeyError:
            raise AttributeError(name) from None


REQ = r"req=(\w+)"


def tasks(facts):
    """The task list; facts are what the log generator planted where (line numbers depend on the log's size)."""
    log = facts["log"]
    n = log["lines"]
    lg = log["name"]
    t = [
        # a service log (generated): lines by number, the ends, the count, and needles found only by searching
        Task("log-1", lg, "Line 7 of the log: which request id?", "line", line=7, field=REQ),
        Task("log-2", lg, "Line %d of the log: which status?" % (n // 2), "line", line=n // 2, field=r"status=(\d+)"),
        Task("log-3", lg, "Line %d of the log: which request id?" % (n - 12345), "line", line=n - 12345, field=REQ),
        Task("log-4", lg, "The last line of the log: which request id?", "last_line", field=REQ),
        Task("log-5", lg, "How many lines does the log have?", "line_count", minus=0),
        Task("log-6", lg, "The line that says 'card processor timeout': which request id?", "search",
             pattern="card processor timeout", mode="literal", field=REQ),
        Task("log-7", lg, "The request answered 5xx after more than 9 s (ms=9xxx): which request id?", "search",
             pattern=r"status=5\d\d bytes=\d+ ms=9\d{3}\b", mode="regex", field=REQ),
        Task("log-8", lg, "Which service logged an OutOfMemoryError (any case)?", "search",
             pattern="outofmemoryerror", mode="icase", field=r"\[([\w-]+)\]"),
        Task("log-9", lg, "Line %d is a payload dump (one very long line): which sha256 checksum does it end with?" % log["long"],
             "long_line", line=log["long"], field=r"checksum=sha256:([0-9a-f]{64})"),
        Task("log-10", lg, "Line 3 of the log: at what time was it logged?", "line", line=3, field=r"^(\S+)"),
        # a CSV export (generated)
        Task("csv-1", "orders-csv", "Data row 250000 of the CSV (line 250001): which city?", "line", line=250_001,
             field=r"^(?:[^,]*,){5}([^,]*),"),
        Task("csv-2", "orders-csv", "The name of the CSV's 9th column?", "column", index=8),
        Task("csv-3", "orders-csv", "The last row of the CSV: which order id?", "last_line", field=r"^([^,]+),"),
        Task("csv-4", "orders-csv", "How many data rows (lines less the header) has the CSV?", "line_count", minus=1),
        Task("csv-5", "orders-csv", "The order %s: what amount?" % facts["order_id"], "search", pattern=facts["order_id"] + ",",
             mode="literal", field=r"^(?:[^,]*,){9}([^,]*),"),
        Task("csv-6", "orders-csv", "Data row 17 (line 18): which customer?", "line", line=18, field=r"^(?:[^,]*,){2}([^,]*),"),
        # a pretty-printed API answer (generated)
        Task("api-1", "users-json", "results[41234].address.city?", "json_at", pointer="/results/41234/address/city"),
        Task("api-2", "users-json", "results[59999].orders[0].total?", "json_at", pointer="/results/59999/orders/0/total"),
        Task("api-3", "users-json", "meta.request_id?", "json_at", pointer="/meta/request_id"),
        Task("api-4", "users-json", "next_cursor (the last key)?", "json_at", pointer="/next_cursor", at_end=True),
        Task("api-5", "users-json", "How many results?", "json_count", pointer="/results"),
        Task("api-6", "users-json", "results[12345].tags?", "json_at", pointer="/results/12345/tags"),
        Task("api-7", "users-json", "Which fields has a result (results[0])?", "json_fields", pointer="/results/0"),
        # a minified JSON array on one line (generated)
        Task("min-1", "catalog-min", "Entry 180000 of the catalog: which price?", "json_at", pointer="/180000/price"),
        Task("min-2", "catalog-min", "The entry with sku %s: which warehouse city?" % facts["sku"], "json_find",
             key="sku", value=facts["sku"], answer="/warehouse/city"),
        Task("min-3", "catalog-min", "How many entries has the catalog?", "json_count", pointer=""),
        Task("min-4", "catalog-min", "The last entry of the catalog: which sku?", "json_last", pointer="", answer="/sku"),
        Task("min-5", "catalog-min", "Which fields has a catalog entry (entry 0)?", "json_fields", pointer="/0"),
        Task("min-6", "catalog-min", "Entry 99999: which warehouse id?", "json_at", pointer="/99999/warehouse/id"),
        # botocore's EC2 model (real, 2.8 MB)
        Task("ec2-1", "ec2-model", "EC2 API version (metadata.apiVersion)?", "json_at", pointer="/metadata/apiVersion"),
        Task("ec2-2", "ec2-model", "Output shape of operation RunInstances?", "json_at", pointer="/operations/RunInstances/output/shape"),
        Task("ec2-3", "ec2-model", "The 100th value of the InstanceType enum?", "json_at", pointer="/shapes/InstanceType/enum/99"),
        Task("ec2-4", "ec2-model", "How many operations has the EC2 model?", "json_count", pointer="/operations"),
        Task("ec2-5", "ec2-model", "locationName of member CidrBlock of shape Vpc?", "json_at",
             pointer="/shapes/Vpc/members/CidrBlock/locationName"),
        Task("ec2-6", "ec2-model", "The name of the last operation?", "json_last", pointer="/operations", answer=None),
        Task("ec2-7", "ec2-model", "locationName of member Instances of shape Reservation?", "json_at",
             pointer="/shapes/Reservation/members/Instances/locationName"),
        # botocore's S3 model and endpoints (real)
        Task("s3-1", "s3-model", "requestUri of operation PutObject?", "json_at", pointer="/operations/PutObject/http/requestUri"),
        Task("s3-2", "s3-model", "locationName of member ContentMD5 of shape PutObjectRequest?", "json_at",
             pointer="/shapes/PutObjectRequest/members/ContentMD5/locationName"),
        Task("s3-3", "s3-model", "The S3 API's protocol (metadata.protocol)?", "json_at", pointer="/metadata/protocol"),
        Task("ep-1", "endpoints", "Description of region eu-west-1 in partition 0?", "json_at",
             pointer="/partitions/0/regions/eu-west-1/description"),
        Task("ep-2", "endpoints", "The name of partition 1?", "json_at", pointer="/partitions/1/partition"),
        Task("ep-3", "endpoints", "How many partitions?", "json_count", pointer="/partitions"),
        Task("ep-4", "endpoints", "Hostname of s3 in us-east-1 (partition 0)?", "json_at",
             pointer="/partitions/0/services/s3/endpoints/us-east-1/hostname"),
        Task("ep-5", "endpoints", "The file's version (its last key)?", "json_at", pointer="/version", at_end=True),
    ]
    return t


def tokens(pointer):
    return [] if pointer == "" else [s.replace("~1", "/").replace("~0", "~") for s in pointer[1:].split("/")]


def resolve(value, pointer):
    for token in tokens(pointer):
        value = value[int(token)] if isinstance(value, list) else value[token]
    return value


def pick_needles(datasets):
    """Search terms taken from the generated outputs with a fixed rule (a row and an entry far from both ends)."""
    orders = datasets["orders-csv"].path
    with open(orders, encoding="utf-8") as f:
        for i, line in enumerate(f):
            if i == 311_111:
                order_id = line.split(",", 1)[0]
                break
    with open(datasets["catalog-min"].path, encoding="utf-8") as f:
        sku = json.load(f)[163_840]["sku"]
    return {"order_id": order_id, "sku": sku}


def expect(task_list, datasets):
    """Fills each task's expected answer from the file itself: one pass over a text's lines, json.load for JSON."""
    by_dataset = {}
    for task in task_list:
        by_dataset.setdefault(task.dataset, []).append(task)
    for name, group in by_dataset.items():
        path = datasets[name].path
        if datasets[name].content_type == "application/json":
            with open(path, encoding="utf-8") as f:
                doc = json.load(f)
            for task in group:
                task.expected = json_answer(task, doc)
        else:
            text_answers(group, path)
        for task in group:
            if task.expected is None:
                raise SystemExit("task %s has no answer in %s: the task list does not fit this data" % (task.id, path))


def json_answer(task, doc):
    if task.kind == "json_at":
        return resolve(doc, task.pointer)
    if task.kind == "json_count":
        return len(resolve(doc, task.pointer))
    if task.kind == "json_fields":
        return list(resolve(doc, task.pointer).keys())
    if task.kind == "json_last":
        container = resolve(doc, task.pointer)
        return list(container.keys())[-1] if isinstance(container, dict) else resolve(container[-1], task.answer)
    if task.kind == "json_find":
        found = [e for e in doc if e.get(task.key) == task.value]
        return resolve(found[0], task.answer) if len(found) == 1 else None
    raise ValueError(task.kind)


def matcher(pattern, mode):
    if mode == "literal":
        return lambda line: pattern in line
    flags = re.IGNORECASE if mode == "icase" else 0
    compiled = re.compile(pattern if mode == "regex" else re.escape(pattern), flags)
    return lambda line: compiled.search(line) is not None


def field(regex, line):
    m = re.search(regex, line)
    return m.group(1) if m else None


def text_answers(group, path):
    wanted = {task.line for task in group if task.kind in ("line", "long_line")}
    searches = [(task, matcher(task.pattern, task.mode)) for task in group if task.kind == "search"]
    found = {task.id: [] for task, _ in searches}
    lines = {}
    count = 0
    last = first = None
    with open(path, encoding="utf-8", newline="") as f:
        for count, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if count == 1:
                first = line
            if count in wanted:
                lines[count] = line
            for task, match in searches:
                if match(line):
                    found[task.id].append(line)
            last = line
    for task in group:
        if task.kind in ("line", "long_line"):
            task.expected = field(task.field, lines[task.line])
        elif task.kind == "last_line":
            task.expected = field(task.field, last)
        elif task.kind == "line_count":
            task.expected = count - task.minus
        elif task.kind == "column":
            task.expected = first.split(",")[task.index]
        elif task.kind == "search":
            hits = found[task.id]
            task.expected = field(task.field, hits[0]) if len(hits) == 1 else None  # a needle is found exactly once
