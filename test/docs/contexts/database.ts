// The app's own database client.
declare class Database { query(sql: string, options: { signal: AbortSignal }): Promise<unknown> }
