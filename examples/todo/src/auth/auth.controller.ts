import { Body, Controller, Ctx, Delete, Get, HttpCode, JwtService, Post, Public, Throttle, UnauthorizedException, type HttpExecutionContext } from '@framework/core';
import { LoginDto } from './login.dto.js';
import { SESSION_COOKIE } from './session.js';
import { UsersService } from './users.service.js';

/** One hour, the access token's lifetime (JwtModule's default `expiresIn`). */
const SESSION_SECONDS = 3600;

/**
 * Hands out access tokens, as a bearer token (`POST /auth/login`) or a session cookie for
 * browsers (`POST /auth/session`). Public, but throttled harder than the rest (5 per minute per caller).
 */
@Controller('/auth')
@Public()
@Throttle({ default: { ttl: 60000, limit: 5 } })
export class AuthController {
  constructor(
    private readonly users: UsersService,
    private readonly jwt: JwtService,
  ) {}

  @Get('/login')
  howTo(): string {
    return 'POST /auth/login with {"username": "demo", "password": "<DEMO_PASSWORD, default demo>"} to receive an access token; send it as "authorization: Bearer <token>". Browsers: POST /auth/session with the same body sets an HttpOnly session cookie.';
  }

  @Post('/login')
  async login(@Body() credentials: LoginDto): Promise<{ access_token: string }> {
    const token = await this.tokenFor(credentials);
    if (token === undefined) throw new UnauthorizedException();
    return { access_token: token };
  }

  /**
   * Logs a browser in: 204 with the session cookie, as long as the token lives. The context's
   * defaults make it `HttpOnly` (no script reads it), `SameSite=Lax` (not sent with another
   * site's POST), `Path=/`, and `Secure` over TLS.
   */
  @Post('/session')
  @HttpCode(204)
  async openSession(@Body() credentials: LoginDto, @Ctx() context: HttpExecutionContext): Promise<void> {
    const token = await this.tokenFor(credentials);
    if (token === undefined) throw new UnauthorizedException();
    context.setCookie(SESSION_COOKIE, token, { maxAge: SESSION_SECONDS });
  }

  /** Logs a browser out: 204, the session cookie cleared. */
  @Delete('/session')
  @HttpCode(204)
  closeSession(@Ctx() context: HttpExecutionContext): void {
    context.clearCookie(SESSION_COOKIE);
  }

  /** A token for the user when the password matches, else undefined. */
  private async tokenFor(credentials: LoginDto): Promise<string | undefined> {
    const user = await this.users.verify(credentials.username, credentials.password);
    return user && this.jwt.sign({ sub: user.username, roles: [...user.roles] });
  }
}
