import type { GrpcMethodEntry } from '../contract/tables.js';
import { CallBase } from './call-base.js';

function httpOnly(what: string): never {
  throw new TypeError(`${what} is only available on HTTP calls; this handler was called over gRPC. Use @GrpcPayload() or @GrpcMetadata(key).`);
}

/**
 * What every gRPC call shares, whichever transport serves it (`@framework/grpc` over grpc-js, the
 * in-process calls of `@framework/testing`): no `req`, and the HTTP-only parameter reads refused
 * with one message.
 *
 * @example
 * class MyGrpcCall extends GrpcCallBase implements GrpcCallShape { … }
 */
export abstract class GrpcCallBase extends CallBase<GrpcMethodEntry> {
  readonly transport = 'grpc' as const;
  readonly req = undefined;

  get body(): never {
    return httpOnly('@Body()');
  }
  param(): never {
    return httpOnly('@Param(name)');
  }
  queries(): never {
    return httpOnly('@Query()');
  }
  query(): never {
    return httpOnly('@Query(name)');
  }
  queryValues(): never {
    return httpOnly('@Query(name)');
  }
  headers(): never {
    return httpOnly('@Header()');
  }
  header(): never {
    return httpOnly('@Header(name)');
  }
}
