import { Controller, Get } from '@framework/core';

/** 20 KiB of JSON (20,072 bytes), made once: the compression row's answer (the same list as the peers'). */
const BIG = Array.from({ length: 206 }, (_, i) => ({ id: String(i), title: `todo number ${i} of the compression row`, done: i % 2 === 0, tags: ['bench', 'gzip'] }));

@Controller('/big')
export class BigController {
  @Get()
  list(): object[] {
    return BIG;
  }
}
