// The security headers prepared at init: helmet-like defaults, each tuned or turned off, HSTS
// only over TLS, the HTML policy apart, and a route's own headers kept.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { DEFAULT_HTML_CSP, isHtmlType, missingFrom, prepareSecurityHeaders } from '../../runtime/core/src/http/browser/security-headers.js';

const test = suite('security headers');
const headersOf = (list: readonly (readonly [string, string])[]) => Object.fromEntries(list);

test('on by default: nosniff, no-referrer, SAMEORIGIN, COOP same-origin; HSTS only over TLS', () => {
  const security = prepareSecurityHeaders(undefined);
  const plain = {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'x-frame-options': 'SAMEORIGIN',
    'cross-origin-opener-policy': 'same-origin',
  };
  assert.equal(headersOf(security.headersFor(false)), plain);
  assert.equal(headersOf(security.headersFor(true)), { ...plain, 'strict-transport-security': 'max-age=31536000; includeSubDomains' });
  assert.equal(security.htmlPolicy, ['content-security-policy', DEFAULT_HTML_CSP]);
  assert.match(DEFAULT_HTML_CSP, /frame-ancestors 'self'/);
});

test('prepared once: the lists are frozen and the same on every call', () => {
  const security = prepareSecurityHeaders({});
  assert.is(security.headersFor(false), security.headersFor(false));
  assert.ok(Object.isFrozen(security.plain) && Object.isFrozen(security.plain[0]));
  assert.throws(() => (security.plain as [string, string][]).push(['x', 'y']));
});

test('each header tuned or turned off; securityHeaders: false sends none', () => {
  const security = prepareSecurityHeaders({ frameOptions: 'DENY', referrerPolicy: false, crossOriginOpenerPolicy: false, strictTransportSecurity: 'max-age=60', contentSecurityPolicy: false });
  assert.equal(headersOf(security.headersFor(true)), { 'x-content-type-options': 'nosniff', 'x-frame-options': 'DENY', 'strict-transport-security': 'max-age=60' });
  assert.is(security.htmlPolicy, undefined);
  const off = prepareSecurityHeaders(false);
  assert.equal([...off.headersFor(true)], []);
  assert.is(off.htmlPolicy, undefined);
});

test('a value that would be written broken is a start-up error', () => {
  assert.throws(() => prepareSecurityHeaders({ referrerPolicy: 'no-referrer\r\nset-cookie: a=b' }), /referrer-policy must be a one-line value or false/);
  assert.throws(() => prepareSecurityHeaders({ contentSecurityPolicy: ' ' }), /content-security-policy/);
});

test('HTML answers are told by their type; a route that sets its own header keeps it', () => {
  assert.ok(isHtmlType('text/html; charset=utf-8'));
  assert.ok(isHtmlType('application/xhtml+xml'));
  assert.not.ok(isHtmlType('application/json'));
  assert.not.ok(isHtmlType(undefined));
  const security = prepareSecurityHeaders(undefined);
  assert.equal(
    missingFrom(security.plain, new Set(['x-frame-options', 'referrer-policy'])).map(([name]) => name),
    ['x-content-type-options', 'cross-origin-opener-policy'],
  );
  assert.is(missingFrom(security.plain, new Set()), security.plain);
});

test.run();
