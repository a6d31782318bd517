// The app's own configuration module and schema, a database driver and a clock.
declare class EnvSchema { REGION: string; DATABASE_URL: string }
declare class EnvModule {}
declare function connect(url: string): Promise<{ close(): Promise<void> }>;
interface Clock { now(): Date }
declare class SystemClock implements Clock { now(): Date }
