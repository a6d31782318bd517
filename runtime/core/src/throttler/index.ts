// Throttler: ThrottlerModule, ThrottlerGuard, storages. Filled in by the throttler work.
export {};
