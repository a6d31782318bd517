import { Controller, Ctx, Messages, Query, Sse, Ws, type ExecutionContext } from '@framework/core';
import { EchoDto } from './message.dto.js';

export interface Tick {
  n: number;
  at: string;
}

/** The streams the streaming bench measures; `peer.mjs` serves the same by hand. */
@Controller()
export class StreamsController {
  /** `count` events, as fast as the client reads; endless without `count`. */
  @Sse('/ticks')
  async *ticks(@Ctx() context: ExecutionContext, @Query('count') count?: string): AsyncGenerator<Tick> {
    const last = count === undefined ? Infinity : Number(count);
    for (let n = 1; n <= last && !context.signal.aborted; n++) yield { n, at: 'bench' };
  }

  /** An event stream that stays open and quiet until the client leaves (the idle-memory figure). */
  @Sse('/idle')
  async *idle(@Ctx() context: ExecutionContext): AsyncGenerator<Tick> {
    await new Promise((resolve) => context.signal.addEventListener('abort', resolve, { once: true }));
  }

  /** Each validated message back with its number doubled. */
  @Ws('/echo')
  async *echo(@Messages() messages: AsyncIterable<EchoDto>): AsyncGenerator<{ text: string; doubled: number }> {
    for await (const message of messages) yield { text: message.text, doubled: message.n * 2 };
  }

  /** `count` messages pushed as fast as the client reads. */
  @Ws('/flood')
  async *flood(@Ctx() context: ExecutionContext, @Query('count') count: string): AsyncGenerator<Tick> {
    for (let n = 1; n <= Number(count) && !context.signal.aborted; n++) yield { n, at: 'bench' };
  }
}
