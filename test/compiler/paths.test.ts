import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { joinPath, pathParams, pathShape } from '../../compiler/src/analyze/route-paths.js';
import { importSpecifier } from '../../compiler/src/files/file-paths.js';

test('joinPath: prefix + path with one leading slash, no doubles, no trailing slash but the root', () => {
  assert.is(joinPath('/todo', ''), '/todo');
  assert.is(joinPath('/todo', '/:id'), '/todo/:id');
  assert.is(joinPath('todo/', ':id/'), '/todo/:id');
  assert.is(joinPath('/health/', '/'), '/health');
  assert.is(joinPath('', ''), '/');
  assert.is(joinPath('/', '/'), '/');
  assert.is(joinPath('//a//', '//b'), '/a/b');
});

test('pathParams lists :names in order; pathShape erases them', () => {
  assert.equal(pathParams('/todo/:id/items/:item'), ['id', 'item']);
  assert.equal(pathParams('/todo'), []);
  assert.is(pathShape('/todo/:id'), pathShape('/todo/:key'));
});

test('importSpecifier: relative to the out dir, posix, .ts -> .js', () => {
  assert.is(importSpecifier('/r/generated/todo', '/r/examples/todo/src/app.module.ts'), '../../examples/todo/src/app.module.js');
  assert.is(importSpecifier('/r/src', '/r/src/a/b.ts'), './a/b.js');
  assert.is(importSpecifier('/r/out', '/r/src/x.mts'), '../src/x.mjs');
});

test.run();
