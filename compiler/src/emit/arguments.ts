import type { ConversionIR, DtoIR, ParamIR, ScalarConversionIR } from '../ir/index.js';
import type { Hoisted } from './hoisted.js';
import type { Imports } from './imports.js';
import { key, quote } from './literals.js';
import { schemaEntry, schemaOutput } from './schemas.js';

/** What emitting the arguments of one handler needs besides the parameter itself. */
export interface ArgumentSite {
  /** The controller's instance type as generated code writes it. */
  readonly instance: string;
  readonly method: string;
  readonly imports: Imports;
  readonly hoisted: Hoisted;
  /** Renders a `DtoEntry` literal (for a `@Query()` class). */
  readonly dto: (dto: DtoIR) => string;
  /** The slot of the next class pipe in the handler's `pipes` (the injector's instances, `p`). */
  nextPipe(): number;
}

/** One argument expression, and whether it awaits (the invoke closure is then async). */
export interface EmittedArgument {
  readonly text: string;
  readonly awaits: boolean;
}

/**
 * The read from the `ArgumentSource` that feeds one handler parameter: cast where the source is
 * untyped (`a.body`, `a.payload`, `a.metadata()`) to the declared type so tsc checks the call; for
 * `@Param`/`@Query(name)` converted to the declared type or passed through the parameter's pipes;
 * for a `@Query()` class, read, converted and validated.
 *
 * @example
 * argument(param, site) // { text: 'a.payload as GetTodoRequest', awaits: false }
 * argument(param, site) // { text: "asNumber(a.query('limit'), 'limit', 'query', true)", awaits: false }
 * argument(param, site) // { text: "asNumbers(a.queryValues('id'), 'id', 'query', true)", awaits: false } for `id?: number[]`
 * argument(param, site) // { text: "await transformWith($pipe0, asStrings(a.queryValues('id'), 'id', 'query', true), $meta0)", awaits: true } for `@Query('id', new ParseArrayPipe({ items: Number })) id: number[]`
 */
export function argument(p: ParamIR, site: ArgumentSite): EmittedArgument {
  const s = p.source;
  const { imports } = site;
  const parameter = `Parameters<${site.instance}[${quote(site.method)}]>[${p.index}]`;
  const declared = (): string => (p.typeRef?.exported ? imports.type(p.typeRef) : parameter);
  const plain = (text: string): EmittedArgument => ({ text, awaits: false });
  switch (s.kind) {
    case 'req':
      return plain('a.req');
    case 'context':
      // An HTTP handler may take the HTTP side of the context directly (`setCookie`, `redirect`…):
      // HTTP routes' calls are HTTP contexts, which the ArgumentSource type cannot tell.
      return plain(/\bHttpExecutionContext\b/.test(p.typeText) ? `a.context as ${imports.coreType('HttpExecutionContext')}` : 'a.context');
    case 'param':
      return typed(p, `a.param(${quote(s.name)})`, s.name, 'path', parameter, site);
    case 'query':
      if (s.name !== undefined) return typed(p, `a.query(${quote(s.name)})`, s.name, 'query', parameter, site);
      if (p.schema) {
        // The fields whose input takes an array get every value of their key; the others the first, as text.
        const lists = (p.schema.queryLists ?? []).map((name) => `${key(name)}: ${imports.core('asStrings')}`).join(', ');
        const reader = site.hoisted.declare('query', `${imports.core('validatedQuery')}<${schemaOutput(p.schema, imports)}>(${schemaEntry(p.schema, imports, site.hoisted)}, {}${lists ? `, { ${lists} }` : ''})`);
        return { text: `await ${reader}(a)`, awaits: true };
      }
      return p.dto ? { text: `await ${queryReader(p, p.dto, site)}(a)`, awaits: true } : plain('a.queries()');
    case 'header':
      return s.name === undefined ? plain('a.headers()') : typed(p, `a.header(${quote(s.name)})`, s.name, 'header', parameter, site);
    case 'cookie': {
      // A signed cookie is verified through WebCrypto, which is asynchronous on every host.
      const read = s.signed ? `await ${imports.core('readSignedCookie')}(a, ${quote(s.name)})` : `${imports.core('readCookie')}(a, ${quote(s.name)})`;
      const typedRead = typed(p, read, s.name, 'cookie', parameter, site);
      return s.signed ? { text: typedRead.text, awaits: true } : typedRead;
    }
    case 'body':
      // A schema's output, checked by tsc against the parameter; without a DTO class or a schema,
      // cast to whatever the handler declares so tsc still checks the call.
      if (p.schema) return plain(`a.body as ${schemaOutput(p.schema, imports)}`);
      return plain(p.dto ? `a.body as ${imports.value(p.dto.ref)}${p.array ? '[]' : ''}` : `a.body as ${parameter}`);
    case 'form':
      // Without a DTO class FW1214 stops the build: nothing is emitted then.
      return p.dto ? { text: `await ${formReader(p, p.dto, site)}(a.body)`, awaits: true } : plain(`a.body as ${parameter}`);
    case 'file':
      // The files of the form route's body (`UploadedForm`); a required one is there (refused before the handler otherwise).
      if (s.upload.many) return plain(`${imports.core('uploadedFiles')}(a.body, ${quote(s.upload.field)})`);
      return plain(`${imports.core('uploadedFile')}(a.body, ${quote(s.upload.field)})${p.optional ? '' : '!'}`);
    case 'messages':
      // The socket's validated messages (an `AsyncIterable` of the DTO), which the `@Ws()` route puts in the body's place.
      return plain(`a.body as ${parameter}`);
    case 'payload':
      return plain(`a.payload as ${declared()}`);
    case 'metadata':
      // The whole metadata is typed structurally (`GrpcMetadataLike`); handlers declare grpc-js's `Metadata`.
      return plain(s.name === undefined ? `a.metadata() as ${declared()}` : `a.metadataValues(${quote(s.name)})`);
    case 'foreign':
    case 'none':
      return plain('undefined');
  }
}

