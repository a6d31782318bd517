import type { RuleArgIR } from '../../ir/index.js';

/** A rule argument as the value class-validator holds at run time (a regular expression as a RegExp). */
export function runtimeValue(arg: RuleArgIR): unknown {
  if (arg.kind === 'value') return arg.value;
  if (arg.kind === 'regexp') {
    const slash = arg.text.lastIndexOf('/');
    return new RegExp(arg.text.slice(1, slash), arg.text.slice(slash + 1));
  }
  return undefined;
}

/** class-validator's `constraintToString`. */
function constraintToString(constraint: unknown): string {
  if (Array.isArray(constraint)) return constraint.join(', ');
  return `${constraint as string}`;
}

/**
 * The message class-validator gives for a failed rule, computed at build time the way its
 * `replaceMessageSpecialTokens` does at run time (the same `replace` calls, in the same order), or
 * undefined when it depends on the value or the class at run time (`$value`, `$target`).
 *
 * @example
 * renderMessage('$property must not be less than $constraint1', [1], 'priority') // 'priority must not be less than 1'
 */
export function renderMessage(template: string, constraints: readonly unknown[], property: string): string | undefined {
  let message = template;
  constraints.forEach((constraint, index) => {
    message = message.replace(new RegExp(`\\$constraint${index + 1}`, 'g'), constraintToString(constraint));
  });
  if (message.includes('$value')) return undefined;
  message = message.replace(/\$property/g, property);
  if (message.includes('$target')) return undefined;
  return message;
}
