/** A route's place in the router: its registration order and what serves it. */
interface Candidate<Handler> {
  readonly order: number;
  readonly handler: Handler;
  /** Path segments, `undefined` where a parameter stands (parametrised routes only). */
  readonly segments?: readonly (string | undefined)[];
}

/** What `match` found: the handler and the parameters' values in path order. */
export interface RouteMatch<Handler> {
  readonly handler: Handler;
  readonly values: readonly string[];
}

const noValues: readonly string[] = Object.freeze([]);
/** A path segment the router serves: a literal, or a whole-segment `:name`. */
const plainSegment = /^(?::[A-Za-z0-9_$]+|[^:*{}?]*)$/;

/**
 * The route matcher of the Node-native path, built once at init: per method, static paths in a
 * map and parametrised ones by segment. The first route registered wins, as on Hono (static
 * and parametrised alike), so both paths pick the same route for every path.
 *
 * @example
 * const router = new NodeRouter<string>();
 * router.add('GET', '/todo/:id', 'one'); router.add('GET', '/todo/all', 'all');
 * router.match('GET', '/todo/all'); // { handler: 'one', values: ['all'] }: registered first
 */
export class NodeRouter<Handler> {
  private readonly methods = new Map<string, { statics: Map<string, Candidate<Handler>>; params: Candidate<Handler>[] }>();
  private order = 0;

  /** Whether a route path is one this router serves (no wildcards, optional or pattern parameters). */
  static serves(path: string): boolean {
    return path.split('/').every((segment) => plainSegment.test(segment));
  }

  add(method: string, path: string, handler: Handler): void {
    let table = this.methods.get(method);
    if (!table) this.methods.set(method, (table = { statics: new Map(), params: [] }));
    const order = this.order++;
    if (!path.includes(':')) {
      if (!table.statics.has(path)) table.statics.set(path, { order, handler });
      return;
    }
    const segments = path.split('/').map((segment) => (segment.startsWith(':') ? undefined : segment));
    table.params.push({ order, handler, segments });
  }

  /** The route for a method and a path (its trailing slash dropped already), or `undefined`. */
  match(method: string, path: string): RouteMatch<Handler> | undefined {
    const table = this.methods.get(method);
    if (!table) return undefined;
    const found = table.statics.get(path);
    let parts: string[] | undefined;
    for (const candidate of table.params) {
      if (found !== undefined && candidate.order > found.order) break;
      parts ??= path.split('/');
      const values = valuesOf(candidate.segments!, parts);
      if (values) return { handler: candidate.handler, values };
    }
    return found && { handler: found.handler, values: noValues };
  }
}

/** The parameters' values when the path's segments fit the route's (a parameter is never empty). */
function valuesOf(segments: readonly (string | undefined)[], parts: readonly string[]): string[] | undefined {
  if (segments.length !== parts.length) return undefined;
  const values: string[] = [];
  for (let i = 0; i < segments.length; i++) {
    const literal = segments[i];
    const part = parts[i]!;
    if (literal === undefined) {
      if (part === '') return undefined;
      values.push(part);
    } else if (literal !== part) return undefined;
  }
  return values;
}
