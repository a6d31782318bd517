import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compileFixture, golden } from './helpers.js';

const f = 'fw2400-stream-routes';
const file = `test/compiler/fixtures/${f}/src/app.module.ts`;
const at = (line: number, column: number, code: string, message: string) => ({ code, severity: 'error', file, line, column, message });

const result = await compileFixture(f);

test('streaming routes of the right shape get no diagnostic', () => {
  assert.not.ok(result.diagnostics.some((d) => d.message.includes('GoodStreams.')), result.diagnostics.map((d) => d.message).join('\n'));
});

test('FW2401-FW2404, and FW1201 for a message DTO member, at the handler or the parameter', () => {
  assert.equal(result.diagnostics.map(golden), [
    at(6, 3, 'FW1201', "Member 'room' of body class ChatDto has no class-validator decorator; every body member needs one."),
    at(18, 16, 'FW2401', 'BadStreams.latest is an @Sse() route, but returns Note, which is not an iterable of events: the event stream would carry nothing.'),
    at(19, 24, 'FW2402', 'BadStreams.answer is a @Ws() route, but returns Promise<Note>, which is not an iterable of messages: a socket handler has the shape of a bidirectional RPC.'),
    at(19, 31, 'FW2403', "@Messages() parameter 'messages' of BadStreams.answer has type AsyncIterable<string>, which is not an AsyncIterable of a DTO class: its messages could not be validated."),
    at(20, 33, 'FW2404', "@Body() parameter 'dto' of BadStreams.withBody: an @Sse() route is opened by a GET request, which has no body."),
    at(21, 41, 'FW2404', "@Messages() parameter 'messages' of BadStreams.withMessages: it reads the messages of a socket, but the route is not a @Ws() route."),
  ]);
  assert.equal(result.diagnostics.slice(1).map((d) => d.hint), [
    'make it an `async *` method that yields each event (its data, or sseEvent(data, { event, id })), or serve one answer with @Get().',
    'make it an `async *` method that reads `@Messages() messages: AsyncIterable<Dto>` with `for await` and yields the messages to send.',
    'declare it as `messages: AsyncIterable<SomeDto>` where SomeDto is a class whose members carry class-validator decorators (as for @Body()).',
    'read what the stream needs from the path or the query (@Param, @Query).',
    'serve the route with @Ws(path), or read a request body with @Body().',
  ]);
});

test.run();
