// A scripted stand-in of the Chat Completions endpoint for check.sh, on 127.0.0.1:<argv[2]> (base URL .../v1).
// It plays a model that needs lines 1500-1502 of a large listing, reading the conversation it is sent:
//   no tool message yet            -> call big_listing
//   big_listing's tool message     -> it must be a [blob:<id>] summary; call inspect(blob_id, "lines:1500-1502")
//   inspect's tool message         -> it must hold exactly those lines; answer with them, no tool calls
// Anything else is answered 400 with what was wrong, so the loop stops with that message.
// Every request's size is logged to stdout.
import http from "node:http";
import { listingLine } from "./tool-server.mjs";

export const EXPECTED = [1500, 1501, 1502].map(listingLine);
export const FINAL_PREFIX = "Lines 1500-1502 of the listing:";

function completion(message) {
  return {
    id: `chatcmpl-${Date.now()}`,
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model: "scripted-stand-in",
    choices: [{ index: 0, message: { refusal: null, ...message }, logprobs: null,
      finish_reason: message.tool_calls ? "tool_calls" : "stop" }],
    usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 },
  };
}

function call(id, name, args) {
  return { role: "assistant", content: null,
    tool_calls: [{ id, type: "function", function: { name, arguments: JSON.stringify(args) } }] };
}

/** The next assistant message for this conversation, or throws what is wrong with it. */
export function reply(body) {
  const names = (body.tools ?? []).map((tool) => tool.function?.name);
  for (const name of ["big_listing", "inspect"]) {
    if (!names.includes(name)) throw new Error(`tool ${name} not offered; tools: ${names.join(", ")}`);
  }
  const tools = body.messages.filter((message) => message.role === "tool");
  const last = tools.at(-1);
  if (!last) return call("call_listing", "big_listing", {});
  if (last.tool_call_id === "call_listing") {
    const match = /^\[blob:([0-9a-f-]{36})\]/.exec(last.content);
    if (!match) throw new Error(`big_listing's output is not a blob summary: ${last.content.slice(0, 200)}`);
    return call("call_inspect", "inspect", { blob_id: match[1], selector: "lines:1500-1502" });
  }
  if (last.tool_call_id === "call_inspect") {
    if (last.content.trimEnd() !== EXPECTED.join("\n")) {
      throw new Error(`inspect did not answer lines 1500-1502: ${JSON.stringify(last.content.slice(0, 300))}`);
    }
    return { role: "assistant", content: `${FINAL_PREFIX}\n${EXPECTED.join("\n")}` };
  }
  throw new Error(`unexpected tool message for ${last.tool_call_id}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const port = Number(process.argv[2]);
  http
    .createServer((request, response) => {
      let text = "";
      request.setEncoding("utf8");
      request.on("data", (chunk) => (text += chunk));
      request.on("end", () => {
        if (request.method === "GET" && request.url === "/ready") return response.writeHead(200).end("ready");
        if (request.method !== "POST" || request.url !== "/v1/chat/completions") {
          return response.writeHead(404).end();
        }
        const body = JSON.parse(text);
        console.log(`request: ${Buffer.byteLength(text)} bytes, ${body.messages.length} messages`);
        let answer;
        try {
          answer = JSON.stringify(completion(reply(body)));
        } catch (error) {
          console.log(`refused: ${error.message}`);
          return response.writeHead(400, { "Content-Type": "application/json" })
            .end(JSON.stringify({ error: { message: error.message, type: "invalid_request_error" } }));
        }
        response.writeHead(200, { "Content-Type": "application/json" }).end(answer);
      });
    })
    .listen(port, "127.0.0.1", () => console.log(`stand-in model on 127.0.0.1:${port}`));
}
