// Raw node:http with hand-written handlers: no router library, no Web Request/Response. The Node
// floor: the same routes, checks, headers and answers as the bare Hono peer (peers/hono/app.mjs).
import { createServer } from 'node:http';
import { jwtVerify } from 'jose';
import { checkOrder, checkTodo, jwtKey, port, throttle } from '../shared/common.mjs';

const TEXT = 'text/plain; charset=UTF-8';
const JSON_TYPE = 'application/json';
const forbidden = JSON.stringify({ status: 403, name: 'ForbiddenException', message: 'Forbidden' });
const notFound = JSON.stringify({ status: 404, name: 'NotFoundException', message: 'Not found' });
const malformed = JSON.stringify({ status: 400, name: 'MalformedBodyException', message: 'Request body is not valid JSON' });
const BODY_LIMIT = 1024 * 1024;
let nextId = 1;

function send(res, status, type, body, extra) {
  const headers = { 'content-type': type, 'content-length': Buffer.byteLength(body) };
  if (extra) Object.assign(headers, extra);
  res.writeHead(status, headers);
  res.end(body);
}

/** Reads the body as text (the limit checked on Content-Length and while reading), then answers. */
function readBody(req, res, done) {
  const declared = Number(req.headers['content-length']);
  if (declared > BODY_LIMIT) return send(res, 413, JSON_TYPE, JSON.stringify({ status: 413, message: 'Payload too large' }), { connection: 'close' });
  req.setEncoding('utf8');
  let text = '';
  req.on('data', (chunk) => {
    text += chunk;
    if (text.length > BODY_LIMIT) req.destroy();
  });
  req.on('end', () => done(text));
}

/** A POST handler: the JSON body checked by hand, a 400 with the reasons, else `answer(body)`. */
const checked = (check, answer) => (req, res) =>
  readBody(req, res, (text) => {
    let body;
    try {
      body = JSON.parse(text);
    } catch {
      return send(res, 400, JSON_TYPE, malformed);
    }
    const reasons = check(body);
    if (reasons.length > 0) {
      const message = `Invalid request body: ${reasons.map((r) => r.errorMessage).join('; ')}`;
      return send(res, 400, JSON_TYPE, JSON.stringify({ status: 400, name: 'NotValidBodyException', message, reasons }));
    }
    send(res, 200, JSON_TYPE, JSON.stringify(answer(body)));
  });

const postTodo = checked(checkTodo, (body) => ({ id: String(nextId++), name: body.name, priority: body.priority, colorLabel: body.colorLabel, done: false }));
const postOrder = checked(checkOrder, (body) => ({ id: String(nextId++), customer: body.customer, lines: body.lines.length }));

async function secure(req, res) {
  const header = req.headers.authorization;
  if (!header?.startsWith('Bearer ')) return send(res, 403, JSON_TYPE, forbidden);
  try {
    await jwtVerify(header.slice(7), jwtKey, { algorithms: ['HS256'] });
  } catch {
    return send(res, 403, JSON_TYPE, forbidden);
  }
  send(res, 200, TEXT, 'secure');
}

// The hand-written counter: one fixed window per caller, the same headers as the framework's throttler.
const windows = new Map();
const limitValue = String(throttle.limit);
function limited(req, res) {
  const caller = req.headers['x-forwarded-for'] ?? req.headers['x-real-ip'] ?? req.socket.remoteAddress ?? '';
  const now = Date.now();
  let window = windows.get(caller);
  if (window === undefined || window.endsAt <= now) windows.set(caller, (window = { hits: 0, endsAt: now + throttle.ttl }));
  window.hits++;
  const reset = String(Math.ceil((window.endsAt - now) / 1000));
  const headers = { 'x-ratelimit-limit': limitValue, 'x-ratelimit-remaining': String(Math.max(0, throttle.limit - window.hits)), 'x-ratelimit-reset': reset };
  if (window.hits > throttle.limit) {
    headers['retry-after'] = reset;
    return send(res, 429, JSON_TYPE, JSON.stringify({ status: 429, name: 'ThrottlerException', message: 'Too many requests' }), headers);
  }
  send(res, 200, TEXT, 'limited', headers);
}

const server = createServer((req, res) => {
  const query = req.url.indexOf('?');
  const path = query === -1 ? req.url : req.url.slice(0, query);
  if (req.method === 'GET') {
    if (path === '/todo') return send(res, 200, TEXT, 'todo list');
    if (path.startsWith('/todo/') && path.indexOf('/', 6) === -1 && path.length > 6) {
      return send(res, 200, JSON_TYPE, JSON.stringify({ id: decodeURIComponent(path.slice(6)), title: 'todo', done: false }));
    }
    if (path === '/secure') return void secure(req, res);
    if (path === '/limited') return limited(req, res);
  } else if (req.method === 'POST') {
    if (path === '/todo') return postTodo(req, res);
    if (path === '/order') return postOrder(req, res);
  }
  send(res, 404, JSON_TYPE, notFound);
});
server.listen(port, '127.0.0.1', () => console.log(`ready ${server.address().port} -`));
