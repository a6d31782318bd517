import type { PrefixResponder } from './extension-points.js';
import type { HostExchange } from './host-exchange.js';

/**
 * The stage before routing: the responders whose prefix the path is, or is under, asked in
 * order (longest prefix first, as `PipelineExtensions.addPrefix` keeps them) until one answers.
 * Resolves true when one did; false lets routing go on.
 *
 * @example
 * if (await answerByPrefix(extensions.prefixes, exchange, '/assets/site.css')) return;
 */
export async function answerByPrefix(prefixes: readonly PrefixResponder[], exchange: HostExchange, path: string): Promise<boolean> {
  for (const responder of prefixes) {
    const { prefix } = responder;
    const under = prefix === '/' ? path : path === prefix ? '' : path.startsWith(prefix) && path.charCodeAt(prefix.length) === 47 ? path.slice(prefix.length) : undefined;
    if (under === undefined) continue;
    if (await responder.answer(exchange, under)) return true;
  }
  return false;
}
