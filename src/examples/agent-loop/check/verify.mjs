// After the loop: checks its answer and conversation. Usage: node verify.mjs TOOLSPILL_URL ANSWER_FILE CONVERSATION_FILE
// The loop must have ended with the stand-in model's final answer, after big_listing then inspect, and the tool
// messages must have stayed small (< 4 KiB in all) while the listing stored behind them is the whole ~100 KB.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { EXPECTED, FINAL_PREFIX } from "./model.mjs";
import { listing } from "./tool-server.mjs";

const [base, answerFile, conversationFile] = process.argv.slice(2);
const answer = readFileSync(answerFile, "utf8").trimEnd();
const messages = JSON.parse(readFileSync(conversationFile, "utf8"));

assert.equal(answer, `${FINAL_PREFIX}\n${EXPECTED.join("\n")}`, "the final answer");
const last = messages.at(-1);
assert.equal(last.role, "assistant");
assert.ok(!last.tool_calls?.length, "the last message has no tool calls");
assert.equal(last.content.trimEnd(), answer);

const calls = messages.flatMap((message) => message.tool_calls ?? []).map((call) => call.function.name);
assert.deepEqual(calls, ["big_listing", "inspect"], "the tools called, in order");
const tools = messages.filter((message) => message.role === "tool");
assert.equal(tools.length, 2);
const toolBytes = tools.reduce((sum, message) => sum + Buffer.byteLength(message.content), 0);
const conversationBytes = Buffer.byteLength(JSON.stringify(messages));
const listingBytes = Buffer.byteLength(listing());
assert.ok(toolBytes < 4096, `tool content ${toolBytes} bytes, expected < 4096`);

// Nothing was lost: the blob behind the summary holds the whole listing.
const id = /^\[blob:([0-9a-f-]{36})\]/.exec(tools[0].content)[1];
const blob = await fetch(`${base}/v1/blobs/${id}`);
assert.equal(blob.status, 200, `GET /v1/blobs/${id}`);
assert.equal(await blob.text(), listing(), "the stored listing");

console.log(`ok - final answer after ${calls.length} tool calls; tool content ${toolBytes} bytes, ` +
  `conversation ${conversationBytes} bytes, listing ${listingBytes} bytes stored as blob ${id}`);
