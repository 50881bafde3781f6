// An agent loop on the official `openai` client, with Toolspill running the tools: the model sees every tool
// Toolspill offers (inspect included), its tool_calls go to Toolspill untouched, and what comes back (small outputs
// inline, large ones as a `[blob:<id>]` summary the model can `inspect`) is appended to the conversation as is.
//
//   OPENAI_BASE_URL, OPENAI_API_KEY  the Chat Completions endpoint (read by the openai client)
//   MODEL                            the model to ask
//   TOOLSPILL_URL                    Toolspill (default http://127.0.0.1:8080); TOOLSPILL_API_KEY if it asks for one
//   MAX_TURNS                        model calls before giving up (default 10)
//   CONVERSATION_OUT                 if set, the whole conversation is written there as JSON at the end
//
//   npm ci && npm run build && node dist/agent-loop.js "Which files under /srv/data are the largest?"
//
// Progress goes to stderr, the final answer to stdout.
import { writeFileSync } from "node:fs";
import OpenAI from "openai";
import type {
  ChatCompletionMessageParam,
  ChatCompletionTool,
  ChatCompletionToolMessageParam,
} from "openai/resources/chat/completions";

const toolspillUrl = (process.env.TOOLSPILL_URL ?? "http://127.0.0.1:8080").replace(/\/+$/, "");
const maxTurns = Number(process.env.MAX_TURNS ?? 10);
const model = process.env.MODEL;
const question = process.argv.slice(2).join(" ");
if (!model || !question) {
  console.error("usage: MODEL=… [OPENAI_BASE_URL=…] OPENAI_API_KEY=… node dist/agent-loop.js QUESTION");
  process.exit(2);
}

/** A JSON request to Toolspill: GET without a body, POST with one. */
async function toolspill<T>(path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { Accept: "application/json" };
  if (process.env.TOOLSPILL_API_KEY) headers.Authorization = `Bearer ${process.env.TOOLSPILL_API_KEY}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const response = await fetch(`${toolspillUrl}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`Toolspill ${path}: HTTP ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

const client = new OpenAI(); // OPENAI_API_KEY and OPENAI_BASE_URL from the environment
const tools = await toolspill<ChatCompletionTool[]>("/v1/tools?format=openai");
const messages: ChatCompletionMessageParam[] = [
  {
    role: "system",
    content:
      "Use the tools to answer. A large tool output comes back as a summary starting with [blob:<id>]; " +
      "read the part you need with the inspect tool instead of asking for the whole output again.",
  },
  { role: "user", content: question },
];
console.error(`tools: ${tools.map((tool) => tool.type === "function" ? tool.function.name : tool.type).join(", ")}`);

let answer: string | undefined;
for (let turn = 1; turn <= maxTurns && answer === undefined; turn++) {
  const completion = await client.chat.completions.create({ model, messages, tools });
  const message = completion.choices[0].message;
  messages.push(message);
  if (!message.tool_calls?.length) {
    answer = message.content ?? "";
    break;
  }
  // The assistant message goes to Toolspill exactly as the API returned it; the tool messages come back in order.
  const results = await toolspill<ChatCompletionToolMessageParam[]>("/v1/tool-calls?format=openai", message);
  messages.push(...results);
  const calls = message.tool_calls.map((call) => (call.type === "function" ? call.function.name : call.type));
  const sizes = results.map((result) =>
    Buffer.byteLength(typeof result.content === "string" ? result.content : JSON.stringify(result.content)),
  );
  console.error(`turn ${turn}: ${calls.join(", ")} -> ${sizes.join(", ")} bytes of tool content`);
}

if (process.env.CONVERSATION_OUT) writeFileSync(process.env.CONVERSATION_OUT, JSON.stringify(messages, null, 2));
if (answer === undefined) {
  console.error(`no final answer after ${maxTurns} turns`);
  process.exit(1);
}
console.log(answer);
