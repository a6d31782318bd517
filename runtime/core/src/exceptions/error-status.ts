/**
 * Every error status the framework's own exceptions answer with: the built-in `HttpException`
 * family, the request exceptions, and 499 (the client went away). The gRPC mapping is a total
 * table over this type, so adding a status here fails the build until it has a gRPC code.
 *
 * @example
 * const status: FrameworkErrorStatus = 404;
 */
export type FrameworkErrorStatus =
  | 400 | 401 | 402 | 403 | 404 | 405 | 406 | 407 | 408 | 409 | 410 | 411 | 412 | 413 | 414 | 415 | 416 | 417 | 418
  | 421 | 422 | 423 | 424 | 425 | 426 | 428 | 429 | 431 | 451 | 499
  | 500 | 501 | 502 | 503 | 504 | 505 | 507 | 508 | 511;
