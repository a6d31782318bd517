// The security headers prepared at init: helmet-like defaults, each tuned or turned off, HSTS
// only over TLS.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { DEFAULT_CSP, prepareSecurityHeaders } from '../../runtime/core/src/http/browser/security-headers.js';

const test = suite('security headers');

test('on by default: nosniff, no-referrer, SAMEORIGIN, COOP same-origin, a CSP; HSTS only over TLS', () => {
  const security = prepareSecurityHeaders(undefined);
  const plain = {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'x-frame-options': 'SAMEORIGIN',
    'cross-origin-opener-policy': 'same-origin',
    'content-security-policy': DEFAULT_CSP,
  };
  assert.equal({ ...security.headersFor(false) }, plain);
  assert.equal({ ...security.headersFor(true) }, { ...plain, 'strict-transport-security': 'max-age=31536000; includeSubDomains' });
  assert.match(DEFAULT_CSP, /frame-ancestors 'self'/);
});

test('prepared once: the records are frozen and the same on every call', () => {
  const security = prepareSecurityHeaders({});
  assert.is(security.headersFor(false), security.headersFor(false));
  assert.ok(Object.isFrozen(security.plain) && Object.isFrozen(security.overTls));
  assert.throws(() => {
    (security.plain as Record<string, string>)['x-powered-by'] = 'me';
  });
});

test('each header tuned or turned off; securityHeaders: false sends none', () => {
  const security = prepareSecurityHeaders({ frameOptions: 'DENY', referrerPolicy: false, crossOriginOpenerPolicy: false, strictTransportSecurity: 'max-age=60', contentSecurityPolicy: false });
  assert.equal({ ...security.headersFor(true) }, { 'x-content-type-options': 'nosniff', 'x-frame-options': 'DENY', 'strict-transport-security': 'max-age=60' });
  assert.equal({ ...security.headersFor(false) }, { 'x-content-type-options': 'nosniff', 'x-frame-options': 'DENY' });
  const off = prepareSecurityHeaders(false);
  assert.equal({ ...off.headersFor(true) }, {});
});

test('a value that would be written broken is a start-up error', () => {
  assert.throws(() => prepareSecurityHeaders({ referrerPolicy: 'no-referrer\r\nset-cookie: a=b' }), /referrer-policy must be a one-line value or false/);
  assert.throws(() => prepareSecurityHeaders({ contentSecurityPolicy: ' ' }), /content-security-policy/);
  assert.throws(() => prepareSecurityHeaders('on' as never), /false, true or an object/);
});

test.run();
