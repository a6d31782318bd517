// Hostile events for lambdaHandler, run by the local Lambda Runtime API and bootstrap of
// test/lambda (one container, the handler invoked as the Node.js runtime does): events that are not
// objects, members of the wrong type, what a client sends that no request can carry, huge events.
// Each is a clear answer (the same status and body as the Node server's where it can see the same
// input) or an error naming the shape and member, never a TypeError from inside; the container
// serves a normal event afterwards, and work grows linearly with the event.
import { FrameworkApplication, type ApplicationTables } from '@framework/core';
import { lambdaHandler } from '@framework/core/lambda';
import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { fileURLToPath } from 'node:url';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { compileFixture } from '../compile-fixture.js';
import { AppModule } from '../lambda/fixtures/app/src/app.module.js';
import { startContainer, type Container } from '../lambda/fixtures/runtime-api.js';
import { medianMs, scalesLinearly } from './fixtures/linear-time.js';

const fixture = new URL('../lambda/fixtures/app/', import.meta.url);
const { tables } = await compileFixture<{ tables: ApplicationTables }>(fixture, 'AppModule', 'generated-hostile-lambda');
const env = { LAMBDA_TABLES: new URL('generated-hostile-lambda/tables.ts', fixture).href };
const handlerFile = fileURLToPath(new URL('../lambda/fixtures/handler.ts', import.meta.url));
const event = (name: string) => JSON.parse(readFileSync(new URL(`../lambda/fixtures/events/${name}.json`, import.meta.url), 'utf8')) as Record<string, any>;

type Result = { statusCode: number; headers?: Record<string, string>; body: string };
type Invocation = Awaited<ReturnType<Container['invoke']>>;

const test = suite<{ container: Container; node: FrameworkApplication; port: number }>('hostile Lambda events');

test.before(async (context) => {
  context.container = await startContainer(`${handlerFile}:handler`, env);
  context.node = await new FrameworkApplication(tables, { bodyLimit: 1024 }).init(AppModule);
  context.port = await context.node.listen(0, '127.0.0.1');
});
test.after(async ({ container, node }) => {
  await container.stop();
  await node.close();
});

const result = (invocation: Invocation): Result => {
  assert.ok(invocation.result, `an answer, not an error: ${JSON.stringify(invocation.error)}`);
  return invocation.result as Result;
};
/** The answer's body as JSON, checked to carry no stack. */
const jsonOf = (answer: Result) => {
  assert.not.match(answer.body, /\bat .+:\d+:\d+/, 'no stack in the body');
  return JSON.parse(answer.body) as { status: number; name: string; message: string };
};
/** The status line and body the Node server answers to `text` on a raw socket. */
const rawNode = (port: number, text: string) =>
  new Promise<{ status: number; body: string }>((resolve) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(text));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk)).on('close', () => resolve({ status: Number(answer.slice(9, 12)), body: answer.slice(answer.indexOf('\r\n\r\n') + 4) }));
  });

async function stillServes(container: Container): Promise<void> {
  assert.is(result(await container.invoke(event('http-api'))).statusCode, 200, 'a normal event afterwards');
}

test('events that are not objects, or lack the members of every shape, are an UnknownLambdaEventError naming what they are', async ({ container }) => {
  const cases: [unknown, string][] = [
    ['GET /l/echo', 'it has: a string'],
    [[event('http-api')], 'it has: an array'],
    [42, 'it has: a number'],
    [null, 'it has: null'],
    [{ ...event('http-api'), requestContext: { http: null } }, 'it has: version'],
    [{ ...event('rest-api'), httpMethod: 7 }, 'it has: '],
  ];
  for (const [input, named] of cases) {
    const { error } = await container.invoke(input);
    assert.is(error?.errorType, 'UnknownLambdaEventError', JSON.stringify(input).slice(0, 60));
    assert.match(error!.errorMessage, named);
  }
  await stillServes(container);
});

