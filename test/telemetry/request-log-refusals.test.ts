// The request log when its destination refuses a line: the lines after it are still written
// (the first line is written once pino has loaded, with the lines kept meanwhile), and what was
// refused is said on the console, not thrown at the request.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { RequestLog, type RequestRecord } from '../../runtime/core/src/logging/request-log.js';

const record = (path: string): RequestRecord => ({ requestId: 'r1', transport: 'http', method: 'GET', path, status: 200, durationMs: 1, client: '127.0.0.1' });

test('a line the destination refuses keeps back none after it', async () => {
  const written: string[] = [];
  let calls = 0;
  const destination = {
    write(line: string) {
      if (calls++ === 0) throw new Error('disk full');
      written.push(line);
    },
    flush(done: () => void) {
      done();
    },
  };
  const said: unknown[][] = [];
  const consoleError = console.error;
  console.error = (...args: unknown[]) => void said.push(args);
  try {
    const log = await RequestLog.create({ level: 'info', destination });
    // Both kept while pino loads; the first is refused when they are written.
    log.write(record('/first'), false);
    log.write(record('/second'), false);
    await log.flush();
    log.write(record('/third'), false);
    await log.flush();
  } finally {
    console.error = consoleError;
  }
  assert.equal(written.map((line) => (JSON.parse(line) as { path: string }).path), ['/second', '/third']);
  assert.is(said.length, 1);
  assert.match(String(said[0]![0]), 'a line could not be written');
  assert.match(String((said[0]![1] as Error).message), 'disk full');
});

test.run();
