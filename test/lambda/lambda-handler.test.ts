// lambdaHandler against the published event shapes (API Gateway HTTP API and REST API, a function
// URL, an ALB with and without multi-value headers), run by a local Lambda Runtime API and a
// bootstrap that invokes the handler as the Node.js runtime does: one container, one start of the
// application for every event, the same refusals as the Node server gives, streamed answers
// through awslambda.streamifyResponse, and an event of no known shape named, not crashed on. In
// process: a plain `{ fetch }` application gets the event as a Web `Request`.
import { FrameworkApplication, type ApplicationTables } from '@framework/core';
import { lambdaHandler } from '@framework/core/lambda';
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { compileFixture } from '../compile-fixture.js';
import { AppModule } from './fixtures/app/src/app.module.js';
import { startContainer, type Container } from './fixtures/runtime-api.js';

const fixture = new URL('./fixtures/app/', import.meta.url);
const { tables } = await compileFixture<{ tables: ApplicationTables }>(fixture);
const env = { LAMBDA_TABLES: new URL('generated/tables.ts', fixture).href };
const handlerFile = fileURLToPath(new URL('./fixtures/handler.ts', import.meta.url));
const event = (name: string) => JSON.parse(readFileSync(new URL(`./fixtures/events/${name}.json`, import.meta.url), 'utf8')) as Record<string, any>;

type Result = { statusCode: number; headers?: Record<string, string>; multiValueHeaders?: Record<string, string[]>; cookies?: string[]; body: string; isBase64Encoded: boolean; statusDescription?: string };

const lambda = suite<{ container: Container; node: FrameworkApplication; base: string }>('lambdaHandler');

lambda.before(async (context) => {
  context.container = await startContainer(`${handlerFile}:handler`, env);
  context.node = await new FrameworkApplication(tables, { bodyLimit: 1024, compression: true }).init(AppModule);
  context.base = `http://127.0.0.1:${await context.node.listen(0, '127.0.0.1')}`;
});
lambda.after(async ({ container, node }) => {
  await container.stop();
  await node.close();
});

const invoke = async (container: Container, e: unknown) => (await container.invoke(e)).result as Result;

lambda('HTTP API (payload 2.0): URL, raw query, cookies joined into Cookie, JSON back as text', async ({ container }) => {
  const result = await invoke(container, event('http-api'));
  assert.is(result.statusCode, 200);
  assert.is(result.isBase64Encoded, false);
  assert.match(result.headers!['content-type']!, 'application/json');
  assert.equal(JSON.parse(result.body), {
    url: 'https://r3pmxmplak.execute-api.us-east-2.amazonaws.com/l/echo?tag=a%20b&many=1&many=2',
    method: 'GET',
    tag: 'a b',
    cookie: 'session=abc; theme=dark',
    many: ['1', '2'],
  });
});

lambda('function URL: a base64 body decoded and validated; several Set-Cookie as `cookies`; binary answers base64', async ({ container }) => {
  const created = await invoke(container, event('function-url'));
  assert.equal([created.statusCode, JSON.parse(created.body)], [200, { name: 'bolt', quantity: 2 }]);
  // A client that sent its body chunked: the event says so, and the body is read as it came.
  const chunked = await invoke(container, { ...event('function-url'), headers: { ...event('function-url').headers, 'transfer-encoding': 'chunked' } });
  assert.equal([chunked.statusCode, JSON.parse(chunked.body)], [200, { name: 'bolt', quantity: 2 }]);
  const cookies = await invoke(container, { ...event('http-api'), rawPath: '/l/cookies', rawQueryString: '' });
  assert.equal(cookies.cookies, ['a=1; Path=/; HttpOnly', 'b=2; Path=/; HttpOnly']);
  assert.is(cookies.headers!['set-cookie'], undefined);
  const bytes = await invoke(container, { ...event('http-api'), rawPath: '/l/bytes', rawQueryString: '' });
  assert.is(bytes.isBase64Encoded, true);
  assert.equal([...Buffer.from(bytes.body, 'base64')], [0, 255, 1, 254]);
});

lambda('@Req().raw is the Web Request of the event: method, URL, joined cookies, type and the decoded body', async ({ container }) => {
  const base = event('function-url');
  const result = await invoke(container, { ...base, rawPath: '/l/raw', cookies: ['a=1', 'b=2'] });
  assert.is(result.statusCode, 200);
  assert.equal(JSON.parse(result.body), {
    method: 'POST',
    url: 'https://abcdefg.lambda-url.us-east-1.on.aws/l/raw',
    cookie: 'a=1; b=2',
    type: 'application/json',
    body: '{"name":"bolt","quantity":2}',
  });
});