test('a member of the wrong type is a MalformedLambdaEventError naming the member and the shape, never its value', async ({ container }) => {
  const http = event('http-api');
  const multi = event('alb-multi-value');
  const cases: [Record<string, unknown>, string][] = [
    [{ ...http, cookies: 'session=secret' }, '`cookies` must be a list of strings; it is a string'],
    [{ ...http, cookies: ['a=1', 7, { secret: 1 }] }, '`cookies[…]` must be a string; it is a number'],
    [{ ...http, headers: { 'x-a': { secret: 1 } } }, '`headers["x-a"]` must be a string; it is an object'],
    [{ ...http, rawQueryString: 5 }, '`rawQueryString` must be a string'],
    [{ ...event('function-url'), body: { secret: 1 } }, '`body` must be a string; it is an object'],
    [{ ...event('function-url'), isBase64Encoded: 'yes' }, '`isBase64Encoded` must be a boolean'],
    // A string is iterable: read as a list, its characters would have become three header lines.
    [{ ...multi, multiValueHeaders: { ...multi.multiValueHeaders, 'x-a': 'secret' } }, 'in an Application Load Balancer event, `multiValueHeaders["x-a"]` must be a list of strings'],
    [{ ...event('rest-api'), multiValueQueryStringParameters: { tag: 'secret' } }, 'REST API event (payload 1.0), `multiValueQueryStringParameters["tag"]`'],
    [{ ...event('rest-api'), requestContext: { domainName: { secret: 1 } } }, '`requestContext.domainName` must be a string'],
  ];
  for (const [input, named] of cases) {
    const { error } = await container.invoke(input);
    assert.is(error?.errorType, 'MalformedLambdaEventError', named);
    assert.match(error!.errorMessage, named);
    assert.not.match(error!.errorMessage, 'secret');
  }
  await stillServes(container);
});

test('what a client sent that no request can carry is a 400 saying what; TRACE the 405 a server gives', async ({ container, port }) => {
  const http = event('http-api');
  const cases: [Record<string, unknown>, number, string][] = [
    [{ ...http, headers: { ...http.headers, 'bad name': 'x' } }, 400, 'A header name must be an HTTP token'],
    [{ ...http, headers: { ...http.headers, 'x-a': 'a\r\nset-cookie: x=1' } }, 400, 'no header may carry (CR, LF or NUL)'],
    [{ ...event('rest-api'), httpMethod: 'GE T' }, 400, 'The request method must be an HTTP token'],
    [{ ...event('function-url'), body: '*** not base64 ***' }, 400, 'marked base64 (isBase64Encoded) but is not valid base64'],
  ];
  for (const [input, status, message] of cases) {
    const answer = result(await container.invoke(input));
    assert.is(answer.statusCode, status, message);
    assert.match(jsonOf(answer).message, message);
  }
  const trace = result(await container.invoke({ ...event('rest-api'), httpMethod: 'TRACE' }));
  const fromNode = await rawNode(port, 'TRACE /l/echo HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n');
  assert.equal([trace.statusCode, jsonOf(trace)], [fromNode.status, JSON.parse(fromNode.body)]);
  await stillServes(container);
});

test('a lowercase method is read as the Fetch standard spells it; a GET with a body drops the body instead of failing', async ({ container }) => {
  const answer = result(await container.invoke({ ...event('rest-api'), httpMethod: 'get', body: 'ignored' }));
  assert.is(answer.statusCode, 200);
  assert.is((jsonOf(answer) as unknown as { method: string }).method, 'GET');
});

test('a header value past Latin-1 (UTF-8 that API Gateway decoded) goes on as the bytes a server reads', async ({ container, port }) => {
  const answer = result(await container.invoke({ ...event('http-api'), cookies: ['name=héllo ☃'] }));
  assert.is(answer.statusCode, 200);
  const fromNode = await rawNode(port, `GET /l/echo HTTP/1.1\r\nHost: a\r\nCookie: name=héllo ☃\r\nConnection: close\r\n\r\n`);
  const nodeCookie = JSON.parse(fromNode.body.slice(fromNode.body.indexOf('{'), fromNode.body.lastIndexOf('}') + 1)).cookie;
  assert.is((jsonOf(answer) as unknown as { cookie: string }).cookie, nodeCookie);
});

