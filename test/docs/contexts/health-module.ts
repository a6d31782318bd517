// The app's own database client and its indicator (the next sample), and ioredis' client class.
declare const Redis: typeof import('ioredis').Redis;
declare class Database { query(sql: string, options: { signal: AbortSignal }): Promise<unknown> }
declare class DatabaseHealthIndicator { readonly name: string; check(signal: AbortSignal): Promise<void> }