lambda('REST API (payload 1.0): repeated query values encoded again, answers in multiValueHeaders', async ({ container }) => {
  const result = await invoke(container, event('rest-api'));
  const body = JSON.parse(result.body);
  assert.equal([body.tag, body.many, body.cookie], ['a b', ['1', '2'], 'session=abc']);
  assert.is(body.url, 'https://1234567890.execute-api.us-east-1.amazonaws.com/l/echo?tag=a+b&many=1&many=2');
  assert.match(result.multiValueHeaders!['content-type']![0]!, 'application/json');
});

lambda('ALB: the query as sent, X-Forwarded-Proto http, a status description; multi-value headers keep both cookies', async ({ container }) => {
  const plain = await invoke(container, event('alb'));
  assert.equal([plain.statusCode, plain.statusDescription], [200, '200 OK']);
  const body = JSON.parse(plain.body);
  assert.equal([body.url, body.tag], ['http://lambda-alb-123578498.us-east-2.elb.amazonaws.com/l/echo?tag=a%20b&many=2', 'a b']);
  const multi = await invoke(container, event('alb-multi-value'));
  assert.equal(multi.multiValueHeaders!['set-cookie'], ['a=1; Path=/; HttpOnly', 'b=2; Path=/; HttpOnly']);
});

lambda('a compressed answer goes back base64, byte for byte, whatever its type; text not in UTF-8 too', async ({ container, base }) => {
  const expected = await (await fetch(`${base}/l/list`)).json();
  const gzip = { ...event('http-api'), rawPath: '/l/list', rawQueryString: '', headers: { ...event('http-api').headers, 'accept-encoding': 'gzip' } };
  const rest = { ...event('rest-api'), path: '/l/list', multiValueQueryStringParameters: null, multiValueHeaders: { ...event('rest-api').multiValueHeaders, 'Accept-Encoding': ['gzip'] } };
  for (const [shape, compressed] of [['HTTP API', await invoke(container, gzip)], ['REST API', await invoke(container, rest)]] as const) {
    assert.is(compressed.statusCode, 200, shape);
    assert.is(compressed.headers?.['content-encoding'] ?? compressed.multiValueHeaders?.['content-encoding']?.[0], 'gzip', shape);
    assert.is(compressed.isBase64Encoded, true, shape);
    assert.equal(JSON.parse(gunzipSync(Buffer.from(compressed.body, 'base64')).toString()), expected, shape);
  }
  const latin1 = await invoke(container, { ...event('http-api'), rawPath: '/l/latin1', rawQueryString: '' });
  assert.is(latin1.isBase64Encoded, true);
  assert.equal([...Buffer.from(latin1.body, 'base64')], [0x63, 0x61, 0x66, 0xe9]);
});

lambda('the caller\'s address: the source IP of API Gateway, the address an ALB appends to X-Forwarded-For', async ({ container }) => {
  const address = async (e: Record<string, any>) => JSON.parse((await invoke(container, e)).body).address;
  assert.is(await address({ ...event('http-api'), rawPath: '/l/address', rawQueryString: '' }), '205.255.255.176');
  assert.is(await address({ ...event('rest-api'), path: '/l/address', multiValueQueryStringParameters: null }), '198.51.100.4');
  const alb = event('alb');
  assert.is(await address({ ...alb, path: '/l/address', queryStringParameters: {}, headers: { ...alb.headers, 'x-forwarded-for': '198.51.100.9, 72.12.164.125' } }), '72.12.164.125');
  const multi = event('alb-multi-value');
  assert.is(await address({ ...multi, path: '/l/address', multiValueHeaders: { ...multi.multiValueHeaders, 'x-forwarded-for': ['198.51.100.9', '72.12.164.126'] } }), '72.12.164.126');
});

// API Gateway's HTTP API hands the path decoded (`%2541` arrives as `%41`); a function URL, the REST
// API and an ALB hand it as sent. Either way the route sees it decoded once, as on a server.
lambda('a path is decoded once: the HTTP API\'s decoded path read as it is, a function URL\'s as sent', async ({ container, base }) => {
  const name = async (e: Record<string, any>) => JSON.parse((await invoke(container, e)).body).name;
  for (const [sent, decoded] of [['50%25off', '50%off'], ['a%2541', 'a%41'], ['a%20b', 'a b']]) {
    const expected = ((await (await fetch(`${base}/l/name/${sent}`)).json()) as { name: string }).name;
    assert.is(await name({ ...event('http-api'), rawPath: `/l/name/${decoded}`, rawQueryString: '' }), expected, `HTTP API ${sent}`);
    assert.is(await name({ ...event('function-url'), rawPath: `/l/name/${sent}`, body: undefined, isBase64Encoded: false, requestContext: { ...event('function-url').requestContext, http: { method: 'GET' } } }), expected, `function URL ${sent}`);
    assert.is(await name({ ...event('rest-api'), path: `/l/name/${sent}`, multiValueQueryStringParameters: null }), expected, `REST API ${sent}`);
  }
});

