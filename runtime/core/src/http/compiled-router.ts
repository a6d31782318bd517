interface Candidate<Handler> {
  readonly order: number;
  readonly handler: Handler;
  /** Of a static path: its match, and whether a parametrised route added before it matches it too. */
  readonly found?: RouteMatch<Handler>;
  readonly shadowed?: boolean;
  /** Path segments, `undefined` where a parameter stands. */
  readonly segments?: readonly (string | undefined)[];
  /** The path as a pattern (wildcards, optional or pattern parameters). */
  readonly pattern?: RegExp;
}

export interface RouteMatch<Handler> {
  readonly handler: Handler;
  readonly values: readonly string[];
}

const noValues: readonly string[] = Object.freeze([]);
/** A path segment matched segment by segment: a literal, or a whole-segment `:name`. */
const plainSegment = /^(?::[A-Za-z0-9_$]+|[^:*{}?]*)$/;
/** A parameter segment of the route syntax: `:name`, `:name{pattern}`, `:name?`. */
const parameterSegment = /^:([^{}?]+)(?:\{(.+)\})?(\?)?$/;

/** The parameter names of a route path, in path order (`/files/:dir/:name{.+}`: `dir`, `name`). */
export function parameterNames(path: string): string[] {
  return path.split('/').flatMap((segment) => {
    const found = parameterSegment.exec(segment);
    return found ? [found[1]!] : [];
  });
}

/**
 * The pipeline's one router: per method, static paths in a map, parametrised ones by segment, and
 * wildcards, pattern or optional parameters as one pattern each; the first route registered wins.
 * Chosen over Hono's RegExpRouter by measurement (bench/router-micro.mjs).
 */
export class CompiledRouter<Handler> {
  private readonly methods = new Map<string, { statics: Map<string, Candidate<Handler>>; dynamic: Candidate<Handler>[] }>();
  private order = 0;

  add(method: string, path: string, handler: Handler): void {
    let table = this.methods.get(method);
    if (!table) this.methods.set(method, (table = { statics: new Map(), dynamic: [] }));
    const order = this.order++;
    if (!/[:*]/.test(path)) {
      const shadowed = firstMatch(table.dynamic, path, order) !== undefined;
      if (!table.statics.has(path)) table.statics.set(path, { order, handler, found: { handler, values: noValues }, shadowed });
      return;
    }
    const segments = path.split('/');
    if (segments.every((segment) => plainSegment.test(segment))) {
      table.dynamic.push({ order, handler, segments: segments.map((segment) => (segment.startsWith(':') ? undefined : segment)) });
      return;
    }
    table.dynamic.push({ order, handler, pattern: patternOf(segments) });
  }

  /** The methods with a route at `path` (its trailing slash dropped already). */
  methodsAt(path: string): string[] {
    return [...this.methods.keys()].filter((method) => this.match(method, path) !== undefined);
  }

  /** The route for a method and a path (its trailing slash dropped already), or `undefined`. */
  match(method: string, path: string): RouteMatch<Handler> | undefined {
    const table = this.methods.get(method);
    if (!table) return undefined;
    const found = table.statics.get(path);
    if (found === undefined) return firstMatch(table.dynamic, path, Infinity);
    return found.shadowed ? (firstMatch(table.dynamic, path, found.order) ?? found.found) : found.found;
  }
}

/** The first parametrised route added before `before` that matches `path`. */
function firstMatch<Handler>(dynamic: readonly Candidate<Handler>[], path: string, before: number): RouteMatch<Handler> | undefined {
  for (const candidate of dynamic) {
    if (candidate.order > before) break;
    const values = candidate.segments ? valuesOf(candidate.segments, path) : patternValues(candidate.pattern!, path);
    if (values) return { handler: candidate.handler, values };
  }
  return undefined;
}

/** A path as one pattern: a last `/*` anything or nothing, a `*` segment one segment, a `*` in one any characters, a last `:name?` optional. */
function patternOf(segments: readonly string[]): RegExp {
  let source = '';
  for (let i = 1; i < segments.length; i++) {
    const segment = segments[i]!;
    const last = i === segments.length - 1;
    const parameter = parameterSegment.exec(segment);
    if (segment === '*') source += last ? '(?:/.*)?' : '/[^/]+';
    else if (!parameter) source += '/' + segment.split('*').map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.*');
    else if (parameter[3] && last) source += `(?:/(${parameter[2] ?? '[^/]+'}))?`;
    else source += `/(${parameter[2] ?? '[^/]+'})`;
  }
  return new RegExp(`^${source || '/'}$`);
}

function patternValues(pattern: RegExp, path: string): string[] | undefined {
  const found = pattern.exec(path);
  return found ? found.slice(1) : undefined;
}

/** The parameters' values when the path's segments fit (none empty); walked in place, not split (no array per candidate). */
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
  return start === path.length + 1 ? values : undefined;
}
