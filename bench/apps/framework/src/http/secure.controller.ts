import { Controller, Get, JwtAuthGuard, UseGuard } from '@framework/core';

/** Behind the built-in JWT bearer guard (HS256, JwtModule in AppModule). */
@UseGuard(JwtAuthGuard)
@Controller('/secure')
export class SecureController {
  @Get()
  read(): string {
    return 'secure';
  }
}
