import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { errorAnswer, type ErrorReport } from '../../answer-rules.js';

/**
 * The default answer for an error no filter handled: an HttpException's own body and status; any
 * other error is logged with its stack and answered 500 without details. A client that went away
 * mid-request is counted, not logged. (Only what fails outside the stages comes here: the stages
 * answer their own errors, in their observation.)
 */
export function errorResponse(c: Context, error: unknown, where: string, report: ErrorReport): Response {
  const { status, body } = errorAnswer(error, where, report, c.req, undefined);
  return c.json(body, status as ContentfulStatusCode);
}

export type { ErrorReport };