// A named stage of an HTTP API (not `$default`) is the first segment of its invoke URL's path, and
// of `rawPath`; under a custom domain it is not in the path.
lambda('an HTTP API\'s named stage is not part of the path the routes see, on its execute-api domain only', async ({ container }) => {
  const base = event('http-api');
  const staged = (rawPath: string, stage: string, domainName = base.requestContext.domainName) => ({ ...base, rawPath, rawQueryString: '', requestContext: { ...base.requestContext, stage, domainName } });
  const echoed = async (e: Record<string, any>) => {
    const result = await invoke(container, e);
    return result.statusCode === 200 ? JSON.parse(result.body).url : result.statusCode;
  };
  assert.is(await echoed(staged('/prod/l/echo', 'prod')), 'https://r3pmxmplak.execute-api.us-east-2.amazonaws.com/l/echo');
  assert.is(await echoed(staged('/l/echo', '$default')), 'https://r3pmxmplak.execute-api.us-east-2.amazonaws.com/l/echo');
  assert.is(await echoed({ ...staged('/l/echo', 'prod', 'api.example.com'), headers: { ...base.headers, host: 'api.example.com' } }), 'https://api.example.com/l/echo');
  assert.is(await echoed(staged('/production/l/echo', 'prod')), 404);
});

const withoutType = (headers: Record<string, string>) => Object.fromEntries(Object.entries(headers).filter(([name]) => name !== 'content-type'));
const FORM_TYPE = 'multipart/form-data; boundary=lambda-form';
/** A multipart body: a `title` field and a text file `note.txt` in the field `file`. */
const form = (title: string, text: string): string =>
  `--lambda-form\r\ncontent-disposition: form-data; name="title"\r\n\r\n${title}\r\n` +
  `--lambda-form\r\ncontent-disposition: form-data; name="file"; filename="note.txt"\r\ncontent-type: text/plain\r\n\r\n${text}\r\n--lambda-form--\r\n`;

lambda('bad input gets the same status and body as on the Node server', async ({ container, base }) => {
  const post = (body: string, type = 'application/json') => ({
    ...event('function-url'),
    headers: { ...event('function-url').headers, 'content-type': type },
    body: Buffer.from(body).toString('base64'),
  });
  const cases: [string, Record<string, any>, RequestInit & { path: string }][] = [
    ['invalid body', post('{"name":1,"quantity":0}'), { path: '/l/items', method: 'POST', body: '{"name":1,"quantity":0}', headers: { 'content-type': 'application/json' } }],
    ['malformed JSON', post('{"name":'), { path: '/l/items', method: 'POST', body: '{"name":', headers: { 'content-type': 'application/json' } }],
    ['oversized body', post(`{"name":"${'x'.repeat(2000)}","quantity":1}`), { path: '/l/items', method: 'POST', body: `{"name":"${'x'.repeat(2000)}","quantity":1}`, headers: { 'content-type': 'application/json' } }],
    ['unknown route', { ...event('http-api'), rawPath: '/nowhere' }, { path: '/nowhere' }],
    // A text body sent without a type is refused for it, as a server refuses it: no type is made up.
    ['JSON without a content type', { ...event('function-url'), headers: withoutType(event('function-url').headers), body: '{"name":"bolt","quantity":2}', isBase64Encoded: false }, { path: '/l/items', method: 'POST', body: Buffer.from('{"name":"bolt","quantity":2}') }],
    ['a form and its file', { ...post(form('a note', 'hello'), FORM_TYPE), rawPath: '/l/notes' }, { path: '/l/notes', method: 'POST', body: Buffer.from(form('a note', 'hello')), headers: { 'content-type': FORM_TYPE } }],
    ['a file over its maxBytes', { ...post(form('a note', 'x'.repeat(600)), FORM_TYPE), rawPath: '/l/notes' }, { path: '/l/notes', method: 'POST', body: Buffer.from(form('a note', 'x'.repeat(600))), headers: { 'content-type': FORM_TYPE } }],
    ['a form over the body limit', { ...post(form('a note', 'x'.repeat(2000)), FORM_TYPE), rawPath: '/l/notes' }, { path: '/l/notes', method: 'POST', body: Buffer.from(form('a note', 'x'.repeat(2000))), headers: { 'content-type': FORM_TYPE } }],
  ];
  for (const [what, lambdaEvent, { path, ...init }] of cases) {
    const fromLambda = await invoke(container, lambdaEvent);
    const fromNode = await fetch(`${base}${path}`, init);
    assert.is(fromLambda.statusCode, fromNode.status, `${what}: ${fromLambda.body}`);
    assert.equal(JSON.parse(fromLambda.body), await fromNode.json(), what);
  }
});

