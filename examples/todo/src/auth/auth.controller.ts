import { Body, Controller, Get, JwtService, Post, Public, Throttle, UnauthorizedException } from '@framework/core';
import { LoginDto } from './login.dto.js';
import { UsersService } from './users.service.js';

/** Hands out access tokens. Public, but throttled harder than the rest (5 per minute per caller). */
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
    return 'POST /auth/login with {"username": "demo", "password": "<DEMO_PASSWORD, default demo>"} to receive an access token; send it as "authorization: Bearer <token>".';
  }

  @Post('/login')
  async login(@Body() credentials: LoginDto): Promise<{ access_token: string }> {
    const user = await this.users.verify(credentials.username, credentials.password);
    if (!user) throw new UnauthorizedException();
    return { access_token: await this.jwt.sign({ sub: user.username, roles: [...user.roles] }) };
  }
}
