// A file held as the chunks it arrived in (uploads/held-file.ts): a Web File to every reader, its
// own reads copying the chunks once, and Node's paths that read a Blob's native bytes directly
// (new Blob([file]), slice, structuredClone, postMessage, object URLs) seeing every byte too. On
// Node 20 a held file is made without the Blob constructor, and a clone of it is refused, naming the fix.
import { resolveObjectURL } from 'node:buffer';
import { inspect } from 'node:util';
import { MessageChannel } from 'node:worker_threads';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { heldFile, releaseHeldFile } from '../../runtime/core/src/http/uploads/held-file.js';

const text = (value: string) => new TextEncoder().encode(value);
/** Chunks of 'hello world' as a parser hands them over: views into larger buffers. */
const chunks = () => [text('>>hello ').subarray(2), text('world<<').subarray(0, 5)];
const file = () => heldFile(chunks(), 'greeting.txt', 'text/plain');

test('it is a Web File with the name, size and type it was made with', () => {
  const held = file();
  assert.ok(held instanceof File);
  assert.ok(held instanceof Blob);
  assert.is(held.name, 'greeting.txt');
  assert.is(held.size, 11);
  assert.is(held.type, 'text/plain');
  assert.ok(held.lastModified > 0);
  assert.is(Object.prototype.toString.call(held), '[object File]');
  assert.match(inspect(held, { breakLength: Infinity }), /^File \{ size: 11, type: 'text\/plain', name: 'greeting.txt', lastModified: \d+ \}$/);
  assert.is(JSON.stringify(held), JSON.stringify(new File(['hello world'], 'greeting.txt')), 'serialised as a File is');
});

test('each read gets its own copy of every byte', async () => {
  const held = file();
  const first = new Uint8Array(await held.arrayBuffer());
  assert.is(new TextDecoder().decode(first), 'hello world');
  first.fill(0);
  assert.is(await held.text(), 'hello world');
  assert.equal([...(await held.bytes())], [...text('hello world')]);
  const buffer = await held.arrayBuffer();
  assert.ok(buffer instanceof ArrayBuffer && buffer.byteLength === 11, 'an ArrayBuffer of the file alone');
  assert.is(Object.getPrototypeOf(await held.bytes()), Uint8Array.prototype, 'a plain Uint8Array, not a Buffer');
  let streamed = '';
  for await (const chunk of held.stream()) streamed += new TextDecoder().decode(chunk);
  assert.is(streamed, 'hello world');
  assert.is(await held.text(), 'hello world', 'streaming leaves the held chunks whole');
});

/** Node 20, where a held file is made bare (without the Blob constructor). */
const bare = Number(process.versions.node.split('.')[0]) <= 20;

test('Node paths that read the native bytes see every byte', async () => {
  assert.is(await new Blob([file(), '!']).text(), 'hello world!');
  assert.is(await file().slice(6, 11).text(), 'world');
  assert.is((await file().slice(6, 11, 'text/x').text()) + file().slice(6, 11, 'text/x').type, 'worldtext/x');
  assert.is(await Blob.prototype.text.call(file()), 'hello world');
  assert.is(await new File([file()], 'copy.txt').text(), 'hello world');
  const url = URL.createObjectURL(file());
  assert.is(await resolveObjectURL(url)!.text(), 'hello world');
  URL.revokeObjectURL(url);
});

test(`a clone or a posted message carries every byte${bare ? ' (Node 20: refused, naming the fix)' : ''}`, async () => {
  const channel = new MessageChannel();
  try {
    if (bare) {
      for (const send of [() => structuredClone(file()), () => channel.port1.postMessage(file())]) {
        const refusal = (() => {
          try {
            send();
          } catch (error) {
            return error;
          }
        })();
        assert.ok(refusal instanceof DOMException && refusal.name === 'DataCloneError', String(refusal));
        assert.match((refusal as Error).message, /cannot be cloned or posted on Node 20: send a copy, new File\(\[await file\.arrayBuffer\(\)\]/);
      }
      // The copy the message names clones whole.
      const held = file();
      const copy = structuredClone(new File([await held.arrayBuffer()], held.name, { type: held.type }));
      assert.is(await copy.text(), 'hello world');
      assert.is(copy.type, 'text/plain');
      return;
    }
    const clone = structuredClone(file());
    assert.is(clone.size, 11);
    assert.is(clone.type, 'text/plain', 'the type travels with the clone');
    assert.is(await clone.text(), 'hello world');
    const posted = new Promise<Blob>((resolve) => channel.port2.once('message', resolve));
    channel.port1.postMessage(file());
    const received = await posted;
    assert.is(await received.text(), 'hello world');
    assert.is(received.type, 'text/plain');
  } finally {
    channel.port1.close();
  }
});

test('a Response and a FormData send every byte', async () => {
  assert.is(await new Response(file()).text(), 'hello world');
  const answer = new Response(file());
  assert.is(answer.headers.get('content-type'), 'text/plain', 'the type is the answer\'s');
  const form = new FormData();
  form.append('greeting', file());
  const sent = await new Response(form).text();
  assert.ok(sent.includes('filename="greeting.txt"') && sent.includes('\r\n\r\nhello world\r\n'), sent);
});

test('an empty file is empty to every reader', async () => {
  const empty = heldFile([], 'empty', 'application/octet-stream');
  assert.is(empty.size, 0);
  assert.is((await empty.arrayBuffer()).byteLength, 0);
  assert.is((await new Blob([empty]).arrayBuffer()).byteLength, 0);
});

test('a file let go when its call ended refuses every read with NotReadableError; a stream opened before still reads whole', async () => {
  const held = file();
  const opened = held.stream();
  releaseHeldFile(held);
  assert.is(held.size, 11, 'its facts stay');
  assert.is(held.name, 'greeting.txt');
  for (const read of [() => held.arrayBuffer(), () => held.bytes(), () => held.text(), () => new Response(held.stream()).text()]) {
    const refusal = await read().then(() => undefined, (error: unknown) => error);
    assert.ok(refusal instanceof DOMException && refusal.name === 'NotReadableError', String(refusal));
    assert.match((refusal as Error).message, /during the call/);
  }
  assert.throws(() => new Blob([held]), /during the call/);
  assert.is(await new Response(opened).text(), 'hello world');
  // A Response made of the file during the call (an answer streaming it) opens its stream then.
  const answering = file();
  const answer = new Response(answering);
  releaseHeldFile(answering);
  assert.is(await answer.text(), 'hello world');
  const plain = new File(['kept'], 'plain.txt');
  releaseHeldFile(plain);
  assert.is(await plain.text(), 'kept', 'a plain File is left as it is');
});

test.run();
