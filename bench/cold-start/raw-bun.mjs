// The floor of a cold start on Bun: Bun.serve answering one route, printing its port as the
// framework's example does.
const server = Bun.serve({
  port: Number(process.env.PORT ?? 0),
  hostname: '127.0.0.1',
  fetch: (request) => new Response('{"status":"ok"}', { status: new URL(request.url).pathname === '/health' ? 200 : 404, headers: { 'content-type': 'application/json' } }),
});
console.log(`raw Bun.serve: HTTP on http://127.0.0.1:${server.port}`);
process.once('SIGTERM', () => process.exit(0));
