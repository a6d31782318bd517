// The hand-written side of the streaming bench: node:http for the event stream and `ws` for the
// sockets, doing what the framework's routes do (JSON events, back-pressure, a hand-written check of
// each message) and nothing more. With PEER_HANDLERS=generator, the idle figures' two routes are
// written as ours are, by hand: an `async *` handler (the idle stream's waits for its AbortSignal;
// the echo's reads the socket's messages as an async iterable) consumed by a `for await` loop: what
// the handler's shape costs, apart from the framework.
import { once } from 'node:events';
import { createServer } from 'node:http';
import { WebSocketServer } from 'ws';

async function* ticks(count, signal) {
  for (let n = 1; n <= count && !signal.aborted; n++) yield { n, at: 'bench' };
}

const generatorHandlers = process.env.PEER_HANDLERS === 'generator';

async function* idle(signal) {
  await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }));
}

function isValidEcho(message) {
  return typeof message.text === 'string' && message.text.length <= 100 && Number.isInteger(message.n) && message.n >= 0;
}

/**
 * A socket's messages as an async iterable: a queue with one waiting reader, ended by `close`.
 * (Node's `events.on` does the same with a 2,048-slot buffer per socket: 33 KB.)
 */
function messagesOf(ws) {
  const queue = [];
  let wake;
  let ended = false;
  const settle = (result) => {
    const resolve = wake;
    wake = undefined;
    resolve?.(result);
  };
  ws.on('message', (data) => (wake ? settle({ value: data, done: false }) : queue.push(data)));
  ws.on('close', () => {
    ended = true;
    settle({ value: undefined, done: true });
  });
  return {
    [Symbol.asyncIterator]() {
      return this;
    },
    next() {
      if (queue.length > 0) return Promise.resolve({ value: queue.shift(), done: false });
      if (ended) return Promise.resolve({ value: undefined, done: true });
      return new Promise((resolve) => (wake = resolve));
    },
  };
}

async function* echo(messages) {
  for await (const data of messages) {
    const message = JSON.parse(String(data));
    if (!isValidEcho(message)) throw new Error('invalid');
    yield { text: message.text, doubled: message.n * 2 };
  }
}

/** The generator-shaped echo: each reply sent; an invalid message closes with 1007. */
async function serveEcho(ws) {
  try {
    for await (const reply of echo(messagesOf(ws))) ws.send(JSON.stringify(reply));
  } catch {
    ws.close(1007, 'invalid');
  }
}

const server = createServer(async (req, res) => {
  const url = new URL(req.url, 'http://localhost');
  if (url.pathname !== '/ticks' && url.pathname !== '/idle') return res.writeHead(404).end();
  const aborter = new AbortController();
  res.once('close', () => aborter.abort());
  res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' });
  res.flushHeaders();
  if (url.pathname === '/idle' && !generatorHandlers) return;
  const count = url.searchParams.has('count') ? Number(url.searchParams.get('count')) : Infinity;
  for await (const tick of url.pathname === '/idle' ? idle(aborter.signal) : ticks(count, aborter.signal)) {
    if (!res.write(`data: ${JSON.stringify(tick)}\n\n`)) await once(res, 'drain', { signal: aborter.signal }).catch(() => undefined);
  }
  res.end();
});

const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
server.on('upgrade', (req, socket, head) => {
  const url = new URL(req.url, 'http://localhost');
  wss.handleUpgrade(req, socket, head, (ws) => {
    if (url.pathname === '/echo' && generatorHandlers) {
      void serveEcho(ws);
    } else if (url.pathname === '/echo') {
      ws.on('message', (data) => {
        const message = JSON.parse(String(data));
        if (!isValidEcho(message)) return ws.close(1007, 'invalid');
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
