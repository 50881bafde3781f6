"""How a reader finds a JSON value in the part of a document it has in view, as a model would: from the start of
the document, walking keys and counting elements (everything it passes must be in view), or, in a window that does
not start at the document's start, by the keys it can see. Nothing here knows the whole document."""
import json
import re

DECODER = json.JSONDecoder()
SPACE = re.compile(r"[ \t\n\r]*")


def _ws(text, i):
    return SPACE.match(text, i).end()


def _skip(text, i):
    """The end of the complete value at i, or None when it runs past the window (or what is in view is broken)."""
    try:
        return DECODER.raw_decode(text, i)[1]
    except ValueError:
        return None


def _members(text, i):
    """(key, value position) of the object at i, in order; ends with (None, end) when its close is in view."""
    i = _ws(text, i + 1)
    while i < len(text):
        if text[i] == "}":
            yield None, i + 1
            return
        try:
            key, i = DECODER.raw_decode(text, i)
        except ValueError:
            return
        i = _ws(text, i)
        if not text.startswith(":", i):
            return
        value = _ws(text, i + 1)
        yield key, value
        end = _skip(text, value)
        if end is None:
            return
        i = _ws(text, end)
        if text.startswith(",", i):
            i = _ws(text, i + 1)


def _elements(text, i):
    """(index, value position) of the array at i; ends with (None, end) when its close is in view."""
    i = _ws(text, i + 1)
    n = 0
    while i < len(text):
        if text[i] == "]":
            yield None, i + 1
            return
        yield n, i
        end = _skip(text, i)
        if end is None:
            return
        n += 1
        i = _ws(text, end)
        if text.startswith(",", i):
            i = _ws(text, i + 1)


def _children(text, i):
    if i < len(text) and text[i] == "{":
        return _members(text, i)
    if i < len(text) and text[i] == "[":
        return _elements(text, i)
    return iter(())


def locate(text, tokens):
    """Where the value at tokens starts, reading from the document's start; None when it is not in view."""
    i = _ws(text, 0)
    for token in tokens:
        found = None
        for name, at in _children(text, i):
            if name is None:
                break
            if str(name) == token:
                found = at  # a key written twice counts as its last value: read on
                if not isinstance(name, str):
                    break
        if found is None:
            return None
        i = found
    return i


def value_at(text, tokens):
    i = locate(text, tokens)
    if i is None:
        return None
    try:
        return DECODER.raw_decode(text, i)[0]
    except ValueError:
        return None


def count_at(text, tokens):
    """How many entries or keys the container at tokens has, when its close is in view."""
    i = locate(text, tokens)
    if i is None:
        return None
    n = 0
    for name, _ in _children(text, i):
        if name is None:
            return n
        n += 1
    return None


def last_at(text, tokens):
    """The last key (object) or element (array) of the container at tokens, when its close is in view."""
    i = locate(text, tokens)
    if i is None:
        return None
    last = None
    for name, at in _children(text, i):
        if name is None:
            if last is None:
                return None
            return last[0] if isinstance(last[0], str) else DECODER.raw_decode(text, last[1])[0]
        last = (name, at)
    return None


def last_element_of_tail(text):
    """The last element of a top-level array from a window that holds its end: the value just before the final ']'
    that starts right after a ',' or '['."""
    end = len(text.rstrip())
    if end == 0 or text[end - 1] != "]":
        return None
    close = end - 1
    for start in range(close - 1, -1, -1):
        if text[start] not in "{[\"-0123456789tfn":
            continue
        before = text[:start].rstrip()
        if not before or before[-1] not in ",[":
            continue
        try:
            value, stop = DECODER.raw_decode(text, start)
        except ValueError:
            continue
        if _ws(text, stop) == close:
            return value
    return None


def by_keys(text, tokens):
    """In a window that may start anywhere: the value after the path's keys, seen in order (the last such)."""
    if not tokens or any(t.isdigit() for t in tokens):
        return None
    at = 0
    for token in tokens[:-1]:
        k = text.find(json.dumps(token, ensure_ascii=False), at)
        if k < 0:
            return None
        at = k
    pattern = re.compile(re.escape(json.dumps(tokens[-1], ensure_ascii=False)) + r"\s*:\s*")
    hits = list(pattern.finditer(text, at))
    for hit in reversed(hits):
        try:
            return DECODER.raw_decode(text, hit.end())[0]
        except ValueError:
            continue
    return None


def object_with(text, key, value):
    """The object in view whose key has value (e.g. an array entry found by its id): tried from each '{' before it."""
    needle = json.dumps(value, ensure_ascii=False)
    k = text.find(needle)
    while k >= 0:
        start = text.rfind("{", 0, k)
        while start >= 0:
            try:
                obj, stop = DECODER.raw_decode(text, start)
                if stop > k and isinstance(obj, dict) and obj.get(key) == value:
                    return obj
            except ValueError:
                pass
            start = text.rfind("{", 0, start)
        k = text.find(needle, k + 1)
    return None
