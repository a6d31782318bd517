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
  FW2405: {
    severity: 'error',
    message: (a) =>
      `${a.handler} reads ${a.read} ${a.when}, when the socket is open: the upgrade request is let go by then, so the read throws and the socket closes with 1011.`,
    hint: (a) =>
      `read what the handler needs of the request through a parameter (@Header('…'), @Query('…'), @Param('…'), @Req()), which is read before the socket opens, or read ${a.read} before the first await, for await or yield.`,
  },
  FW2406: {
    severity: 'error',
    message: (a) =>
      `${a.handler} is ${a.route} route, but the CacheInterceptor runs on it (${a.via}): a stream cannot be kept and replayed, so clients sharing a key would split its values and all lose it when one leaves.`,
    hint: (a) => `apply the CacheInterceptor to the routes that return one answer (\`@UseInterceptors(CacheInterceptor)\` on each of those methods) instead of ${a.where}.`,
  },
  FW2407: {
    severity: 'warning',
    message: (a) =>
      `${a.what} on ${a.owner} bounds only the time until the handler returns its stream: ${a.handler} is ${a.route} route, and the TimeoutInterceptor stops timing once the stream starts, so it never ends ${a.kind === 'websocket' ? 'the socket' : 'the event stream'}.`,
    hint: (a) =>
      a.kind === 'websocket'
        ? `a socket is bounded by the streaming limits of \`new FrameworkApplication(tables, { streaming: { … } })\`: \`idleTimeoutMs\` (closes a silent socket with 4408), \`messagesPerSecond\` and \`maxMessageBytes\`; end the generator to close it sooner. Then remove ${a.what}.`
        : `bound the stream where it is produced: stop yielding when \`context.signal\` aborts (the client left) or when your own time limit passes; then remove ${a.what}.`,
  },
} satisfies Record<string, Entry>;
