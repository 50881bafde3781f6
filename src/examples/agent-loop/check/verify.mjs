// After the loop: checks its answer and conversation. Usage: node verify.mjs TOOLSPILL_URL DEMO_TOOLS_MCP_URL ANSWER_FILE CONVERSATION_FILE
// The expected answer is derived from the demo tools themselves (asked directly, not through Toolspill, for the
// first payments line with "card processor timeout"), so a wrong search_logs output, blob or inspect fails it.
// The loop must have called search_logs then inspect, the tool messages must have stayed small (< 4 KiB in all),
// and the blob behind the summary must hold exactly what search_logs answers (about 1.8 MB).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { answerFor } from "./model.mjs";

const [base, demo, answerFile, conversationFile] = process.argv.slice(2);
const answer = readFileSync(answerFile, "utf8").trimEnd();
const messages = JSON.parse(readFileSync(conversationFile, "utf8"));

/** One tools/call straight to the demo tools' MCP server; its text. */
async function demoCall(name, args) {
  const response = await fetch(demo, { method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name, arguments: args } }) });
  assert.equal(response.status, 200, `demo tools ${name}`);
  const result = (await response.json()).result;
  assert.ok(!result.isError, `demo tools ${name}: ${JSON.stringify(result)}`);
  return result.content.map((content) => content.text).join("\n");
}

const first = (await demoCall("search_logs", { service: "payments", contains: "card processor timeout", limit: 1 })).split("\n")[0];
const expected = answerFor(first);
assert.equal(answer, expected, "the final answer");
const last = messages.at(-1);
assert.equal(last.role, "assistant");
assert.ok(!last.tool_calls?.length, "the last message has no tool calls");
assert.equal(last.content.trimEnd(), answer);

const calls = messages.flatMap((message) => message.tool_calls ?? []).map((call) => call.function.name);
assert.deepEqual(calls, ["search_logs", "inspect"], "the tools called, in order");
const tools = messages.filter((message) => message.role === "tool");
assert.equal(tools.length, 2);
const toolBytes = tools.reduce((sum, message) => sum + Buffer.byteLength(message.content), 0);
const conversationBytes = Buffer.byteLength(JSON.stringify(messages));
assert.ok(toolBytes < 4096, `tool content ${toolBytes} bytes, expected < 4096`);

// Nothing was lost: the blob behind the summary holds the whole answer of search_logs.
const logs = await demoCall("search_logs", { service: "payments" });
const id = /^\[blob:([0-9a-f-]{36})\]/.exec(tools[0].content)[1];
const blob = await fetch(`${base}/v1/blobs/${id}`);
assert.equal(blob.status, 200, `GET /v1/blobs/${id}`);
assert.equal(await blob.text(), logs, "the stored search_logs output");

console.log(`ok - "${answer}" after ${calls.length} tool calls; tool content ${toolBytes} bytes, ` +
  `conversation ${conversationBytes} bytes, search_logs output ${Buffer.byteLength(logs)} bytes stored as blob ${id}`);