/** A path or named query parameter, a cookie or a named header: through its pipes, or converted to its declared type. */
function typed(p: ParamIR, raw: string, name: string, place: 'path' | 'query' | 'cookie' | 'header', parameter: string, site: ArgumentSite): EmittedArgument {
  const { imports, hoisted } = site;
  if (p.pipes && p.pipes.length > 0) {
    const metadata = hoisted.declare('meta', `{ type: ${quote(place)}, data: ${quote(name)} }`, imports.coreType('ArgumentMetadata'));
    // Pipes that take a string array (`ParseArrayPipe`) on a query array get every value, capped as a pipe-less array's are.
    let text = p.pipesTakeEvery ? `${imports.core('asStrings')}(a.queryValues(${quote(name)}), ${quote(name)}, 'query', true)` : raw;
    for (const pipe of p.pipes) {
      const cls = imports.value(pipe.ref);
      const instance = pipe.kind === 'class' ? `p[${site.nextPipe()}] as ${cls}` : hoisted.declare('pipe', `new ${cls}(${pipe.args.join(', ')})`);
      text = `await ${imports.core('transformWith')}(${instance}, ${text}, ${metadata})`;
    }
    return { text, awaits: true };
  }
  // A path parameter is always there; a query parameter or a cookie may be missing.
  const optional = place !== 'path' && p.optional === true;
  const conversion = p.conversion ?? { kind: 'string' };
  // An array reads every value of its key (decided at build time: scalars keep the first value).
  const read = conversion.kind === 'array' ? `a.queryValues(${quote(name)})` : raw;
  const call = (converter: string): string => `${converter}(${read}, ${quote(name)}, ${quote(place)}${optional ? ', true' : ''})`;
  // A string header stays as NestJS's `@Headers(name)` gives it (undefined when absent): only a converted one is required.
  if (conversion.kind === 'string') return { text: place === 'path' || place === 'header' || optional ? raw : call(imports.core('asString')), awaits: false };
  const oneOf = conversion.kind === 'oneOf' || (conversion.kind === 'array' && conversion.item.kind === 'oneOf');
  return { text: oneOf ? `${call(converterName(conversion, site))} as ${parameter}` : call(converterName(conversion, site)), awaits: false };
}

/** The converter of one conversion: a runtime export, or one declared once in the tables (`oneOf`, `eachOf`). */
function converterName(conversion: ConversionIR, site: ArgumentSite): string {
  switch (conversion.kind) {
    case 'array':
      return listConverterName(conversion.item, site);
    case 'number':
      return site.imports.core('asNumber');
    case 'boolean':
      return site.imports.core('asBoolean');
    case 'date':
      return site.imports.core('asDate');
    case 'oneOf':
      return oneOfConverter(conversion.values, site);
    case 'string':
    case 'unsupported':
      // Unsupported is an error (FW1801/FW1803): nothing is emitted then.
      return site.imports.core('asString');
  }
}

function listConverterName(item: ScalarConversionIR, site: ArgumentSite): string {
  switch (item.kind) {
    case 'string':
      return site.imports.core('asStrings');
    case 'number':
      return site.imports.core('asNumbers');
    case 'boolean':
      return site.imports.core('asBooleans');
    case 'date':
      return site.imports.core('asDates');
    case 'oneOf':
      return site.hoisted.declare('list', `${site.imports.core('eachOf')}(${oneOfConverter(item.values, site)})`);
  }
}

function oneOfConverter(values: readonly (string | number)[], site: ArgumentSite): string {
  const list = values.map((v) => (typeof v === 'string' ? quote(v) : String(v))).join(', ');
  return site.hoisted.declare('oneOf', `${site.imports.core('oneOf')}([${list}] as const)`);
}

/** The reader of a `@Form()` class: its text fields converted, then validated like a body. */
function formReader(p: ParamIR, dto: DtoIR, site: ArgumentSite): string {
  const converted = (p.queryMembers ?? []).filter((m) => m.conversion.kind !== 'string');
  const converters = converted.map((m) => `${key(m.name)}: ${converterName(m.conversion, site)}`);
  const cls = site.imports.value(dto.ref);
  return site.hoisted.declare('form', `${site.imports.core('validatedForm')}<${cls}>(${site.dto(dto)}, { ${converters.join(', ')} })`);
}

/** The reader of a whole `@Query()` class: its members converted (an array member from every value of its key), then validated like a body. */
function queryReader(p: ParamIR, dto: DtoIR, site: ArgumentSite): string {
  const members = p.queryMembers ?? [];
  const entries = (list: boolean): string =>
    members
      .filter((m) => m.conversion.kind !== 'string' && (m.conversion.kind === 'array') === list)
      .map((m) => `${key(m.name)}: ${converterName(m.conversion, site)}`)
      .join(', ');
  const cls = site.imports.value(dto.ref);
  const lists = entries(true);
  return site.hoisted.declare('query', `${site.imports.core('validatedQuery')}<${cls}>(${site.dto(dto)}, { ${entries(false)} }${lists ? `, { ${lists} }` : ''})`);
}
