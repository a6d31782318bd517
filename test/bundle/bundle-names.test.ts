// The runtime's bundle keeps esbuild's `keepNames` only where the language would not name a
// function by itself (scripts/bundle-names.mjs): every function keeps the same `name`, and the
// closures made per call carry no `name` property of their own (a property store each).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readdirSync, readFileSync } from 'node:fs';
import { unwrapInferredNames } from '../../scripts/bundle-names.mjs';
import { unwrapInferredNames as unwrapAppNames } from '../../compiler/src/bundle/bundle-names.js';

const sample = `
var __defProp = Object.defineProperty;
var __name = (target, value) => __defProp(target, "name", { value, configurable: true });
function outer() {
  const run = /* @__PURE__ */ __name((call) => call + 1, "run");
  let later;
  later = /* @__PURE__ */ __name(function () { return 2; }, "later");
  const table = { respond: /* @__PURE__ */ __name(() => /* @__PURE__ */ __name((x) => x, "inner"), "respond") };
  const renamed = /* @__PURE__ */ __name(() => 3, "original");
  const layer = () => /* @__PURE__ */ __name(function bodyLayer(call) { return call; }, "bodyLayer");
  const clashed = () => /* @__PURE__ */ __name(function bodyLayer2(call) { return call; }, "bodyLayer");
  return [run, later, table.respond, table.respond(), renamed, layer(), clashed()];
}
var Widget2 = class { static { __name(this, "Widget"); } };
function helper2() {}
__name(helper2, "helper");
var Base = class { static { __name(this, "Base"); } };
var Gadget = class extends Base { static { __name(this, "Gadget"); } };
var Named = class _Named { static { __name(this, "Named"); } };
function tool() {}
__name(tool, "tool");
export const made = () => [...outer(), Widget2, helper2, Base, Gadget, Named, tool];
`;

const namesOf = async (code: string) => {
  const module = (await import(`data:text/javascript,${encodeURIComponent(code)}`)) as { made(): Function[] };
  return module.made().map((fn) => [fn.name, Object.getOwnPropertyDescriptor(fn, 'name')?.configurable === true && Object.hasOwn(fn, 'name')]);
};

test('every function keeps its name; only the wrappers the language makes redundant go', async () => {
  const unwrapped = unwrapInferredNames(sample);
  assert.equal((await namesOf(unwrapped)).map(([name]) => name), (await namesOf(sample)).map(([name]) => name));
  assert.equal((await namesOf(unwrapped)).map(([name]) => name), ['run', 'later', 'respond', 'inner', 'original', 'bodyLayer', 'bodyLayer', 'Widget', 'helper', 'Base', 'Gadget', 'Named', 'tool']);
  assert.not.match(unwrapped, '__name(function bodyLayer(call)', 'a function expression named as the wrapper names it');
  assert.not.match(unwrapped, '__name((call)');
  assert.not.match(unwrapped, '"respond")');
  // A class or a declaration named by its own binding: its wrapper goes too.
  for (const gone of ['__name(this, "Base")', '__name(this, "Gadget")', '__name(tool, "tool")']) assert.not.match(unwrapped, gone);
  // Kept: a name the language would not give (a returned closure, a renamed one, a renamed class or declaration, a class named otherwise inside).
  for (const kept of ['__name((x) => x, "inner")', '__name(() => 3, "original")', '__name(function bodyLayer2(call) { return call; }, "bodyLayer")', '__name(this, "Widget")', '__name(helper2, "helper")', '__name(this, "Named")']) assert.match(unwrapped, kept);
});

// What esbuild makes of a module initialised on demand in one script (`--code-cache`, `--snapshot`):
// its function declarations hoisted to the top, their wrappers left in the `__esm` body.
const lazyModule = `
var __defProp = Object.defineProperty;
var __name = (target, value) => __defProp(target, "name", { value, configurable: true });
function hoisted() {}
function shadowed() {}
function param() {}
var init_chunk = () => {
  __name(hoisted, "hoisted");
};
var init_other = () => {
  var shadowed = [() => 1][0];
  __name(shadowed, "shadowed");
  return shadowed;
};
var init_param = (param) => {
  __name(param, "param");
  return param;
};
var Assigned;
var Self;
var Swapped;
var init_classes = () => {
  Assigned = class { static { __name(this, "Assigned"); } };
  Self = class _Self { static { __name(this, "_Self"); } };
  Swapped = class { static { __name(this, "Other"); } };
};
var Declared = class {};
__name(Declared, "Declared");
var arrow = () => 1;
__name(arrow, "arrow");
var Reassigned = class {};
Reassigned = [class {}][0];
__name(Reassigned, "Reassigned");
init_chunk();
init_classes();
export const made = () => [hoisted, init_other(), init_param(function () {}), Assigned, Self, Swapped, Declared, arrow, Reassigned];
`;

test('an application bundle: the wrapper of a declaration hoisted out of a lazily initialised module goes, a shadowed one stays', async () => {
  const unwrapped = unwrapAppNames(lazyModule);
  assert.not.match(unwrapped, '__name(hoisted, "hoisted")');
  assert.match(unwrapped, '__name(shadowed, "shadowed")');
  assert.match(unwrapped, '__name(param, "param")');
  // A class assigned to its binding, or named alike inside, and a declaration right before its wrapper: named by the language.
  for (const gone of ['__name(this, "Assigned")', '__name(this, "_Self")', '__name(Declared, "Declared")', '__name(arrow, "arrow")']) assert.not.match(unwrapped, gone);
  // Kept: a class named otherwise, a binding assigned again before its wrapper.
  for (const kept of ['__name(this, "Other")', '__name(Reassigned, "Reassigned")']) assert.match(unwrapped, kept);
  const names = ['hoisted', 'shadowed', 'param', 'Assigned', '_Self', 'Other', 'Declared', 'arrow', 'Reassigned'];
  assert.equal((await namesOf(lazyModule)).map(([name]) => name), names);
  assert.equal((await namesOf(unwrapped)).map(([name]) => name), names);
});

test('the built runtime bundle has no wrapper the language makes redundant', () => {
  const dir = new URL('../../runtime/core/dist/bundle/', import.meta.url);
  const files = [...readdirSync(dir).map((f) => new URL(f, dir)), ...readdirSync(new URL('chunks/', dir)).map((f) => new URL(`chunks/${f}`, dir))].filter((u) => u.pathname.endsWith('.js'));
  assert.ok(files.length > 2);
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    assert.is(unwrapInferredNames(text), text, `${file.pathname} still wraps functions the language names`);
  }
});

// A derived class whose `name` was redefined never gets its constructor optimised by V8 (each
// concurrent compile is aborted on a map stability check); the call of every request is one.
test('the call made per request keeps the name the language gives it, not a redefined one', () => {
  const bundle = new URL('../../runtime/core/dist/bundle/', import.meta.url);
  const texts = [...readdirSync(new URL('chunks/', bundle)).map((f) => readFileSync(new URL(`chunks/${f}`, bundle), 'utf8')), readFileSync(new URL('index.js', bundle), 'utf8')];
  const call = texts.find((text) => text.includes('var PipelineCall = class extends HttpCallBase'));
  assert.ok(call, 'the bundle defines PipelineCall as `var PipelineCall = class extends HttpCallBase`');
  assert.not.match(call!, '__name(this, "PipelineCall")');
});

test.run();
