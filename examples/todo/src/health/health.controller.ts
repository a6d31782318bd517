import { Controller, Get } from '@framework/core';

@Controller('/health')
export class HealthController {
  @Get('/')
  check(): { status: 'ok' } {
    return { status: 'ok' };
  }
}
