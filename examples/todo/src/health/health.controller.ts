import { Controller, Get, Public, SkipThrottle } from '@framework/core';

/** Liveness probe: open and never throttled. */
@Controller('/health')
@Public()
@SkipThrottle()
export class HealthController {
  /** Answers `{"status":"ok"}` while the process serves requests. */
  @Get('/')
  check(): { status: 'ok' } {
    return { status: 'ok' };
  }
}
