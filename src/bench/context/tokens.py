"""Token counts with a real tokenizer: o200k_base (GPT-4o's encoding) through the npm package gpt-tokenizer,
pinned in package.json and package-lock.json. One node process (tokens.mjs) is started for the whole run and fed
one text a line, so counting thousands of texts costs one start; counts are remembered by text."""
import json
import os
import subprocess

HERE = os.path.dirname(os.path.abspath(__file__))


class Tokenizer:
    def __init__(self):
        self.process = subprocess.Popen(["node", os.path.join(HERE, "tokens.mjs")], cwd=HERE, text=True, encoding="utf-8",
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.known = {}
        # known counts of o200k_base (as tiktoken gives them): a wrong encoding or a broken install stops the run here
        for text, tokens in (("hello world", 2), ("The quick brown fox jumps over the lazy dog.", 10)):
            if self.count(text) != tokens:
                raise SystemExit("tokens.mjs counts %r as %d tokens, o200k_base has %d" % (text, self.count(text), tokens))

    def count(self, text):
        if text not in self.known:
            self.process.stdin.write(json.dumps(text) + "\n")
            self.process.stdin.flush()
            self.known[text] = int(self.process.stdout.readline())
        return self.known[text]

    def clip(self, text, limit):
        """The longest start of text (whole lines where it can) of at most limit tokens."""
        low, high = 0, len(text)  # count(text[:low]) <= limit < count(text[:high])
        while high - low > 64:
            mid = (low + high) // 2
            low, high = (mid, high) if self.count(text[:mid]) <= limit else (low, mid)
        cut = text[:low]
        return cut[:cut.rfind("\n") + 1] if "\n" in cut[len(cut) // 2:] else cut

    def close(self):
        self.process.stdin.close()
        self.process.wait(timeout=10)
