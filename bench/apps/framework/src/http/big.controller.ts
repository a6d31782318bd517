import { Controller, Get } from '@framework/core';

/** About 20 KiB of JSON, made once: the compression row's answer (the same list as the peers'). */
const BIG = Array.from({ length: 160 }, (_, i) => ({ id: String(i), title: `todo number ${i} of the compression row`, done: i % 2 === 0, tags: ['bench', 'gzip'] }));

@Controller('/big')
export class BigController {
  @Get()
  list(): object[] {
    return BIG;
  }
}
