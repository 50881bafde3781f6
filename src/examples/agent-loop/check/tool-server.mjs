// The remote tool `big_listing` for check.sh, on 127.0.0.1:<argv[2]>: a file listing of 3,000 lines (~100 KB),
// deterministic so the stand-in model knows which lines to expect.
//   POST /listing {}  the listing, text/plain
//   GET  /ready       200
import http from "node:http";

export const LISTING_LINES = 3000;

/** Line n (1-based) of the listing. */
export function listingLine(n) {
  return `${String(n * 7919 % 100000).padStart(6)} /srv/data/d${n % 13}/file-${String(n).padStart(5, "0")}.log`;
}

export function listing() {
  return Array.from({ length: LISTING_LINES }, (_, i) => `${listingLine(i + 1)}\n`).join("");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const port = Number(process.argv[2]);
  http
    .createServer((request, response) => {
      request.resume();
      if (request.method === "GET" && request.url === "/ready") {
        response.writeHead(200).end("ready");
      } else if (request.method === "POST" && request.url === "/listing") {
        request.on("end", () => response.writeHead(200, { "Content-Type": "text/plain; charset=utf-8" }).end(listing()));
      } else {
        response.writeHead(404).end("no such tool");
      }
    })
    .listen(port, "127.0.0.1", () => console.log(`tool server on 127.0.0.1:${port}`));
}
