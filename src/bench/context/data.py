"""The outputs the needle tasks search: real files from a Debian package, and outputs generated with fixed seeds.

Real: botocore's service models and endpoints, as Debian's awscli ships them (found installed, or fetched with
`apt-get download awscli` and unpacked with `dpkg-deb -x`, no root needed). Generated (same bytes on every run):
a service log (200 MB, or 1 GiB with --big) with a few planted needles and one 400 KB line, a CSV export, a large
pretty-printed API answer and a minified JSON catalog, all with multi-byte characters.
"""
import base64
import glob
import hashlib
import json
import os
import random
import subprocess

BOTOCORE_INSTALLED = "/usr/lib/python3/dist-packages/awscli/botocore/data"
MIB = 1 << 20


class Dataset:
    """One output: a file, how a tool would send it (text or JSON), and where it came from."""

    def __init__(self, name, path, content_type, origin, facts=None):
        self.name = name
        self.path = path
        self.content_type = content_type
        self.origin = origin
        self.facts = facts or {}  # what the generator planted where (line numbers for the questions)

    @property
    def size(self):
        return os.path.getsize(self.path)


def botocore_dir(work):
    """botocore's data directory: the installed awscli's, else the awscli package fetched and unpacked into work."""
    if os.path.isdir(BOTOCORE_INSTALLED):
        version = subprocess.run(["dpkg-query", "-W", "-f=${Version}", "awscli"], capture_output=True, text=True).stdout
        return BOTOCORE_INSTALLED, "Debian awscli " + (version or "?") + " (installed)"
    deb_dir = os.path.join(work, "deb")
    os.makedirs(deb_dir, exist_ok=True)
    subprocess.run(["apt-get", "download", "awscli"], cwd=deb_dir, check=True, stdout=subprocess.DEVNULL)
    deb = glob.glob(os.path.join(deb_dir, "awscli_*.deb"))[0]
    subprocess.run(["dpkg-deb", "-x", deb, os.path.join(deb_dir, "root")], check=True)
    return os.path.join(deb_dir, "root", BOTOCORE_INSTALLED.lstrip("/")), "Debian " + os.path.basename(deb) + " (apt-get download)"


def real(work):
    data, origin = botocore_dir(work)
    model = lambda service: glob.glob(os.path.join(data, service, "*", "service-2.json"))[0]
    return [
        Dataset("ec2-model", model("ec2"), "application/json", origin + ": botocore ec2 service-2.json"),
        Dataset("s3-model", model("s3"), "application/json", origin + ": botocore s3 service-2.json"),
        Dataset("endpoints", os.path.join(data, "endpoints.json"), "application/json", origin + ": botocore endpoints.json"),
    ]


SERVICES = ["api-1", "api-2", "api-3", "auth-1", "billing-1", "billing-2", "search-1", "search-2", "cart-1"]
PATHS = ["/v1/items/{}", "/v1/users/{}", "/v1/orders/{}", "/v1/search?q=café+{}", "/v1/carts/{}", "/v1/search?q=Müller+{}"]
METHODS = ["GET"] * 6 + ["POST", "PUT", "DELETE"]


