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
 * The HTTP pipeline's route matcher (host-neutral; the node adapter matches with it), built once
 * at init: per method, static paths in a map and parametrised ones by segment. The first route
 * registered wins, as on Hono (static and parametrised alike), so both adapters pick the same
 * route for every path. Chosen over Hono's RegExpRouter by measurement (bench/router-micro.mjs).
 *
 * @example
 * const router = new CompiledRouter<string>();
 * router.add('GET', '/todo/:id', 'one'); router.add('GET', '/todo/all', 'all');
 * router.match('GET', '/todo/all'); // { handler: 'one', values: ['all'] }: registered first
 */
export class CompiledRouter<Handler> {
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
    for (const candidate of table.params) {
      if (found !== undefined && candidate.order > found.order) break;
      const values = valuesOf(candidate.segments!, path);
      if (values) return { handler: candidate.handler, values };
    }
    return found && { handler: found.handler, values: noValues };
  }
}

/**
 * The parameters' values when the path's segments fit the route's (a parameter is never empty).
 * Walks the path in place: splitting it would allocate an array per candidate and request.
 */
function valuesOf(segments: readonly (string | undefined)[], path: string): string[] | undefined {
  const values: string[] = [];
  // `segments[0]` is the empty one before the leading slash.
  let start = 1;
  for (let i = 1; i < segments.length; i++) {
    if (start > path.length) return undefined;
    let end = path.indexOf('/', start);
    if (end === -1) end = path.length;
    const literal = segments[i];
    if (literal === undefined) {
      if (end === start) return undefined;
      values.push(path.slice(start, end));
    } else if (end - start !== literal.length || !path.startsWith(literal, start)) {
      return undefined;
    }
    start = end + 1;
  }
  // Every segment of the path used, and no more.
  return start === path.length + 1 ? values : undefined;
}
