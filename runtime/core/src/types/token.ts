import type { Class } from './class.js';

/**
 * A dependency-injection token: a class, a string or a symbol.
 *
 * @example
 * const CONFIG: Token = Symbol('CONFIG');
 * app.get<TodoService>(TodoService);
 */
export type Token = Class | string | symbol;
