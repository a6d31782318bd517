import type { FrameworkErrorStatus } from './error-status.js';
import { HttpException } from './http-exception.js';

/** A built-in exception class: it takes no argument and always sends its fixed message. */
export type BuiltInException = new () => HttpException;

function builtIn(status: FrameworkErrorStatus, name: string, message: string): BuiltInException {
  // A named class expression so `error.name` and stack traces say e.g. `NotFoundException`.
  const holder = {
    [name]: class extends HttpException {
      constructor() {
        super(status, message);
        this.name = name;
      }
    },
  };
  return holder[name]!;
}

/** 400 "Bad request". @example throw new BadRequestException(); */
export const BadRequestException = /* @__PURE__ */ builtIn(400, 'BadRequestException', 'Bad request');
/** 401 "Unauthorized". @example throw new UnauthorizedException(); */
export const UnauthorizedException = /* @__PURE__ */ builtIn(401, 'UnauthorizedException', 'Unauthorized');
/** 402 "Payment required". */
export const PaymentRequiredException = /* @__PURE__ */ builtIn(402, 'PaymentRequiredException', 'Payment required');
/** 403 "Forbidden": also what a guard returning false sends. @example throw new ForbiddenException(); */
export const ForbiddenException = /* @__PURE__ */ builtIn(403, 'ForbiddenException', 'Forbidden');
/** 404 "Not found". @example throw new NotFoundException(); */
export const NotFoundException = /* @__PURE__ */ builtIn(404, 'NotFoundException', 'Not found');
/** 405 "Method not allowed". */
export const MethodNotAllowedException = /* @__PURE__ */ builtIn(405, 'MethodNotAllowedException', 'Method not allowed');
/** 406 "Not acceptable". */
export const NotAcceptableException = /* @__PURE__ */ builtIn(406, 'NotAcceptableException', 'Not acceptable');
/** 407 "Proxy authentication required". */
export const ProxyAuthenticationRequiredException = /* @__PURE__ */ builtIn(407, 'ProxyAuthenticationRequiredException', 'Proxy authentication required');
/** 408 "Request timeout". */
export const RequestTimeoutException = /* @__PURE__ */ builtIn(408, 'RequestTimeoutException', 'Request timeout');
/** 409 "Conflict". */
export const ConflictException = /* @__PURE__ */ builtIn(409, 'ConflictException', 'Conflict');
/** 410 "Gone". */
export const GoneException = /* @__PURE__ */ builtIn(410, 'GoneException', 'Gone');
/** 411 "Length required". */
export const LengthRequiredException = /* @__PURE__ */ builtIn(411, 'LengthRequiredException', 'Length required');
/** 412 "Precondition failed". */
export const PreconditionFailedException = /* @__PURE__ */ builtIn(412, 'PreconditionFailedException', 'Precondition failed');
/** 413 "Payload too large". */
export const PayloadTooLargeException = /* @__PURE__ */ builtIn(413, 'PayloadTooLargeException', 'Payload too large');
/** 414 "URI too long". */
export const UriTooLongException = /* @__PURE__ */ builtIn(414, 'UriTooLongException', 'URI too long');
/** 415 "Unsupported media type". */
export const UnsupportedMediaTypeException = /* @__PURE__ */ builtIn(415, 'UnsupportedMediaTypeException', 'Unsupported media type');
/** 416 "Range not satisfiable". */
export const RangeNotSatisfiableException = /* @__PURE__ */ builtIn(416, 'RangeNotSatisfiableException', 'Range not satisfiable');
/** 417 "Expectation failed". */
export const ExpectationFailedException = /* @__PURE__ */ builtIn(417, 'ExpectationFailedException', 'Expectation failed');
/** 418 "I'm a teapot". */
export const ImATeapotException = /* @__PURE__ */ builtIn(418, 'ImATeapotException', "I'm a teapot");
/** 421 "Misdirected request". */
export const MisdirectedRequestException = /* @__PURE__ */ builtIn(421, 'MisdirectedRequestException', 'Misdirected request');
/** 422 "Unprocessable entity". */
export const UnprocessableEntityException = /* @__PURE__ */ builtIn(422, 'UnprocessableEntityException', 'Unprocessable entity');
/** 423 "Locked". */
export const LockedException = /* @__PURE__ */ builtIn(423, 'LockedException', 'Locked');
/** 424 "Failed dependency". */
export const FailedDependencyException = /* @__PURE__ */ builtIn(424, 'FailedDependencyException', 'Failed dependency');
/** 425 "Too early". */
export const TooEarlyException = /* @__PURE__ */ builtIn(425, 'TooEarlyException', 'Too early');
/** 426 "Upgrade required". */
export const UpgradeRequiredException = /* @__PURE__ */ builtIn(426, 'UpgradeRequiredException', 'Upgrade required');
/** 428 "Precondition required". */
export const PreconditionRequiredException = /* @__PURE__ */ builtIn(428, 'PreconditionRequiredException', 'Precondition required');
/** 429 "Too many requests". */
export const TooManyRequestsException = /* @__PURE__ */ builtIn(429, 'TooManyRequestsException', 'Too many requests');
/** 431 "Request header fields too large". */
export const RequestHeaderFieldsTooLargeException = /* @__PURE__ */ builtIn(431, 'RequestHeaderFieldsTooLargeException', 'Request header fields too large');
/** 451 "Unavailable for legal reasons". */
export const UnavailableForLegalReasonsException = /* @__PURE__ */ builtIn(451, 'UnavailableForLegalReasonsException', 'Unavailable for legal reasons');
/** 500 "Internal server error": what any error that is not an HttpException becomes. */
export const InternalServerErrorException = /* @__PURE__ */ builtIn(500, 'InternalServerErrorException', 'Internal server error');
/** 501 "Not implemented". */
export const NotImplementedException = /* @__PURE__ */ builtIn(501, 'NotImplementedException', 'Not implemented');
/** 502 "Bad gateway". */
export const BadGatewayException = /* @__PURE__ */ builtIn(502, 'BadGatewayException', 'Bad gateway');
/** 503 "Service unavailable". */
export const ServiceUnavailableException = /* @__PURE__ */ builtIn(503, 'ServiceUnavailableException', 'Service unavailable');
/** 504 "Gateway timeout". */
export const GatewayTimeoutException = /* @__PURE__ */ builtIn(504, 'GatewayTimeoutException', 'Gateway timeout');
/** 505 "HTTP version not supported". */
export const HttpVersionNotSupportedException = /* @__PURE__ */ builtIn(505, 'HttpVersionNotSupportedException', 'HTTP version not supported');
/** 507 "Insufficient storage". */
export const InsufficientStorageException = /* @__PURE__ */ builtIn(507, 'InsufficientStorageException', 'Insufficient storage');
/** 508 "Loop detected". */
export const LoopDetectedException = /* @__PURE__ */ builtIn(508, 'LoopDetectedException', 'Loop detected');
/** 511 "Network authentication required". */
export const NetworkAuthenticationRequiredException = /* @__PURE__ */ builtIn(511, 'NetworkAuthenticationRequiredException', 'Network authentication required');
