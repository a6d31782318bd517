import type { Class } from '../types/class.js';
import { isHealthIndicator, type HealthIndicator } from './indicator.js';

/** Options of `HealthModule.forRoot(...)`; every one has a default. */
export interface HealthModuleOptions<Indicators extends readonly Class<HealthIndicator>[] = readonly Class<HealthIndicator>[]> {
  /** Indicator classes, created by the injector with their dependencies (as injectables of the module). */
  readonly indicators?: Indicators;
  /** Indicator objects made by you (`redisStorage.healthIndicator()`, `{ name, check }`). */
  readonly instances?: readonly HealthIndicator[];
  /**
   * Where HTTP serves the probes: liveness (default `/health/live`) and readiness (default
   * `/health/ready`); `false` serves none there. gRPC's `grpc.health.v1.Health` reports readiness.
   */
  readonly paths?: { readonly live?: string | false; readonly ready?: string | false };
  /** Longest wait for one indicator, in milliseconds (default 500; keep it under the probe's own timeout). */
  readonly timeoutMs?: number;
  /** How long an indicator's result is reused, in milliseconds (default 1000): probes never check more often. */
  readonly cacheMs?: number;
  /** How often indicators are checked while a gRPC `Watch` is open, in milliseconds (default 5000). */
  readonly watchIntervalMs?: number;
  /**
   * How long `app.close()` keeps serving after readiness went down, in milliseconds, before it stops
   * accepting (default 0): the time a load balancer needs to stop sending new calls (a few probe
   * periods). Must fit in the orchestrator's grace period together with `shutdownTimeoutMs`.
   */
  readonly shutdownDelayMs?: number;
}

const DEFAULT_PATHS = { live: '/health/live', ready: '/health/ready' } as const;

function milliseconds(options: HealthModuleOptions, key: 'timeoutMs' | 'cacheMs' | 'watchIntervalMs' | 'shutdownDelayMs', fallback: number, min: number): number {
  const value = options[key] ?? fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min) {
    throw new TypeError(`HealthModule.forRoot: ${key} must be a number of milliseconds, ${min === 0 ? '0 or more' : 'above 0'}; got ${String(value)}.`);
  }
  return value;
}

function pathOf(value: string | false | undefined, fallback: string, key: string): string | undefined {
  if (value === false) return undefined;
  const path = value ?? fallback;
  if (typeof path !== 'string' || !path.startsWith('/') || /[\s?#]/.test(path)) {
    throw new TypeError(`HealthModule.forRoot: paths.${key} must be a path starting with '/' (without spaces, '?' or '#'), or false; got ${JSON.stringify(value)}.`);
  }
  return path;
}

/**
 * The validated options of `HealthModule.forRoot`, provided to the application: `init` reads it to
 * register the indicators and the HTTP probes.
 *
 * @example
 * new HealthConfig({ timeoutMs: 300 }).timeoutMs // 300
 */
export class HealthConfig {
  readonly indicatorClasses: readonly Class<HealthIndicator>[];
  readonly instances: readonly HealthIndicator[];
  readonly livePath?: string;
  readonly readyPath?: string;
  readonly timeoutMs: number;
  readonly cacheMs: number;
  readonly watchIntervalMs: number;
  readonly shutdownDelayMs: number;

  constructor(options: HealthModuleOptions = {}) {
    this.indicatorClasses = [...(options.indicators ?? [])];
    this.instances = [...(options.instances ?? [])];
    for (const [index, instance] of this.instances.entries()) {
      if (!isHealthIndicator(instance)) {
        throw new TypeError(`HealthModule.forRoot: instances[${index}] is not a health indicator: it needs a string \`name\` and a \`check(signal)\` method.`);
      }
    }
    const live = pathOf(options.paths?.live, DEFAULT_PATHS.live, 'live');
    const ready = pathOf(options.paths?.ready, DEFAULT_PATHS.ready, 'ready');
    if (live !== undefined && live === ready) throw new TypeError(`HealthModule.forRoot: paths.live and paths.ready are both ${live}; give each its own path.`);
    if (live !== undefined) this.livePath = live;
    if (ready !== undefined) this.readyPath = ready;
    this.timeoutMs = milliseconds(options, 'timeoutMs', 500, 1);
    this.cacheMs = milliseconds(options, 'cacheMs', 1000, 0);
    this.watchIntervalMs = milliseconds(options, 'watchIntervalMs', 5000, 1);
    this.shutdownDelayMs = milliseconds(options, 'shutdownDelayMs', 0, 0);
  }
}
