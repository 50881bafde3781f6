// Counts o200k_base tokens (GPT-4o's encoding, through gpt-tokenizer) for the context benchmark: one JSON string a
// line on stdin, one count a line on stdout, in order; started once by tokens.py and kept for the whole run.
// Special-token text such as "<|endoftext|>" counts as ordinary text, as an API does with tool results.
// Checks: "hello world" is 2 tokens ([24912, 2375]), "The quick brown fox jumps over the lazy dog." is 10.
import { createInterface } from "node:readline";
import { countTokens } from "gpt-tokenizer/encoding/o200k_base";

const plain = { disallowedSpecial: new Set() };
const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
for await (const line of lines) {
  process.stdout.write(countTokens(JSON.parse(line), plain) + "\n");
}