def log(work, target_bytes):
    """A service log of about target_bytes: one request per line, with four needles and one 400 KB line."""
    path = os.path.join(work, "service-%dm.log" % (target_bytes // MIB))
    rng = random.Random(20261130)
    lines = target_bytes // 112  # the mean line is about 112 bytes
    planted = {int(lines * 0.33): "regex", int(lines * 0.45): "long", int(lines * 0.61): "literal", int(lines * 0.88): "icase"}
    facts = {}
    with open(path, "w", encoding="utf-8", newline="\n") as out:
        batch = []
        for i in range(lines):
            t = i * 37  # ms since 2026-11-01T00:00:00Z
            day, rest = divmod(t, 86_400_000)
            stamp = "2026-11-%02dT%02d:%02d:%02d.%03dZ" % (1 + day, rest // 3_600_000, rest // 60_000 % 60, rest // 1000 % 60, rest % 1000)
            req = "%012x" % rng.getrandbits(48)
            svc = rng.choice(SERVICES)
            kind = planted.get(i)
            if kind == "regex":
                line = "%s ERROR [checkout-1] req=%s POST /v1/checkout status=504 bytes=0 ms=9731" % (stamp, req)
            elif kind == "long":
                payload = base64.b64encode(rng.randbytes(300_000)).decode()
                digest = hashlib.sha256(payload.encode()).hexdigest()
                line = "%s DEBUG [dump-1] req=%s payload=%s checksum=sha256:%s" % (stamp, req, payload, digest)
            elif kind == "literal":
                line = '%s ERROR [billing-2] req=%s POST /v1/charges status=502 bytes=0 ms=1200 msg="card processor timeout"' % (stamp, req)
            elif kind == "icase":
                line = "%s FATAL [search-2] req=%s java.lang.OutOfMemoryError: Java heap space" % (stamp, req)
            else:
                roll = rng.random()
                level = "INFO" if roll < 0.93 else "DEBUG" if roll < 0.97 else "WARN" if roll < 0.995 else "ERROR"
                status = 200 if level in ("INFO", "DEBUG") else rng.choice([404, 429]) if level == "WARN" else rng.choice([500, 502, 503])
                line = "%s %-5s [%s] req=%s %s %s status=%d bytes=%d ms=%d" % (
                    stamp, level, svc, req, rng.choice(METHODS), rng.choice(PATHS).format(rng.randrange(1, 99999)), status,
                    rng.randrange(0, 65536), rng.randrange(1, 3000))
                if level == "ERROR":
                    line += ' msg="%s"' % rng.choice(["upstream timeout", "connection reset", "pool exhausted"])
            if kind:
                facts[kind] = i + 1
            batch.append(line)
            if len(batch) == 10_000:
                out.write("\n".join(batch) + "\n")
                batch = []
        out.write("\n".join(batch) + "\n" if batch else "")
    facts["lines"] = lines
    return Dataset("log-%dm" % (target_bytes // MIB), path, "text/plain", "generated, seed 20261130", facts)


FIRST = ["José", "Zoë", "Anna", "Łukasz", "Mei", "Olu", "Søren", "Priya", "Ахмед", "Chloé", "Jürgen", "Sakura"]
LAST = ["García", "Müller", "Nakamura", "Okafor", "Dubois", "Kowalski", "Ivanova", "Smith", "Rossi", "李"]
CITIES = [("DE", "Köln"), ("FR", "Besançon"), ("JP", "東京"), ("NG", "Lagos"), ("PL", "Łódź"), ("US", "Boise"), ("BR", "São Paulo")]


def orders_csv(work):
    """An export of 400,000 orders with a header; order ids are random, so an id says nothing of its row."""
    path = os.path.join(work, "orders.csv")
    rng = random.Random(7)
    rows = 400_000
    with open(path, "w", encoding="utf-8", newline="\n") as out:
        out.write("order_id,created_at,customer,email,country,city,sku,qty,unit_price,amount,status\n")
        batch = []
        for i in range(rows):
            first, last = rng.choice(FIRST), rng.choice(LAST)
            country, city = rng.choice(CITIES)
            qty, price = rng.randrange(1, 20), rng.randrange(99, 99999) / 100
            batch.append("ORD-%010X,2026-%02d-%02dT%02d:%02d:00Z,%s %s,c%07x@example.com,%s,%s,SKU-%06d,%d,%.2f,%.2f,%s" % (
                rng.getrandbits(40), 1 + i * 11 // rows, 1 + rng.randrange(28), rng.randrange(24), rng.randrange(60),
                first, last, rng.getrandbits(28), country, city, rng.randrange(1, 250000), qty, price, qty * price,
                rng.choice(["paid", "paid", "paid", "shipped", "refunded", "cancelled"])))
            if len(batch) == 10_000:
                out.write("\n".join(batch) + "\n")
                batch = []
    return Dataset("orders-csv", path, "text/plain", "generated, seed 7", {"rows": rows})


def users_json(work):
    """A pretty-printed API answer: meta, 60,000 results with nested objects and arrays, and a cursor at the end."""
    path = os.path.join(work, "users.json")
    rng = random.Random(11)
    results = []
    for i in range(60_000):
        country, city = rng.choice(CITIES)
        results.append({
            "id": 100_000 + i,
            "name": "%s %s" % (rng.choice(FIRST), rng.choice(LAST)),
            "email": "u%07x@example.org" % rng.getrandbits(28),
            "address": {"street": "%d Rue de l'Été" % rng.randrange(1, 300), "city": city, "country": country,
                        "geo": {"lat": round(rng.uniform(-90, 90), 5), "lng": round(rng.uniform(-180, 180), 5)}},
            "orders": [{"id": "o-%d-%d" % (i, k), "total": rng.randrange(100, 100000) / 100, "items": rng.randrange(1, 9)}
                       for k in range(rng.randrange(1, 5))],
            "tags": rng.sample(["vip", "new", "b2b", "churn-risk", "beta", "eu", "apac"], rng.randrange(0, 4)),
        })
    doc = {"meta": {"request_id": "req-%032x" % rng.getrandbits(128), "generated_at": "2026-11-30T12:00:00Z", "count": len(results)},
           "results": results, "next_cursor": base64.urlsafe_b64encode(rng.randbytes(48)).decode()}
    with open(path, "w", encoding="utf-8") as out:
        json.dump(doc, out, indent=2, ensure_ascii=False)
    return Dataset("users-json", path, "application/json", "generated, seed 11")


def catalog_json(work):
    """A minified JSON array on one line: 250,000 catalog entries."""
    path = os.path.join(work, "catalog.min.json")
    rng = random.Random(13)
    entries = []
    skus = rng.sample(range(1, 1_000_000), 250_000)
    for i in range(250_000):
        country, city = rng.choice(CITIES)
        entries.append({"sku": "SKU-%06d" % skus[i], "name": "%s %s №%d" % (rng.choice(["Tasse", "Kanne", "Teller", "湯呑み", "Bol"]),
                        rng.choice(["émaillée", "groß", "blau", "klein"]), rng.randrange(1, 1000)), "price": rng.randrange(99, 20000) / 100,
                        "stock": rng.randrange(0, 500), "warehouse": {"id": "WH-%d" % rng.randrange(1, 40), "city": city},
                        "dims": [rng.randrange(1, 60) for _ in range(3)]})
    with open(path, "w", encoding="utf-8") as out:
        json.dump(entries, out, ensure_ascii=False, separators=(",", ":"))
    return Dataset("catalog-min", path, "application/json", "generated, seed 13")


def generated(work, log_bytes):
    return [log(work, log_bytes), orders_csv(work), users_json(work), catalog_json(work)]
