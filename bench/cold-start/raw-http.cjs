// raw-http.mjs as a CommonJS file: the same server without Node's ES module loader, which an ES
// module entry pays for before its first line (about 5 ms of CPU on Node 20, 18 on Node 22 and 24).
// A start through a CommonJS launcher (`framework-build bundle --code-cache`) is compared with both.
const { createServer } = require('node:http');

const server = createServer((req, res) => {
  res.writeHead(req.url === '/health' ? 200 : 404, { 'content-type': 'application/json' });
  res.end('{"status":"ok"}');
});
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => console.log(`raw node:http: HTTP on http://127.0.0.1:${server.address().port}`));
process.once('SIGTERM', () => process.exit(0));
