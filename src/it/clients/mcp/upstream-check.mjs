// Toolspill in front of an MCP server, as the official MCP TypeScript SDK client sees it: the upstream server of
// upstream-server.mjs is configured as toolspill.tools.mcp."ts" with prefix ts_ (check.sh starts both).
// Usage: node upstream-check.mjs http://127.0.0.1:PORT
import assert from "node:assert/strict";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { bigLog, BIG_LOG_LINES } from "./upstream-server.mjs";

const base = process.argv[2];

function ok(what) {
  console.log(`ok - ${what}`);
}

const client = new Client({ name: "toolspill-mcp-upstream-check", version: "1.0.0" });
await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`)));

const { tools } = await client.listTools();
assert.ok(tools.some((t) => t.name === "ts_big_log") && tools.some((t) => t.name === "ts_broken"), tools.map((t) => t.name).join(", "));
ok(`tools/list offers the upstream tools: ${tools.filter((t) => t.name.startsWith("ts_")).map((t) => t.name).join(", ")}`);

// The upstream tool's 2 MB answer comes back as a summary and a blob
const expected = Buffer.from(bigLog(), "utf8");
assert.ok(expected.length > 2_000_000);
const result = await client.callTool({ name: "ts_big_log", arguments: {} });
assert.ok(!result.isError, JSON.stringify(result).slice(0, 500));
const [summary, link] = result.content;
assert.match(summary.text, new RegExp(`^\\[blob:[0-9a-f-]{36}\\] text \\| ${BIG_LOG_LINES} lines`));
assert.ok(Buffer.byteLength(summary.text) <= 400, "the summary is at most 400 bytes");
const id = summary.text.slice(6, 42);
assert.equal(link.type, "resource_link");
assert.equal(link.size, expected.length);
assert.equal(result.structuredContent.blob.bytes, expected.length);
ok(`tools/call ts_big_log: ${expected.length} bytes upstream became blob ${id} with a ${Buffer.byteLength(summary.text)}-byte summary`);

// The blob is the upstream answer byte for byte, and inspect reads any part of it exactly
const blob = Buffer.from(await (await fetch(`${base}/v1/blobs/${id}`)).arrayBuffer());
assert.ok(blob.equals(expected), "GET /v1/blobs/{id} = the upstream answer");
const lines = bigLog().split("\n");
for (const [from, to] of [[1, 3], [20000, 20004], [BIG_LOG_LINES - 2, BIG_LOG_LINES]]) {
  const part = await client.callTool({ name: "inspect", arguments: { blob_id: id, selector: `lines:${from}-${to}` } });
  assert.ok(!part.isError, JSON.stringify(part));
  assert.equal(part.content[0].text, lines.slice(from - 1, to).join("\n") + "\n");
}
ok("inspect lines:1-3, 20000-20004 and the last three: byte-exact; the blob equals the upstream answer");

// An upstream error is a tool error with the upstream message
const broken = await client.callTool({ name: "ts_broken", arguments: {} });
assert.equal(broken.isError, true);
assert.match(broken.content[0].text, /the upstream index is rebuilding; retry in a minute/);
ok(`upstream isError: "${broken.content[0].text.slice(0, 80)}…"`);

await client.close();
console.log("all MCP upstream checks passed");
