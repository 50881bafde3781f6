// An upstream MCP server for check.sh, built on the official TypeScript SDK's server (McpServer over a stateless
// Streamable HTTP transport), on 127.0.0.1:<argv[2]>. Toolspill is started with it as toolspill.tools.mcp."ts" (prefix
// ts_), so its tools become Toolspill's. Its answers are deterministic, so a check can rebuild them.
//   tool big_log   bigLog(): 40000 numbered lines, over 2 MB of UTF-8 text
//   tool broken    a result with isError: true
//   GET /ready     200
import http from "node:http";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";

export const BIG_LOG_LINES = 40000;

export function bigLog() {
  return Array.from({ length: BIG_LOG_LINES }, (_, i) => `${String(i + 1).padStart(6, "0")} upstream line from the TypeScript SDK server ✓\n`).join("");
}

function server() {
  const mcp = new McpServer({ name: "toolspill-check-upstream", version: "1.0.0" });
  mcp.registerTool("big_log", { description: "Over two megabytes of log lines." }, async () => ({
    content: [{ type: "text", text: bigLog() }],
  }));
  mcp.registerTool("broken", { description: "Always fails." }, async () => ({
    isError: true,
    content: [{ type: "text", text: "the upstream index is rebuilding; retry in a minute" }],
  }));
  return mcp;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const port = Number(process.argv[2]);
  http
    .createServer(async (request, response) => {
      if (request.method === "GET" && request.url === "/ready") {
        response.writeHead(200).end("ready");
        return;
      }
      if (request.url !== "/mcp") {
        response.writeHead(404).end("not here");
        return;
      }
      // stateless: a server and a transport per request, as the SDK's stateless example does
      const mcp = server();
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
      response.on("close", () => {
        transport.close();
        mcp.close();
      });
      try {
        await mcp.connect(transport);
        await transport.handleRequest(request, response);
      } catch (error) {
        if (!response.headersSent) {
          response.writeHead(500).end(String(error));
        }
      }
    })
    .listen(port, "127.0.0.1", () => console.log(`upstream MCP server on 127.0.0.1:${port}/mcp`));
}
