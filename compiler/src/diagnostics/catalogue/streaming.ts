import type { Entry } from './entry.js';

/**
 * FW24xx: streaming HTTP routes (server-sent events, WebSockets).
 * Part of the diagnostics catalogue (`../catalogue.ts`), whose conventions hold here.
 *
 * @example
 * streamingCatalogue.FW2401.severity // 'error'
 */
export const streamingCatalogue = {
  FW2401: {
    severity: 'error',
    message: (a) => `${a.handler} is an @Sse() route, but returns ${a.type}, which is not an iterable of events: the event stream would carry nothing.`,
    hint: () => 'make it an `async *` method that yields each event (its data, or sseEvent(data, { event, id })), or serve one answer with @Get().',
  },
  FW2402: {
    severity: 'error',
    message: (a) => `${a.handler} is a @Ws() route, but returns ${a.type}, which is not an iterable of messages: a socket handler has the shape of a bidirectional RPC.`,
    hint: () => 'make it an `async *` method that reads `@Messages() messages: AsyncIterable<Dto>` with `for await` and yields the messages to send.',
  },
  FW2403: {
    severity: 'error',
    message: (a) => `@Messages() parameter '${a.param}' of ${a.handler} has type ${a.type}, which is not an AsyncIterable of a DTO class: its messages could not be validated.`,
    hint: (a) => `declare it as \`${a.param}: AsyncIterable<SomeDto>\` where SomeDto is a class whose members carry class-validator decorators (as for @Body()).`,
  },
  FW2404: {
    severity: 'error',
    message: (a) => `@${a.decorator}() parameter '${a.param}' of ${a.handler}: ${a.why}`,
    hint: (a) => a.fix,
  },
} satisfies Record<string, Entry>;
