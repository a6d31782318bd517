// Our side of the Standard Schema bench: the app of src/, its tables built by bench/standard-schema.mjs.
import { FrameworkApplication } from '@framework/core';
import { tables } from './generated/tables.js';
import { AppModule } from './src/app.module.js';

const app = await new FrameworkApplication(tables, { logger: { error: console.error, warn: () => undefined, log: () => undefined } }).init(AppModule);
console.log(`ready ${await app.listen(Number(process.env.PORT), '127.0.0.1')}`);
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
