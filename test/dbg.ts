import { startRedis, freePort } from './throttler/fixtures/redis.js';
import { launch } from './launch.js';
const redis = await startRedis();
const [h, g] = [await freePort(), await freePort()];
const main = '/work/wt/issue-27/examples/todo/dist/examples/todo/src/main.js';
const env = { PORT: String(h), GRPC_PORT: String(g), HOST: '127.0.0.1', REDIS_URL: `redis://127.0.0.1:${redis.port}`, JWT_SECRET: 'balanced-secret-of-at-least-32-bytes!' };
let t = Date.now();
let s = await launch(process.execPath, [main], { env });
console.log('started in', Date.now() - t);
t = Date.now(); await s.stop(); console.log('stopped in', Date.now() - t, await s.exited, s.output());
t = Date.now();
try { s = await launch(process.execPath, [main], { env }); console.log('restarted in', Date.now() - t); await s.stop(); } catch (e) { console.log('ERR', String(e).slice(0, 500)); }
await redis.stop();
