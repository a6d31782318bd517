// The host-neutral pick among routes of one method and path by the version a request names.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { HttpRouteEntry } from '@framework/core';
import { pickByVersion, versionRuleOf } from '../../runtime/core/src/http/versioning/version-rule.js';
import { versionedEntries } from '../../runtime/core/src/http/versioning/versioned-entries.js';

const entry = (extra: Partial<HttpRouteEntry>): HttpRouteEntry => ({ method: 'GET', path: '/items', ...extra }) as HttpRouteEntry;

test('header versioning: the header names the version; the default stands in for none; neutral catches the rest', () => {
  const options = { type: 'header' as const, header: 'X-Version', defaultVersion: '1' };
  const candidates = [
    { rule: versionRuleOf(entry({ versions: ['1'] }), options)!, handler: 'v1' },
    { rule: versionRuleOf(entry({ versions: ['2', '3'] }), options)!, handler: 'v2' },
  ];
  assert.is(candidates[0]!.rule.header, 'x-version');
  assert.is(pickByVersion(candidates, '3'), 'v2');
  assert.is(pickByVersion(candidates, ' 2 '), 'v2');
  assert.is(pickByVersion(candidates, undefined), 'v1');
  assert.is(pickByVersion(candidates, ''), 'v1', 'an empty header names no version');
  assert.is(pickByVersion(candidates, '9'), undefined);
  const withNeutral = [...candidates, { rule: versionRuleOf(entry({ versionNeutral: true }), options)!, handler: 'any' }];
  assert.is(pickByVersion(withNeutral, '9'), 'any');
});

test('media-type versioning reads its key from any range of Accept, quoted or not, and ignores other parameters', () => {
  const rule = versionRuleOf(entry({ versions: ['2'] }), { type: 'media-type', key: 'v=' })!;
  assert.is(rule.header, 'accept');
  assert.is(rule.read('application/json;v=2'), '2');
  assert.is(rule.read('text/html, application/json; q=0.9; V="2"'), '2');
  assert.is(rule.read('application/json; version=2'), undefined);
  assert.is(rule.read('application/json;v='), undefined);
});

test('URI versioning: one entry per version under its prefix, neutral and unversioned ones at their paths', () => {
  const paths = versionedEntries(
    [entry({ versions: ['1', '2'] }), entry({ path: '/', versions: ['2'] }), entry({ path: '/health', versions: ['1'], versionNeutral: true }), entry({ path: '/plain' })],
    { type: 'uri' },
  ).map((e) => e.path);
  assert.equal(paths, ['/v1/items', '/v2/items', '/v2', '/v1/health', '/health', '/plain']);
  assert.equal(versionedEntries([entry({ path: '/plain' })], { type: 'uri', prefix: 'api-', defaultVersion: '3' }).map((e) => e.path), ['/api-3/plain']);
  assert.is(versionRuleOf(entry({ versions: ['1'] }), { type: 'uri' }), undefined, 'the path tells URI versions apart');
});

test.run();
