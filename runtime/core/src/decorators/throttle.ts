type ClassOrMethodDecorator = ClassDecorator & MethodDecorator;
const marker = (() => undefined) as ClassOrMethodDecorator;

/** Per-throttler overrides: `{ default: { ttl: 60000, limit: 5 } }`. */
export type ThrottleOverrides = Readonly<Record<string, { readonly ttl: number; readonly limit: number }>>;

/**
 * Overrides throttler limits for a controller or a handler (the handler's entry wins). `framework-build`
 * checks every name against the throttlers given to `ThrottlerModule.forRoot`.
 *
 * @example
 * @Throttle({ default: { ttl: 60000, limit: 5 } })
 * @Post('/login') login(@Body() dto: LoginDto) {}
 */
export function Throttle(_overrides: ThrottleOverrides): ClassOrMethodDecorator {
  return marker;
}

/**
 * Exempts a controller or a handler from throttling: from every throttler without an argument,
 * or from the named ones (`@SkipThrottle({ burst: true })`).
 *
 * @example
 * @SkipThrottle()
 * @Controller('/health') export class HealthController {}
 */
export function SkipThrottle(_names?: Readonly<Record<string, boolean>>): ClassOrMethodDecorator {
  return marker;
}
