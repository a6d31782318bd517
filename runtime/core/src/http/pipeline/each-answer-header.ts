import type { AnswerHeaders, HeadLines } from './host-exchange.js';

export type AnswerHeaderValue = string | number | readonly string[];

/**
 * Calls `add` with each header of an answer's head (a record or raw lines), `content-length` only
 * `withLength`: a host that sizes the body itself sets it (HEAD's, whose body is gone, is kept).
 *
 * @example
 * eachAnswerHeader(['content-type', 'text/plain', 'content-length', 2], false, (name, value) => head.set(name, value));
 */
export function eachAnswerHeader(head: AnswerHeaders | HeadLines | undefined, withLength: boolean, add: (name: string, value: AnswerHeaderValue) => void): void {
  const kept = (name: string, value: AnswerHeaderValue): void => {
    if (name !== 'content-length' || withLength) add(name, value);
  };
  if (Array.isArray(head)) for (let i = 0; i < head.length; i += 2) kept(head[i] as string, head[i + 1]!);
  else for (const name in head) kept(name, (head as AnswerHeaders)[name]!);
}