lambda('an event of no known shape is an error naming its members, and the container goes on', async ({ container }) => {
  const { error } = await container.invoke({ Records: [{ eventSource: 'aws:sqs', body: 'secret payload' }] });
  assert.is(error!.errorType, 'UnknownLambdaEventError');
  assert.match(error!.errorMessage, 'it has: Records');
  assert.not.match(error!.errorMessage, 'secret payload');
  assert.is((await invoke(container, event('http-api'))).statusCode, 200);
});

lambda('a Host that is not one plain host is a 400, never a different path; two hosts too', async ({ container }) => {
  const alb = event('alb');
  for (const host of ['x/l/cookies#', 'a b', 'a, b']) {
    const result = await invoke(container, { ...alb, headers: { ...alb.headers, host } });
    assert.is(result.statusCode, 400, host);
    assert.match(JSON.parse(result.body).message, 'The Host header must name one host');
  }
  const twice = await invoke(container, { ...event('alb-multi-value'), multiValueHeaders: { ...event('alb-multi-value').multiValueHeaders, host: ['a', 'b'] } });
  assert.is(twice.statusCode, 400);
});

lambda('an event stream on the buffered handler is a 501 naming lambdaStreamingHandler; an answer over the result limit a 500, its escaped text counted', async ({ container }) => {
  const stream = await invoke(container, { ...event('http-api'), rawPath: '/l/ticks', rawQueryString: '' });
  assert.is(stream.statusCode, 501);
  assert.match(JSON.parse(stream.body).message, 'lambdaStreamingHandler');
  const large = await invoke(container, { ...event('http-api'), rawPath: '/l/large', rawQueryString: '' });
  assert.is(large.statusCode, 500);
  assert.ok(large.body.length < 1000);
  // The body is 4.4 MB, but its quotes, escaped in the result's JSON, make that 6.6 MB.
  const quoted = await invoke(container, { ...event('http-api'), rawPath: '/l/quoted', rawQueryString: '' });
  assert.is(quoted.statusCode, 500);
  assert.match(JSON.parse(quoted.body).message, 'larger than a Lambda function can return');
});

lambda('the application starts once per container, on the first event', async ({ container }) => {
  assert.equal(container.output.filter((line) => line === 'init'), ['init']);
});

lambda.run();

const streaming = suite('lambdaStreamingHandler');

streaming('a function URL in RESPONSE_STREAM mode streams an event stream after its head; a REST API event is named', async () => {
  const container = await startContainer(`${handlerFile}:streaming`, env);
  try {
    const { streamed } = await container.invoke({ ...event('http-api'), rawPath: '/l/ticks', rawQueryString: '' });
    const prelude = streamed!.prelude as { statusCode: number; headers: Record<string, string> };
    assert.is(prelude.statusCode, 200);
    assert.match(prelude.headers['content-type']!, 'text/event-stream');
    assert.is(streamed!.body, 'data: {"n":1}\n\ndata: {"n":2}\n\ndata: {"n":3}\n\n');
    // An HTTP event that cannot stream (REST API, ALB) is named as what it is, not as an unknown one.
    const { error } = await container.invoke(event('rest-api'));
    assert.is(error!.errorType, 'UnknownLambdaEventError');
    assert.match(error!.errorMessage, 'an API Gateway REST API event (payload 1.0), which cannot stream');
  } finally {
    await container.stop();
  }
});

streaming.run();

const plain = suite('lambdaHandler of a plain { fetch }');

plain('hands fetch the Web Request of the event and the caller\'s address, and answers its Response', async () => {
  let seen: { url: string; method: string; cookie: string | null; body: string; address: string } | undefined;
  const handler = lambdaHandler({
    fetch: async (request, bindings) => {
      seen = { url: request.url, method: request.method, cookie: request.headers.get('cookie'), body: await request.text(), address: bindings!.remoteAddress() };
      const headers = new Headers({ 'content-type': 'text/plain' });
      headers.append('set-cookie', 'a=1');
      return new Response('seen', { status: 201, headers });
    },
  });
  const result = await handler({ ...event('function-url'), cookies: ['x=1', 'y=2'] });
  assert.equal(result, { statusCode: 201, body: 'seen', isBase64Encoded: false, headers: { 'content-type': 'text/plain' }, cookies: ['a=1'] });
  assert.equal(seen, { url: 'https://abcdefg.lambda-url.us-east-1.on.aws/l/items', method: 'POST', cookie: 'x=1; y=2', body: '{"name":"bolt","quantity":2}', address: '203.0.113.7' });
});

plain('a fetch that throws fails the invocation with its error', async () => {
  const handler = lambdaHandler({
    fetch: () => {
      throw new Error('fetch failed here');
    },
  });
  try {
    await handler(event('http-api'));
    assert.unreachable('the invocation should fail');
  } catch (error) {
    assert.is((error as Error).message, 'fetch failed here');
  }
});

plain.run();
