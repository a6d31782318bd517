// The floor of a cold start: raw node:http answering one route, printing its port as the
// framework's example does. Nothing is imported but node:http.
import { createServer } from 'node:http';

const server = createServer((req, res) => {
  res.writeHead(req.url === '/health' ? 200 : 404, { 'content-type': 'application/json' });
  res.end('{"status":"ok"}');
});
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => console.log(`raw node:http: HTTP on http://127.0.0.1:${server.address().port}`));
process.once('SIGTERM', () => process.exit(0));
