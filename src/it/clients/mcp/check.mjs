// Toolspill's /mcp as the official MCP TypeScript SDK client sees it. Usage: node check.mjs http://127.0.0.1:PORT
// The service must offer the remote tools of tool-server.mjs as "listing" and "log" (check.sh starts it so).
// Prints one line per check and exits non-zero at the first that fails.
import assert from "node:assert/strict";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { UriTemplate } from "@modelcontextprotocol/sdk/shared/uriTemplate.js";
import { McpError } from "@modelcontextprotocol/sdk/types.js";
import { listing, log } from "./tool-server.mjs";

const base = process.argv[2];
const INSPECT_LIMIT = 16384; // toolspill.limits.default: what one inspect answer, and so one resource read, may hold

function ok(what) {
  console.log(`ok - ${what}`);
}

async function blobBytes(id) {
  const response = await fetch(`${base}/v1/blobs/${id}`);
  assert.equal(response.status, 200, `GET /v1/blobs/${id}`);
  return Buffer.from(await response.arrayBuffer());
}

/** A stored result: summary text, a resource_link to the blob, and the facts; checked and returned. */
function stored(result, kind, bytes) {
  assert.ok(!result.isError, JSON.stringify(result));
  const [summary, link] = result.content;
  assert.equal(summary.type, "text");
  assert.match(summary.text, /^\[blob:[0-9a-f-]{36}\] /);
  const id = summary.text.slice(6, 42);
  assert.equal(link.type, "resource_link");
  assert.equal(link.uri, `toolspill://blobs/${id}`);
  assert.equal(link.mimeType, kind === "text" ? "text/plain; charset=utf-8" : "application/json");
  assert.equal(link.size, bytes);
  assert.ok(link.name);
  assert.equal(result.structuredContent.blob.id, id);
  assert.equal(result.structuredContent.blob.kind, kind);
  assert.equal(result.structuredContent.blob.bytes, bytes);
  assert.equal(result.structuredContent.status, "ok");
  return { id, link };
}

async function readText(client, uri) {
  const { contents } = await client.readResource({ uri });
  assert.equal(contents.length, 1);
  assert.equal(contents[0].uri, uri);
  return contents[0];
}

const client = new Client({ name: "toolspill-mcp-check", version: "1.0.0" });
await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`)));
ok(`initialize: ${client.getServerVersion()?.name} (tools: ${!!client.getServerCapabilities()?.tools}, resources: ${!!client.getServerCapabilities()?.resources})`);

// tools/list: every tool of GET /v1/tools, inspect included, with its JSON Schema
const { tools } = await client.listTools();
const definitions = (await (await fetch(`${base}/v1/tools`)).json()).tools;
assert.deepEqual(tools.map((t) => t.name).sort(), definitions.map((t) => t.name).sort());
for (const definition of definitions) {
  assert.deepEqual(tools.find((t) => t.name === definition.name).inputSchema, definition.parameters, definition.name);
}
const inspect = tools.find((t) => t.name === "inspect");
assert.ok(inspect && /lines:A-B/.test(inspect.description) && /slice:A\.\.B/.test(inspect.description));
ok(`tools/list: ${tools.map((t) => t.name).join(", ")}, with the schemas of GET /v1/tools`);

// A text output that fits the inspect limit: resources/read on its link gives the blob byte for byte
const text = log(150);
const logResult = stored(await client.callTool({ name: "log", arguments: { lines: 150 } }), "text", Buffer.byteLength(text));
const whole = await readText(client, logResult.link.uri);
assert.ok(Buffer.from(whole.text, "utf8").equals(await blobBytes(logResult.id)), "resources/read = GET /v1/blobs/{id}");
assert.equal(whole.text, text);
ok(`tools/call log: stored as ${logResult.id} (${Buffer.byteLength(text)} bytes); resources/read of its resource_link = GET /v1/blobs/{id}`);

// A template range of it: the lines as stored
const templates = (await client.listResourceTemplates()).resourceTemplates;
const lines = new UriTemplate(templates.find((t) => t.uriTemplate.includes("/lines/")).uriTemplate);
const part = await readText(client, lines.expand({ id: logResult.id, from: "10", to: "12" }));
assert.equal(part.text, text.split("\n").slice(9, 12).join("\n") + "\n");
ok(`template ${lines.template}: lines 10-12 as stored`);

// A JSON output over the limit: the first part names the selector that reads on; the slices it names, followed to
// the end, give back the whole blob
const rows = 2000;
const json = listing(rows);
const listingResult = stored(await client.callTool({ name: "listing", arguments: { rows } }), "json_array", Buffer.byteLength(json));
const blob = await blobBytes(listingResult.id);
assert.ok(blob.equals(Buffer.from(json, "utf8")));
const slice = new UriTemplate(templates.find((t) => t.uriTemplate.includes("/slice/")).uriTemplate);
const elements = [];
let reads = 0;
for (let answer = await readText(client, listingResult.link.uri); ; reads++) {
  assert.ok(Buffer.byteLength(answer.text) <= INSPECT_LIMIT, "a read stays under the inspect limit");
  const next = /\n\[truncated: \d+ bytes dropped, refine your query\] next part: slice:(\d+)\.\.(\d+)$/.exec(answer.text);
  elements.push(...JSON.parse(next ? answer.text.slice(0, next.index) : answer.text));
  if (!next) {
    break;
  }
  assert.equal(Number(next[1]), elements.length);
  answer = await readText(client, slice.expand({ id: listingResult.id, from: next[1], to: next[2] }));
}
assert.ok(Buffer.from(JSON.stringify(elements), "utf8").equals(blob), "the parts, joined, are the blob");
ok(`tools/call listing: ${Buffer.byteLength(json)} bytes stored; resources/read gave the first part, ${reads} template reads `
  + `(${slice.template}) followed its 'next part' to the end: together byte-exact`);

// inspect over MCP: the same bytes
const inspected = await client.callTool({ name: "inspect", arguments: { blob_id: listingResult.id, selector: "slice:5..8" } });
assert.ok(!inspected.isError);
assert.deepEqual(JSON.parse(inspected.content[0].text), JSON.parse(json).slice(5, 8));
const inspectedLines = await client.callTool({ name: "inspect", arguments: { blob_id: logResult.id, selector: "lines:1-3" } });
assert.equal(inspectedLines.content[0].text, text.split("\n").slice(0, 3).join("\n") + "\n");
ok("tools/call inspect: slice:5..8 and lines:1-3 as stored");

// A tool error is a result with isError and a message the model can act on
const refused = await client.callTool({ name: "inspect", arguments: { blob_id: logResult.id, selector: "key:x" } });
assert.equal(refused.isError, true);
assert.match(refused.content[0].text, /use lines:A-B/);
ok(`tool error: isError with "${refused.content[0].text.slice(0, 60)}…"`);

// An unknown blob is "resource not found", with no stack trace
const unknown = "019ad5a1-7c2e-7d3a-9f10-3b2c4d5e6f70";
await assert.rejects(client.readResource({ uri: `toolspill://blobs/${unknown}` }), (error) => {
  assert.ok(error instanceof McpError);
  assert.equal(error.code, -32002);
  assert.doesNotMatch(error.message, /Exception|dev\.toolspill|\tat /);
  return true;
});
ok("resources/read of an unknown blob: -32002 resource not found");

await client.close();
console.log("all MCP client checks passed");
