// A scripted stand-in of the Chat Completions endpoint for check.sh, on 127.0.0.1:<argv[2]> (base URL .../v1).
// It plays a model asked "Which order was the first to fail with a card processor timeout on payments, and when?"
// with the demo tools (src/examples/demo-tools/DemoTools.java) offered, reading the conversation it is sent:
//   no tool message yet             -> call search_logs {service: "payments"} (about 1.8 MB of log lines)
//   search_logs's tool message      -> it must be a [blob:<id>] summary; call inspect(blob_id, grep for the timeout, max:1)
//   inspect's tool message          -> it must hold one match ("N: <log line>"); answer with its time and order
// Anything else is answered 400 with what was wrong, so the loop stops with that message.
// It never sees the logs but through those two tool messages. Every request's size is logged to stdout.
import http from "node:http";

export const QUESTION = "Which order was the first to fail with a card processor timeout on payments, and when?";
export const SELECTOR = 'grep:"card processor timeout"i max:1';

/** The answer for the first timeout's log line, e.g. "2026-11-28T14:02:00.799Z ERROR payments req=… … ORD-728851: …". */
export function answerFor(logLine) {
  const match = /^(\S+Z) ERROR +payments req=\S+ charge failed for order (ORD-\d+): card processor timeout/.exec(logLine);
  if (!match) throw new Error(`not a card processor timeout of payments: ${JSON.stringify(logLine.slice(0, 200))}`);
  return `The first card processor timeout on payments was order ${match[2]}, at ${match[1]}.`;
}

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
  for (const name of ["search_logs", "inspect"]) {
    if (!names.includes(name)) throw new Error(`tool ${name} not offered; tools: ${names.join(", ")}`);
  }
  const tools = body.messages.filter((message) => message.role === "tool");
  const last = tools.at(-1);
  if (!last) return call("call_logs", "search_logs", { service: "payments" });
  if (last.tool_call_id === "call_logs") {
    const match = /^\[blob:([0-9a-f-]{36})\]/.exec(last.content);
    if (!match) throw new Error(`search_logs's output is not a blob summary: ${last.content.slice(0, 200)}`);
    return call("call_inspect", "inspect", { blob_id: match[1], selector: SELECTOR });
  }
  if (last.tool_call_id === "call_inspect") {
    // grep answers "<line number>: <line>" per match, then a bracketed note
    const first = /^\s*(\d+): (.*)$/m.exec(last.content);
    if (!first) throw new Error(`inspect found no match: ${JSON.stringify(last.content.slice(0, 300))}`);
    return { role: "assistant", content: answerFor(first[2]) };
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