test('a Content-Length that lies cannot carry a body past bodyLimit; one over it is the 413 of a server', async ({ container, port }) => {
  const long = `{"name":"${'x'.repeat(2000)}","quantity":1}`;
  const base = event('function-url');
  const lying = result(await container.invoke({ ...base, headers: { ...base.headers, 'content-length': '20' }, isBase64Encoded: false, body: long }));
  assert.equal([lying.statusCode, jsonOf(lying).name], [413, 'BodyTooLargeException']);
  const garbage = result(await container.invoke({ ...base, headers: { ...base.headers, 'content-length': '20, 20' }, isBase64Encoded: false, body: long }));
  assert.equal([garbage.statusCode, jsonOf(garbage).message], [400, 'Content-Length must be one decimal number of bytes; got "20, 20".']);
  const huge = result(await container.invoke({ ...base, isBase64Encoded: false, body: 'x'.repeat(6 * 1024 * 1024) }));
  const fromNode = await rawNode(port, `POST /l/items HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\nContent-Length: ${6 * 1024 * 1024}\r\nConnection: close\r\n\r\n`);
  assert.equal([huge.statusCode, jsonOf(huge)], [fromNode.status, JSON.parse(fromNode.body)]);
});

test('a rawPath with dot segments stays on the same origin; %00 and a bad escape are the 404 a server gives', async ({ container, port }) => {
  const dots = result(await container.invoke({ ...event('http-api'), rawPath: '/x/../../l/echo', rawQueryString: '' }));
  assert.equal([dots.statusCode, new URL((jsonOf(dots) as unknown as { url: string }).url).pathname], [200, '/l/echo']);
  for (const path of ['/l/echo%00', '/l/%zz']) {
    const answer = result(await container.invoke({ ...event('http-api'), rawPath: path, rawQueryString: '' }));
    const fromNode = await rawNode(port, `GET ${path} HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n`);
    assert.equal([answer.statusCode, jsonOf(answer)], [fromNode.status, JSON.parse(fromNode.body)], path);
  }
});

test('an ALB event with both headers and multiValueHeaders is read from multiValueHeaders and answered in them', async ({ container }) => {
  const alb = event('alb');
  const answer = (await container.invoke({ ...alb, headers: { ...alb.headers, host: 'headers.example' }, multiValueHeaders: { host: ['multi.example'] } })).result as Result & { multiValueHeaders?: Record<string, string[]> };
  assert.is(answer.statusCode, 200);
  assert.is(new URL((jsonOf(answer) as unknown as { url: string }).url).host, 'multi.example');
  assert.ok(answer.multiValueHeaders?.['content-type'], 'the answer in multiValueHeaders');
});

test('the streaming handler refuses the same malformed events, by name, and serves after them', async () => {
  const streaming = await startContainer(`${handlerFile}:streaming`, env);
  try {
    const malformed = await streaming.invoke({ ...event('http-api'), cookies: 'session=secret' });
    assert.is(malformed.error?.errorType, 'MalformedLambdaEventError');
    const refused = await streaming.invoke({ ...event('http-api'), headers: { 'bad name': 'x' } });
    assert.equal([(refused.streamed?.prelude as { statusCode: number }).statusCode, JSON.parse(refused.streamed!.body).message], [400, 'A header name must be an HTTP token; got "bad name".']);
    const { streamed } = await streaming.invoke({ ...event('http-api'), rawPath: '/l/ticks', rawQueryString: '' });
    assert.is(streamed!.body, 'data: {"n":1}\n\ndata: {"n":2}\n\ndata: {"n":3}\n\n');
  } finally {
    await streaming.stop();
  }
});

test('the context object is not read: none, an empty one or a string serve the event alike; an unknown method is a 405', async ({ node }) => {
  const handler = lambdaHandler(node);
  for (const context of [undefined, {}, 'not a context']) assert.is((await handler(event('http-api'), context)).statusCode, 200);
  assert.is((await handler({ ...event('rest-api'), httpMethod: 'FOO' })).statusCode, 405);
});

test('10,000 headers or repeated query values cost linear time, and are answered', async ({ container }) => {
  const headers = (count: number) => Object.fromEntries(Array.from({ length: count }, (_, i) => [`x-h${i}`, 'v']));
  const many = (count: number) => ({ ...event('rest-api'), multiValueQueryStringParameters: { many: Array.from({ length: count }, (_, i) => String(i)) } });
  const send = async (input: unknown) => assert.is(result(await container.invoke(input)).statusCode, 200);
  for (const make of [(n: number) => ({ ...event('http-api'), headers: headers(n) }), many]) {
    const small = await medianMs(() => send(make(1000)));
    const verdict = scalesLinearly(small, await medianMs(() => send(make(10_000))), 150);
    assert.ok(verdict.ok, verdict.message);
  }
  const values = JSON.parse(result(await container.invoke(many(10_000))).body).many as string[];
  assert.is(values.length, 10_000);
});

test.run();
