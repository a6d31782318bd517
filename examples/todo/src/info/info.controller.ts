import { CacheVary, Controller, Ctx, Get, Public, claimsOf, UseInterceptors, type ExecutionContext } from '@framework/core';
import { TodoCache } from '../shared/todo-cache.interceptor.js';

let instanceName: string | undefined;
/**
 * Which process this is: the answers below say which instance computed them. Named at the first
 * answer, not when the module loads: a Worker may not draw random values at its top level.
 */
const instance = (): string => (instanceName ??= `${process.pid}-${crypto.randomUUID().slice(0, 8)}`);

/**
 * Answers cached for 10 s by `TodoCache` (in Redis when `REDIS_URL` is set, so every
 * instance serves the answer one of them computed): `GET /info` is the same for every caller,
 * `GET /info/me` is kept per signed-in user and never reaches another one.
 */
@Controller('/info')
@UseInterceptors(TodoCache)
export class InfoController {
  /** The service's name and the instance that computed this answer. */
  @Get()
  @Public()
  @CacheVary()
  about(): { service: string; instance: string; at: string } {
    return { service: 'todo example', instance: instance(), at: new Date().toISOString() };
  }

  /** The signed-in caller, as the token says, and the instance that computed this answer. */
  @Get('/me')
  me(@Ctx() context: ExecutionContext): { sub: string; instance: string; at: string } {
    return { sub: String(claimsOf(context)?.sub), instance: instance(), at: new Date().toISOString() };
  }
}
