import type { TokenIR } from '../ir/index.js';

/**
 * The identity of a token: two tokens are the same provider slot when their keys are equal.
 *
 * @example
 * tokenKey({ kind: 'string', value: 'CONFIG' }) // 'string:CONFIG'
 */
export function tokenKey(token: TokenIR): string {
  switch (token.kind) {
    case 'class':
      return `class:${token.ref.key}`;
    case 'const':
      return `const:${token.ref.key}`;
    case 'string':
      return `string:${token.value}`;
    case 'global-guard':
      return 'global-guard';
    case 'global-interceptor':
      return 'global-interceptor';
    case 'opaque':
      return `opaque:${token.key}`;
  }
}

/**
 * How a token reads in messages and in the `name` of its provider: `TodoService`, `'CONFIG'`.
 *
 * @example
 * printableToken({ kind: 'global-guard' }) // 'GLOBAL_GUARD'
 */
export function printableToken(token: TokenIR): string {
  switch (token.kind) {
    case 'class':
    case 'const':
      return token.ref.name;
    case 'string':
      return `'${token.value}'`;
    case 'global-guard':
      return 'GLOBAL_GUARD';
    case 'global-interceptor':
      return 'GLOBAL_INTERCEPTOR';
    case 'opaque':
      return token.text;
  }
}
