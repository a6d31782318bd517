// The compiled validators alone against class-validator, in one process: ops/s of validating the same
// parsed body (valid and invalid) with the bench app's generated validator and with class-validator,
// for the todo DTO and the order DTO (formats, an array of nested DTOs). A few seconds in all.
//
//   npm run build && node -e "import('./bench/lib/setup.mjs').then((m) => m.buildFramework())"   # once
//   node bench/validation-micro.mjs [--ms 500]
import { existsSync } from 'node:fs';
import { VALID_ORDER, INVALID_TODO, VALID_TODO } from './lib/scenarios.mjs';

const bench = new URL('./', import.meta.url);
const tablesUrl = new URL('apps/framework/dist/generated/http/tables.js', bench);
if (!existsSync(tablesUrl)) throw new Error('bench/apps/framework/dist is missing: build the bench app first (see the comment at the top).');
const { tables } = await import(tablesUrl.href);
const { bodyValidatorFor } = await import(new URL('../runtime/core/dist/validation/body-validator.js', bench).href);
const { DtoValidator } = await import(new URL('../runtime/core/dist/validation/dto-validator.js', bench).href);
// The bench DTOs use `@framework/core/validators`: class-validator sees their rules once the
// decorations recorded there are applied to it, as the runtime does for a DTO it does not compile.
const { loadClassValidator } = await import('@framework/core/validators');
await loadClassValidator();

const msIndex = process.argv.indexOf('--ms');
const budget = msIndex > 0 ? Number(process.argv[msIndex + 1]) : 700;
const INVALID_ORDER = { ...VALID_ORDER, email: 'ada@', lines: [{ productId: 'nope', quantity: 0, notes: [1] }, ...VALID_ORDER.lines.slice(1)], colors: ['orange'] };

/** Calls per second of `run(body)` on fresh parses of `body` (validators hydrate what they get). */
async function opsPerSecond(run, body) {
  const text = JSON.stringify(body);
  const once = async () => {
    try {
      await run(JSON.parse(text));
    } catch {
      // an invalid body throws its 400: that is the work measured
    }
  };
  for (let i = 0; i < 2000; i++) await once();
  let calls = 0;
  const start = performance.now();
  while (performance.now() - start < budget) {
    for (let i = 0; i < 200; i++) await once();
    calls += 200;
  }
  return calls / ((performance.now() - start) / 1000);
}

/** JSON.parse alone, to subtract from both. */
async function parseOnly(body) {
  return opsPerSecond(() => undefined, body);
}

const routes = { 'POST /todo': tables.routes.find((r) => r.path === '/todo' && r.method === 'POST'), 'POST /order': tables.routes.find((r) => r.path === '/order') };
const rows = [];
for (const [name, route] of Object.entries(routes)) {
  const compiled = bodyValidatorFor(route.body);
  const reference = new DtoValidator(route.body);
  const cases = name === 'POST /todo' ? [['valid', VALID_TODO], ['invalid', INVALID_TODO]] : [['valid', VALID_ORDER], ['invalid', INVALID_ORDER]];
  for (const [kind, body] of cases) {
    const parse = await parseOnly(body);
    const net = (ops) => 1 / (1 / ops - 1 / parse);
    const ours = net(await opsPerSecond(compiled, body));
    const theirs = net(await opsPerSecond((value) => reference.validate(value), body));
    rows.push({ dto: `${name} (${route.body.dto.name})`, body: kind, compiled: Math.round(ours), 'class-validator': Math.round(theirs), ratio: `${(ours / theirs).toFixed(1)}×` });
  }
}
console.log(`Validation alone (JSON.parse subtracted), ops/s on Node ${process.versions.node}:`);
console.table(rows);
