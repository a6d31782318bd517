// Where the "+ request log" peers write their lines: pino's asynchronous destination on /dev/null,
// the same for ours and Fastify's, so that the cost measured is the framework's logging, not a
// terminal's or a pipe's.
import pino from 'pino';

export function benchLogDestination() {
  return pino.destination({ dest: '/dev/null', sync: false });
}
