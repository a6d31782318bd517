import { HttpException } from '../exceptions/http-exception.js';
import {
  BodyTooLargeException,
  InvalidParameterException,
  MalformedBodyException,
  NotValidBodyException,
  RequestAbortedException,
  ThrottlerException,
} from '../exceptions/request-exceptions.js';
import type { RefusalKind } from './instruments.js';

/**
 * What an error that ended a call says about it: a refusal of the framework (the body did not
 * pass, the throttler or a guard said no, the body was too large), a client that went away, or
 * neither (the handler's own exception, or a fault).
 *
 * @example
 * outcomeOf(new ThrottlerException(…), false); // 'throttler'
 * outcomeOf(new ForbiddenException(), true);   // 'guard': thrown while the guards ran
 */
export function outcomeOf(error: unknown, fromGuard: boolean): RefusalKind | 'aborted' | undefined {
  if (!(error instanceof HttpException)) return undefined;
  if (error instanceof ThrottlerException) return 'throttler';
  if (error instanceof RequestAbortedException) return 'aborted';
  if (error instanceof BodyTooLargeException) return 'body_too_large';
  if (fromGuard) return 'guard';
  if (error instanceof NotValidBodyException || error instanceof MalformedBodyException || error instanceof InvalidParameterException) return 'validation';
  return undefined;
}

/** A short reason for a span event or a log line: the exception's message, bounded. */
export function reasonOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.length > 300 ? `${message.slice(0, 300)}…` : message;
}
