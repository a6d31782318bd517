import type { ProviderModel } from '../analyze/model.js';
import { sourceOf } from '../diagnostics/location.js';
import type { TokenIR } from '../ir/index.js';
import type { Imports } from './imports.js';
import { quote } from './literals.js';

/**
 * One `ProviderEntry` literal per provider, e.g.
 * `{ token: TodoService, name: 'TodoService', scope: 'singleton', deps: [], create: classFactory<[]>(TodoService), useClass: TodoService, source: 'todo/todo.service.ts:14:1' }`.
 *
 * @example
 * emitProvider(provider, imports, srcDir)
 */
export function emitProvider(p: ProviderModel, imports: Imports, srcDir: string): string {
  const fields = [
    `token: ${emitToken(p, imports)}`,
    `name: ${quote(p.name)}`,
    `scope: ${quote(p.scope)}`,
    `deps: [${p.deps.join(', ')}]`,
    `create: ${emitCreate(p, imports)}`,
    ...(p.cls ? [`useClass: ${imports.value(p.cls)}`] : []),
    `source: ${quote(sourceOf(p.cls, p.location, srcDir))}`,
  ];
  return `{ ${fields.join(', ')} }`;
}

function emitToken(p: ProviderModel, imports: Imports): string {
  const token: TokenIR = p.token;
  switch (token.kind) {
    case 'class':
    case 'const':
      return imports.value(token.ref);
    case 'string':
      return quote(token.value);
    case 'global-guard':
      return imports.core('GLOBAL_GUARD');
    case 'global-interceptor':
      return imports.core('GLOBAL_INTERCEPTOR');
    case 'opaque':
      // Not importable: read it from the module's own `injectables` array at init.
      return p.entry
        ? `${imports.core('injectableToken')}(${imports.value(p.entry.module)}, ${p.entry.index}) as ${imports.coreType('Token')}`
        : quote(token.text);
  }
}

function emitCreate(p: ProviderModel, imports: Imports): string {
  // An alias hands over its target's instance; a factory gets its `inject` instances in order.
  if (p.made?.kind === 'existing') return '(d) => d[0]';
  if (p.made?.kind === 'factory' && p.entry) {
    return `(d) => ${imports.core('injectableFactory')}(${imports.value(p.entry.module)}, ${p.entry.index})(...d)`;
  }
  if (!p.cls) {
    if (!p.entry) return '() => undefined';
    const read = p.entry.list === 'imports' ? 'dynamicModuleValue' : 'injectableValue';
    return `() => ${imports.core(read)}(${imports.value(p.entry.module)}, ${p.entry.index})`;
  }
  // One shared factory for every class (compiled once at init); the tuple keeps tsc checking the constructor.
  const cls = imports.value(p.cls);
  const types = p.depCasts.map((cast, i) => (cast ? imports.value(cast) : `ConstructorParameters<typeof ${cls}>[${i}]`));
  return `${imports.core('classFactory')}<[${types.join(', ')}]>(${cls})`;
}
