// Two remote tools for check.sh, on 127.0.0.1:<argv[2]>: the packaged service runs them as its own tools, so an MCP
// client can call a tool whose output is stored. Both answers are deterministic, so a check can rebuild them.
//   POST /listing {"rows": N}  a compact JSON array of N rows
//   POST /log     {"lines": N} N lines of text
//   GET  /ready                200
import http from "node:http";

export function listing(rows) {
  return JSON.stringify(Array.from({ length: rows }, (_, i) => ({ id: i, name: `file-${i}.txt`, path: `/srv/data/${i % 7}/file-${i}.txt`, size: i * 37 })));
}

export function log(lines) {
  return Array.from({ length: lines }, (_, i) => `${String(i + 1).padStart(5, "0")} INFO worker-${i % 4} handled request ${i * 13} ✓\n`).join("");
}

function read(request) {
  return new Promise((resolve, reject) => {
    let body = "";
    request.setEncoding("utf8");
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => resolve(body ? JSON.parse(body) : {}));
    request.on("error", reject);
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const port = Number(process.argv[2]);
  http
    .createServer(async (request, response) => {
      try {
        if (request.method === "GET" && request.url === "/ready") {
          response.writeHead(200).end("ready");
        } else if (request.method === "POST" && request.url === "/listing") {
          const args = await read(request);
          response.writeHead(200, { "Content-Type": "application/json" }).end(listing(args.rows ?? 100));
        } else if (request.method === "POST" && request.url === "/log") {
          const args = await read(request);
          response.writeHead(200, { "Content-Type": "text/plain; charset=utf-8" }).end(log(args.lines ?? 100));
        } else {
          response.writeHead(404).end("no such tool");
        }
      } catch (error) {
        response.writeHead(400).end(String(error));
      }
    })
    .listen(port, "127.0.0.1", () => console.log(`tool server on 127.0.0.1:${port}`));
}
