// The compiler writes each route's full path into the tables with its `joinPath`; at init the
// runtime's stale check joins the prefix and path the decorators recorded with its own `joinPath`
// and looks that key up in the tables. Were the two to disagree on any prefix/path pair, a
// freshly built application would be rejected as stale, so they must produce identical output.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { joinPath as compilerJoinPath } from '../../compiler/src/analyze/route-paths.js';
import { joinPath as runtimeJoinPath } from '../../runtime/core/src/application/stale-check.js';

/** `[controller prefix, route path]` as written in `@Controller(…)` and `@Get(…)`. */
const CASES: readonly (readonly [prefix: string, path: string])[] = [
  // empty and root
  ['', ''],
  ['', '/'],
  ['/', ''],
  ['/', '/'],
  ['//', '//'],
  // prefixes with and without slashes
  ['todo', ''],
  ['/todo', ''],
  ['todo/', ''],
  ['/todo/', '/'],
  ['', 'health'],
  ['', '/health'],
  ['/', 'health'],
  // trailing and doubled slashes
  ['/health/', '/'],
  ['todo/', ':id/'],
  ['/a', '/b/'],
  ['//a//', '//b'],
  ['api//v1/', '//todo//'],
  // nested
  ['/api/v1', '/todo'],
  ['/', '/nested/deep/path'],
  ['api/v1/', 'users/me/'],
  // params
  ['/todo', '/:id'],
  ['todo', ':id'],
  ['/', ':id'],
  ['/todo/:listId', '/items/:itemId/'],
  ['/users/:userId/', '/:postId/comments/:commentId'],
  ['/files', '*'],
];

test('the compiler and the runtime stale check join every prefix and path to the same route path', () => {
  const disagreements = CASES.flatMap(([prefix, path]) => {
    const compiler = compilerJoinPath(prefix, path);
    const runtime = runtimeJoinPath(prefix, path);
    return compiler === runtime ? [] : [`joinPath(${JSON.stringify(prefix)}, ${JSON.stringify(path)}): compiler ${JSON.stringify(compiler)}, runtime ${JSON.stringify(runtime)}`];
  });
  assert.equal(disagreements, [], `\n${disagreements.join('\n')}`);
});

test.run();
