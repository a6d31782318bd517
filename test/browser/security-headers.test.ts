// The security headers prepared at init: helmet-like defaults, each tuned or turned off, those
// that govern a page apart, HSTS only over TLS.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { DEFAULT_CSP, prepareSecurityHeaders } from '../../runtime/core/src/http/browser/security-headers.js';

const test = suite('security headers');

test('on by default: nosniff and SAMEORIGIN on every answer; no-referrer, COOP same-origin and a CSP for pages; HSTS over TLS', () => {
  const security = prepareSecurityHeaders(undefined);
  assert.equal({ ...security.every }, { 'x-content-type-options': 'nosniff', 'x-frame-options': 'SAMEORIGIN' });
  assert.equal({ ...security.document }, { 'referrer-policy': 'no-referrer', 'cross-origin-opener-policy': 'same-origin', 'content-security-policy': DEFAULT_CSP });
  assert.equal({ ...security.overTls }, { 'strict-transport-security': 'max-age=31536000; includeSubDomains' });
  assert.match(DEFAULT_CSP, /frame-ancestors 'self'/);
});

test('prepared once: the records are frozen', () => {
  const security = prepareSecurityHeaders({});
  assert.ok(Object.isFrozen(security.every) && Object.isFrozen(security.document) && Object.isFrozen(security.overTls));
  assert.throws(() => {
    (security.every as Record<string, string>)['x-powered-by'] = 'me';
  });
});

test('each header tuned or turned off; securityHeaders: false sends none', () => {
  const security = prepareSecurityHeaders({ frameOptions: 'DENY', referrerPolicy: false, crossOriginOpenerPolicy: false, strictTransportSecurity: 'max-age=60', contentSecurityPolicy: false });
  assert.equal({ ...security.every }, { 'x-content-type-options': 'nosniff', 'x-frame-options': 'DENY' });
  assert.equal({ ...security.document }, {});
  assert.equal({ ...security.overTls }, { 'strict-transport-security': 'max-age=60' });
  const off = prepareSecurityHeaders(false);
  assert.equal([off.every, off.document, off.overTls].map((headers) => ({ ...headers })), [{}, {}, {}]);
});

test('a value that would be written broken is a start-up error', () => {
  assert.throws(() => prepareSecurityHeaders({ referrerPolicy: 'no-referrer\r\nset-cookie: a=b' }), /referrer-policy must be a one-line value or false/);
  assert.throws(() => prepareSecurityHeaders({ contentSecurityPolicy: ' ' }), /content-security-policy/);
  assert.throws(() => prepareSecurityHeaders('on' as never), /false, true or an object/);
});

test.run();
