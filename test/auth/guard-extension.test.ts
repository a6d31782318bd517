// Extending the JWT guard: stacking under a ThrottlerGuard subclass (spec Limits 7) with
// authenticateBearer, and overriding the protected extractToken / isPublic hooks.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  JwtAuthGuard,
  JwtConfig,
  JwtService,
  ThrottlerException,
  authenticateBearer,
  bearerTokenOf,
  credentialOf,
  claimsOf,
  isPublicRoute,
  ThrottlerConfig,
  ThrottlerGuard,
  type ExecutionContext,
} from '@framework/core';
import { AdminController, ProfileController, PublicController } from './fixtures/controllers.js';
import { httpContext } from './fixtures/contexts.js';
import { SECRET } from './fixtures/tokens.js';

const jwt = new JwtService(new JwtConfig({ secret: SECRET }));
const me = (headers: Record<string, string> = {}) => httpContext(headers, ProfileController.prototype.me, ProfileController);
const open = () => httpContext({}, PublicController.prototype.hello, PublicController);

class ThrottledAuthGuard extends ThrottlerGuard {
  constructor(
    config: ThrottlerConfig,
    private readonly jwt: JwtService,
  ) {
    super(config);
  }
  override async canActivate(context: ExecutionContext): Promise<boolean> {
    await super.canActivate(context); // throws ThrottlerException over the limit
    return isPublicRoute(context) || authenticateBearer(this.jwt, context);
  }
}

const stacked = suite('stacking under ThrottlerGuard (spec Limits 7)');

stacked('authenticates after counting; public routes are counted too; over the limit the throttler error wins', async () => {
  const guard = new ThrottledAuthGuard(new ThrottlerConfig([{ ttl: 60000, limit: 2 }]), jwt);
  const valid = me({ authorization: `Bearer ${await jwt.sign({ sub: 'alice' })}` });
  // Counters are per route: /profile/me gets two calls, the public route two more.
  assert.is(await guard.canActivate(valid), true);
  assert.is(claimsOf(valid)?.sub, 'alice');
  assert.is(await guard.canActivate(me()), false);
  assert.is(await guard.canActivate(open()), true);
  assert.is(await guard.canActivate(open()), true);
  for (const context of [open(), me({ authorization: `Bearer ${await jwt.sign({ sub: 'alice' })}` })]) {
    try {
      await guard.canActivate(context);
      assert.unreachable('the third call of a route was not throttled');
    } catch (error) {
      assert.instance(error, ThrottlerException);
    }
  }
});

stacked.run();

const hooks = suite('protected hooks of JwtAuthGuard');

class CookieGuard extends JwtAuthGuard {
  protected override extractToken(context: ExecutionContext): string | undefined {
    return /(?:^|;\s*)session=([^;]+)/.exec(context.req?.header('cookie') ?? '')?.[1] ?? super.extractToken(context);
  }
}

hooks('extractToken can read the token from a cookie and still falls back to the header', async () => {
  const guard = new CookieGuard(jwt);
  const token = await jwt.sign({ sub: 'alice' });
  assert.is(await guard.canActivate(me({ cookie: `theme=dark; session=${token}` })), true);
  assert.is(await guard.canActivate(me({ authorization: `Bearer ${token}` })), true);
  assert.is(await guard.canActivate(me({ cookie: 'session=forged' })), false);
});

class AdminOpenGuard extends JwtAuthGuard {
  protected override isPublic(context: ExecutionContext): boolean {
    return context.getClass() === AdminController || super.isPublic(context);
  }
}

hooks('isPublic can open routes by another rule and keeps @Public()', async () => {
  const guard = new AdminOpenGuard(jwt);
  assert.is(await guard.canActivate(httpContext({}, AdminController.prototype.any, AdminController)), true);
  assert.is(await guard.canActivate(open()), true);
  assert.is(await guard.canActivate(me()), false);
});

hooks.run();

const credentials = suite('bearerTokenOf and credentialOf');

credentials('only `Bearer <token>` yields a token', () => {
  const token = (authorization?: string) => bearerTokenOf(me(authorization === undefined ? {} : { authorization }));
  assert.is(token('Bearer abc.def.ghi'), 'abc.def.ghi');
  assert.is(token('BEARER abc'), 'abc');
  assert.is(token(), undefined);
  assert.is(token('Bearer'), undefined);
  assert.is(token('Bearer   '), undefined);
  assert.is(token('Digest abc.def.ghi'), undefined);
  assert.is(token('Basic dXNlcjpwYXNz'), undefined);
  assert.is(token('abc.def.ghi'), undefined);
});

credentials('credentialOf reads the HTTP header when there is no gRPC metadata', () => {
  assert.is(credentialOf(me({ 'x-api-key': 'k' }), 'x-api-key'), 'k');
  assert.is(credentialOf(me(), 'x-api-key'), undefined);
});

credentials.run();
