// A request body that stalls on a real socket against `Bun.serve` (whose idle timeout a trickle
// keeps at bay) ends with the framework's 408 after requestTimeoutMs: a JSON body with a
// Content-Length or chunked, and a form whose file is already on disk (deleted with the 408). The
// hostile-app fixture bundled for Bun and run there (test/provision/bun.mjs); the server serves
// normal requests afterwards.
import { launch } from '../launch.js';
import { ensureBun } from '../provision/bun.mjs';
import { stalledBodySuite } from '../reliability/fixtures/stalled-body-checks.js';

const runtime = ensureBun();
if (!runtime.ok) throw new Error(runtime.message);

const test = await stalledBodySuite('bun', 'bun', (file, dir, temp) => launch(runtime.path!, [file], { cwd: dir, env: { UPLOAD_DIR: temp }, readyWithinMs: 30_000 }));
test.run();
