// Bare Hono with hand-written handlers: the floor our framework is held to, on any runtime.
import { Hono } from 'hono';
import { jwtVerify } from 'jose';
import { checkOrder, checkTodo, jwtKey, throttle } from '../shared/common.mjs';

/**
 * The bench routes. `remoteAddress(c)` is the runtime's way to the caller's IP (the throttle key
 * when no forwarding header is sent), as each server entry point knows it.
 */
export function createApp(remoteAddress) {
  const app = new Hono();
  const forbidden = { status: 403, name: 'ForbiddenException', message: 'Forbidden' };
  let nextId = 1;

  app.get('/todo', (c) => c.text('todo list'));
  app.get('/todo/:id', (c) => c.json({ id: c.req.param('id'), title: 'todo', done: false }));

  /** A POST handler: the JSON body checked by hand, a 400 with the reasons, else `answer(body)`. */
  const checked = (check, answer) => async (c) => {
    let body;
    try {
      body = await c.req.json();
    } catch {
      return c.json({ status: 400, name: 'MalformedBodyException', message: 'Request body is not valid JSON' }, 400);
    }
    const reasons = check(body);
    if (reasons.length > 0) {
      const message = `Invalid request body: ${reasons.map((r) => r.errorMessage).join('; ')}`;
      return c.json({ status: 400, name: 'NotValidBodyException', message, reasons }, 400);
    }
    return c.json(answer(body));
  };

  app.post('/todo', checked(checkTodo, (body) => ({ id: String(nextId++), name: body.name, priority: body.priority, colorLabel: body.colorLabel, done: false })));
  app.post('/order', checked(checkOrder, (body) => ({ id: String(nextId++), customer: body.customer, lines: body.lines.length })));

  app.get('/secure', async (c) => {
    const header = c.req.header('authorization');
    if (!header?.startsWith('Bearer ')) return c.json(forbidden, 403);
    try {
      await jwtVerify(header.slice(7), jwtKey, { algorithms: ['HS256'] });
    } catch {
      return c.json(forbidden, 403);
    }
    return c.text('secure');
  });

  // The hand-written counter: one fixed window per caller, the same headers as the framework's throttler.
  const windows = new Map();
  const limitValue = String(throttle.limit);
  app.get('/limited', (c) => {
    const caller = c.req.header('x-forwarded-for') ?? c.req.header('x-real-ip') ?? remoteAddress(c);
    const now = Date.now();
    let window = windows.get(caller);
    if (window === undefined || window.endsAt <= now) windows.set(caller, (window = { hits: 0, endsAt: now + throttle.ttl }));
    window.hits++;
    const reset = String(Math.ceil((window.endsAt - now) / 1000));
    c.header('X-RateLimit-Limit', limitValue);
    c.header('X-RateLimit-Remaining', String(Math.max(0, throttle.limit - window.hits)));
    c.header('X-RateLimit-Reset', reset);
    if (window.hits > throttle.limit) {
      c.header('Retry-After', reset);
      return c.json({ status: 429, name: 'ThrottlerException', message: 'Too many requests' }, 429);
    }
    return c.text('limited');
  });

  return app;
}
