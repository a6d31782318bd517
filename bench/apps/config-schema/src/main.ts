// One start of the app of bench/config-load.mjs: the CPU time of `loadConfig(EnvSchema)` (argv
// `loadConfig`) or of `app.init` (argv `init`), which reads the schema through ConfigModule.
// Prints one JSON line.
import { FrameworkApplication } from '@framework/core';
import { loadConfig } from '@framework/core/config';
import { tables } from '../generated/tables.js';
import { AppModule } from './app.module.js';
import { EnvSchema } from './env.schema.js';

const before = process.cpuUsage();
if (process.argv[2] === 'loadConfig') await loadConfig(EnvSchema, { envFilePath: false });
else await new FrameworkApplication(tables).init(AppModule);
const spent = process.cpuUsage(before);
console.log(JSON.stringify({ cpuMs: (spent.user + spent.system) / 1000 }));
