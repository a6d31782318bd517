import { Controller, Get, ThrottlerGuard, UseGuard } from '@framework/core';

/** Behind the built-in throttler (fixed window, a limit the bench never reaches). */
@UseGuard(ThrottlerGuard)
@Controller('/limited')
export class LimitedController {
  @Get()
  read(): string {
    return 'limited';
  }
}
