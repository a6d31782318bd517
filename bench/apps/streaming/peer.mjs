// The hand-written side of the streaming bench: node:http for the event stream and `ws` for the
// sockets, doing what the framework's routes do (JSON events, back-pressure, a hand-written check of
// each message) and nothing more.
import { once } from 'node:events';
import { createServer } from 'node:http';
import { WebSocketServer } from 'ws';

async function* ticks(count, signal) {
  for (let n = 1; n <= count && !signal.aborted; n++) yield { n, at: 'bench' };
}

const server = createServer(async (req, res) => {
  const url = new URL(req.url, 'http://localhost');
  if (url.pathname !== '/ticks' && url.pathname !== '/idle') return res.writeHead(404).end();
  const aborter = new AbortController();
  res.once('close', () => aborter.abort());
  res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' });
  res.flushHeaders();
  if (url.pathname === '/idle') return;
  const count = url.searchParams.has('count') ? Number(url.searchParams.get('count')) : Infinity;
  for await (const tick of ticks(count, aborter.signal)) {
    if (!res.write(`data: ${JSON.stringify(tick)}\n\n`)) await once(res, 'drain', { signal: aborter.signal }).catch(() => undefined);
  }
  res.end();
});

const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
server.on('upgrade', (req, socket, head) => {
  const url = new URL(req.url, 'http://localhost');
  wss.handleUpgrade(req, socket, head, (ws) => {
    if (url.pathname === '/echo') {
      ws.on('message', (data) => {
        const message = JSON.parse(String(data));
        if (typeof message.text !== 'string' || message.text.length > 100 || !Number.isInteger(message.n) || message.n < 0) return ws.close(1007, 'invalid');
        ws.send(JSON.stringify({ text: message.text, doubled: message.n * 2 }));
      });
    } else {
      void (async () => {
        const count = Number(url.searchParams.get('count'));
        for (let n = 1; n <= count && ws.readyState === ws.OPEN; n++) {
          ws.send(JSON.stringify({ n, at: 'bench' }));
          if (ws.bufferedAmount > 1024 * 1024) await new Promise((resolve) => setTimeout(resolve, 1));
        }
        ws.close(1000);
      })();
    }
  });
});

server.listen(Number(process.env.PORT), '127.0.0.1', () => console.log(`ready ${server.address().port}`));
// The runner collects garbage before it reads the memory (the process runs with --expose-gc), and reads the heap in use.
process.on('SIGUSR2', () => {
  globalThis.gc?.();
  console.log(`heap ${process.memoryUsage().heapUsed}`);
});
process.once('SIGTERM', () => process.exit(0));
