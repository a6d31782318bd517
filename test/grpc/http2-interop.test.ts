/**
 * Interoperability with a second, independent client: gRPC spoken by hand over node:http2
 * (length-prefixed frames, protobufjs for the messages, grpc-status from the trailers).
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { connect, type ClientHttp2Session, type IncomingHttpHeaders } from 'node:http2';
import protobuf from 'protobufjs';
import { startApp, type StartedApp } from './fixtures/harness.js';
import { todoProtoPath } from './fixtures/protos.js';
import { TodoStore } from './fixtures/todo.js';

const schema = protobuf.loadSync(todoProtoPath);
const GetTodoRequest = schema.lookupType('todo.GetTodoRequest');
const CreateTodoRequest = schema.lookupType('todo.CreateTodoRequest');
const Todo = schema.lookupType('todo.Todo');

/** One gRPC message on the wire: compressed flag (0), 4-byte big-endian length, bytes. */
function frame(message: Uint8Array): Buffer {
  const prefix = Buffer.alloc(5);
  prefix.writeUInt32BE(message.length, 1);
  return Buffer.concat([prefix, message]);
}

function unframe(body: Buffer): Buffer[] {
  const messages: Buffer[] = [];
  for (let offset = 0; offset < body.length; ) {
    assert.is(body[offset], 0, 'the server must not compress unasked');
    const length = body.readUInt32BE(offset + 1);
    messages.push(body.subarray(offset + 5, offset + 5 + length));
    offset += 5 + length;
  }
  return messages;
}

interface RawAnswer {
  readonly headers: IncomingHttpHeaders;
  readonly messages: Buffer[];
  readonly grpcStatus: number;
  readonly grpcMessage: string;
}

/** A unary call by hand. grpc-status comes in the trailers, or in the headers of a trailers-only answer. */
function rawUnary(session: ClientHttp2Session, path: string, body: Buffer, metadata: Record<string, string | string[]> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const stream = session.request({ ':method': 'POST', ':path': path, 'content-type': 'application/grpc', te: 'trailers', ...metadata });
    let headers: IncomingHttpHeaders = {};
    let trailers: IncomingHttpHeaders = {};
    const chunks: Buffer[] = [];
    stream.on('response', (h) => (headers = h));
    stream.on('trailers', (t) => (trailers = t));
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('error', reject);
    stream.on('end', () => {
      const statusSource = trailers['grpc-status'] !== undefined ? trailers : headers;
      resolve({
        headers,
        messages: unframe(Buffer.concat(chunks)),
        grpcStatus: Number(statusSource['grpc-status']),
        grpcMessage: decodeURIComponent(String(statusSource['grpc-message'] ?? '')),
      });
    });
    stream.end(body);
  });
}

const test = suite<{ started: StartedApp; session: ClientHttp2Session }>('a hand-written HTTP/2 gRPC client');

test.before(async (context) => {
  context.started = await startApp();
  context.session = connect(`http://127.0.0.1:${context.started.grpcPort}`);
});
test.after(async ({ started, session }) => {
  session.close();
  await started.stop();
});

test('GetTodo answers one framed Todo, application/grpc, grpc-status 0', async ({ started, session }) => {
  const todo = started.app.get<TodoStore>(TodoStore).create('over raw http2');
  const answer = await rawUnary(session, '/todo.TodoService/GetTodo', frame(GetTodoRequest.encode({ id: todo.id }).finish()));
  assert.is(answer.headers[':status'], 200);
  assert.match(String(answer.headers['content-type']), /^application\/grpc/);
  assert.is(answer.grpcStatus, 0);
  assert.is(answer.messages.length, 1);
  assert.equal(Todo.toObject(Todo.decode(answer.messages[0]!), { defaults: true }), todo);
});

test('CreateTodo receives repeated metadata sent as repeated HTTP/2 headers', async ({ session }) => {
  const request = frame(CreateTodoRequest.encode({ title: 'raw' }).finish());
  const answer = await rawUnary(session, '/todo.TodoService/CreateTodo', request, { 'x-tag': ['one', 'two'] });
  assert.is(answer.grpcStatus, 0);
  assert.is(Todo.toObject(Todo.decode(answer.messages[0]!)).title, 'raw [one,two]');
});

test('NOT_FOUND arrives as grpc-status 5 with the message "Not found"', async ({ session }) => {
  const answer = await rawUnary(session, '/todo.TodoService/GetTodo', frame(GetTodoRequest.encode({ id: 'absent' }).finish()));
  assert.is(answer.grpcStatus, 5);
  assert.is(answer.grpcMessage, 'Not found');
  assert.equal(answer.messages, []);
});

test('a frame whose bytes are not a GetTodoRequest is answered INTERNAL, and the connection keeps working', async ({ started, session }) => {
  const broken = await rawUnary(session, '/todo.TodoService/GetTodo', frame(Buffer.from([0xff, 0xff, 0xff])));
  assert.is(broken.grpcStatus, 13);
  const todo = started.app.get<TodoStore>(TodoStore).create('after garbage');
  const answer = await rawUnary(session, '/todo.TodoService/GetTodo', frame(GetTodoRequest.encode({ id: todo.id }).finish()));
  assert.is(answer.grpcStatus, 0);
});

test.run();
