// A request body that stalls on a real socket against `Deno.serve` (which bounds no request itself)
// ends with the framework's 408 after requestTimeoutMs: a JSON body with a Content-Length or
// chunked, and a form whose file is already on disk (deleted with the 408). The hostile-app fixture
// bundled and run on Deno (the `deno` package); the server serves normal requests afterwards.
import { denoExecutable, denoRunFlags, launch } from '../launch.js';
import { stalledBodySuite } from '../reliability/fixtures/stalled-body-checks.js';

const deno = denoExecutable();
if (!('path' in deno)) throw new Error(deno.reason);

const test = await stalledBodySuite('deno', 'node', (file, dir, temp) =>
  launch(deno.path, [...denoRunFlags([dir, temp]), `--allow-write=${temp}`, file], { cwd: dir, env: { UPLOAD_DIR: temp }, readyWithinMs: 30_000 }),
);
test.run();
