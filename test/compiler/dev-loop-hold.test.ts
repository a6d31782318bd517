// An app process of the dev loop started as a build begins (compiler/src/dev/app-child.ts with a
// generated directory, app-preload.ts, generated-hold.ts): it runs its entry point at once, and its
// imports of the generated files wait until the loop says the build wrote them, so the app reads
// what the build wrote (a changed file, a new one) and not what was there before. While it waits,
// a module that fails to load (a syntax error the build is about to report) waits too: discarded
// (its build failed) it printed nothing; let go, it reports the error. An app run without the hold
// loads the generated files at once. Each case runs the real process from a small driver whose
// output the test reads.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ROOT, TMP } from './helpers.js';

const dir = path.join(TMP, `dev-loop-hold-${process.pid}`);
const generated = path.join(dir, 'generated');

test.before(() => {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(generated, { recursive: true });
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ type: 'module' }));
});
test.after(() => fs.rmSync(dir, { recursive: true, force: true }));

/**
 * Runs `main.ts` in an app process of the loop. `hold` runs it holding the generated files: the
 * driver writes `writes` (file → text) after `delayMs` and then says they are written (or, with
 * `discard`, stops the app as the loop does after a failed build). Without `hold` the driver does
 * nothing more: the app must not wait. Resolves with the driver's output (the app shares it) and
 * how the app ended.
 */
function runApp(hold: boolean, writes: Record<string, string> = {}, delayMs = 0, discard = false): Promise<{ stdout: string; stderr: string }> {
  const driver = path.join(dir, 'driver.ts');
  fs.writeFileSync(
    driver,
    `import fs from 'node:fs';
import { spawnApp } from ${JSON.stringify(path.join(ROOT, 'compiler/src/dev/app-child.ts'))};
const app = spawnApp('main.ts', ${JSON.stringify(dir)}, ${JSON.stringify(generated)});
app.run(${hold});
if (!${hold}) app.listen(); // the app ends once its work is done, as after the loop's 'closing'
else setTimeout(() => {
  if (${discard}) return void app.stop(5000);
  for (const [file, text] of Object.entries(${JSON.stringify(writes)})) fs.writeFileSync(file, text);
  app.written();
  app.listen(); // the app ends once its work is done, as after the loop's 'closing'
}, ${delayMs});
console.log('app ended: ' + (await app.exited));
`,
  );
  return new Promise((resolve, reject) =>
    execFile(process.execPath, ['--import', 'tsx', driver], { cwd: dir, timeout: 60_000 }, (error, stdout, stderr) =>
      error ? reject(Object.assign(error, { stdout, stderr })) : resolve({ stdout, stderr }),
    ),
  );
}

const value = (text: string): string => `export const value: string = ${JSON.stringify(text)};\n`;

test('held: the app reads the generated files the build wrote after it started, a new one too', async () => {
  fs.writeFileSync(path.join(generated, 'value.ts'), value('before the build'));
  fs.rmSync(path.join(generated, 'added.ts'), { force: true });
  fs.writeFileSync(path.join(dir, 'user.ts'), "export const user = 'user module';\n");
  fs.writeFileSync(
    path.join(dir, 'main.ts'),
    "import { value } from './generated/value.js';\nimport { added } from './generated/added.js';\nimport { user } from './user.js';\nconsole.log(`app read: ${value}, ${added}, ${user}`);\n",
  );
  // Written well after the app has asked for them (its own modules load meanwhile).
  const writes = { [path.join(generated, 'value.ts')]: value('written by the build'), [path.join(generated, 'added.ts')]: "export const added = 'a new file';\n" };
  const { stdout, stderr } = await runApp(true, writes, 3000);
  assert.match(stdout, 'app read: written by the build, a new file, user module', stdout + stderr);
  assert.match(stdout, 'app ended: code 0');
});

test('not held: the app reads the generated files at once, never told they are written', async () => {
  fs.writeFileSync(path.join(generated, 'value.ts'), value('on disk at the run'));
  fs.writeFileSync(path.join(dir, 'main.ts'), "import { value } from './generated/value.js';\nconsole.log(`app read: ${value}`);\n");
  const { stdout, stderr } = await runApp(false);
  assert.match(stdout, 'app read: on disk at the run', stdout + stderr);
  assert.match(stdout, 'app ended: code 0');
});

test('held: a module that fails to load waits for the build; discarded, it printed nothing; let go, it reports the error', async () => {
  fs.writeFileSync(path.join(generated, 'value.ts'), value('before the build'));
  fs.writeFileSync(path.join(dir, 'user.ts'), 'export const user = 1 +;\n');
  fs.writeFileSync(path.join(dir, 'main.ts'), "import { value } from './generated/value.js';\nimport { user } from './user.js';\nconsole.log(value, user);\n");
  const discarded = await runApp(true, {}, 1500, true);
  assert.match(discarded.stdout, 'app ended: SIGTERM', discarded.stdout + discarded.stderr);
  assert.is(discarded.stderr, '', 'nothing printed: the build reports the error');

  const letGo = await runApp(true, {}, 500);
  assert.match(letGo.stdout, 'app ended: code 1', letGo.stdout + letGo.stderr);
  assert.match(letGo.stderr, /user\.ts/, 'the error names the module');
});

test.run();
