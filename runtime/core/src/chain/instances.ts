import type { Injector } from '../di/injector.js';
import type { Call } from './call.js';

/** Returns the instance of a provider for a call; a constant for singletons, so they cost nothing per call. */
export type InstanceOf<T> = (call: Call) => T;

export function instanceGetter<T>(injector: Injector, index: number): InstanceOf<T> {
  if (!injector.isRequestScoped(index)) {
    const instance = injector.resolve(index) as T;
    return function singletonInstance() {
      return instance;
    };
  }
  return function requestScopedInstance(call) {
    return injector.resolve(index, call.scope) as T;
  };
}
