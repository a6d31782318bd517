// A file's type from its first bytes (uploads/file-types.ts): signatures first, then text or not,
// told by scanning the bytes for control characters and checking UTF-8 only where a byte needs it.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { SNIFF_BYTES, typeFromBytes } from '../../runtime/core/src/http/uploads/file-types.js';

const bytes = (...values: number[]) => Uint8Array.from(values);
const text = (value: string) => new TextEncoder().encode(value);

test('a known signature wins over text: a PDF whose bytes are printable is application/pdf', async () => {
  assert.is(await typeFromBytes(text('%PDF-1.4\n%text-like header\n')), 'application/pdf');
  assert.is(await typeFromBytes(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52)), 'image/png');
});

test('ASCII and UTF-8 text with tabs, line feeds, form feeds and carriage returns is text/plain', async () => {
  assert.is(await typeFromBytes(text('name,age\r\nAda,36\n\tindented\f')), 'text/plain');
  assert.is(await typeFromBytes(text('crème brûlée, 日本語, ✓')), 'text/plain');
  assert.is(await typeFromBytes(new Uint8Array(SNIFF_BYTES).fill(0x61)), 'text/plain');
});

test('a head that ends inside a UTF-8 character is still text', async () => {
  const whole = text('a'.repeat(10) + '✓'); // ✓ is three bytes
  assert.is(await typeFromBytes(whole.subarray(0, whole.length - 1)), 'text/plain');
});

test('a control byte or invalid UTF-8 is application/octet-stream', async () => {
  for (const control of [0x00, 0x01, 0x08, 0x0b, 0x0e, 0x1b, 0x1f, 0x7f]) {
    assert.is(await typeFromBytes(bytes(0x61, 0x62, control, 0x63)), 'application/octet-stream', `byte 0x${control.toString(16)}`);
  }
  assert.is(await typeFromBytes(bytes(0x61, 0xff, 0x62)), 'application/octet-stream', 'not UTF-8');
  assert.is(await typeFromBytes(bytes(0x61, 0xe2, 0x28, 0xa1)), 'application/octet-stream', 'a broken sequence inside the head');
  assert.is(await typeFromBytes(new Uint8Array(0)), 'application/octet-stream', 'empty');
});

test('a control byte is found wherever it sits in a long head, at any alignment of the head', async () => {
  const allowed = new Set([0x09, 0x0a, 0x0c, 0x0d]);
  for (const offset of [0, 1, 2, 3]) {
    for (const position of [0, 1, 2, 3, 4, 5, 6, 7, 1000, 1001, 1002, 1003, 4095, 4096, 4098, 4099]) {
      for (const byte of [0x00, 0x01, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x1f, 0x20, 0x7e, 0x7f]) {
        const backing = new Uint8Array(SNIFF_BYTES + offset).fill(0x61);
        const head = backing.subarray(offset);
        head[position] = byte;
        const expected = allowed.has(byte) || byte >= 0x20 && byte !== 0x7f ? 'text/plain' : 'application/octet-stream';
        assert.is(await typeFromBytes(head), expected, `byte 0x${byte.toString(16)} at ${position}, offset ${offset}`);
      }
    }
    for (let length = 1; length <= 9; length++) {
      const short = new Uint8Array(length + offset).fill(0x61).subarray(offset);
      assert.is(await typeFromBytes(short), 'text/plain', `${length} bytes, offset ${offset}`);
      short[length - 1] = 0x01;
      assert.is(await typeFromBytes(short), 'application/octet-stream', `${length} bytes ending in 0x01, offset ${offset}`);
    }
    const accented = new Uint8Array(SNIFF_BYTES + offset).fill(0x61).subarray(offset);
    accented.set(text('é'), 2001);
    assert.is(await typeFromBytes(accented), 'text/plain', `UTF-8 in the middle, offset ${offset}`);
    accented[2001] = 0xff;
    assert.is(await typeFromBytes(accented), 'application/octet-stream', `not UTF-8 in the middle, offset ${offset}`);
  }
});

test.run();
