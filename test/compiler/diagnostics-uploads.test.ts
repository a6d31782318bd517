import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compileFixture, golden } from './helpers.js';

const file = (f: string) => `test/compiler/fixtures/${f}/src/app.module.ts`;
const at = (f: string, line: number, column: number, code: string, message: string) => ({ code, severity: 'error', file: file(f), line, column, message });

const f = 'fw2700-uploads';
const result = await compileFixture(f);

test('upload routes of the right shape get no diagnostic', () => {
  assert.not.ok(result.diagnostics.some((d) => d.message.includes('GoodUploads.')), result.diagnostics.map((d) => d.message).join('\n'));
});

test('FW2701-FW2705, and FW1201 for a @Form() member without a validator, each at its line', () => {
  assert.equal(result.diagnostics.map(golden), [
    at(f, 5, 53, 'FW1201', "Member 'note' of body class NoteForm has no class-validator decorator; every body member needs one."),
    at(f, 16, 22, 'FW2701', '@UploadedFile() on BadUploads.onGet reads a multipart/form-data body, but it serves GET, whose requests carry no body, so there is never a form to read.'),
    at(f, 17, 27, 'FW2702', "@Form() parameter 'form' of BadUploads.notClass has type { title: string }, which is not a validated class, so the form's fields would reach the handler unchecked."),
    at(f, 18, 56, 'FW2703', "The types of @UploadedFile('file') on BadUploads.types name 'application/x-made-up', which is not a type a file can be told to be from its bytes, so no file would ever be accepted as one."),
    at(f, 18, 56, 'FW2703', "The types of @UploadedFile('file') on BadUploads.types name 'image/jpg', which is not a type a file can be told to be from its bytes, so no file would ever be accepted as one."),
    at(f, 19, 71, 'FW2704', "@UploadedFiles('videos') on BadUploads.big allows files of 5242880 bytes, above the route's body limit of 1048576 bytes (the default bodyLimit), so a file that large would be refused with a 413 before it is read."),
    at(f, 20, 45, 'FW2705', "BadUploads.both reads its body both as JSON (@Body() 'dto') and as a multipart/form-data form (@UploadedFile() 'file'), but a request has one body of one type."),
    at(f, 22, 33, 'FW2701', '@Form() on BadUploads.events reads a multipart/form-data body, but it is an @Sse() route, opened by a GET, so there is never a form to read.'),
  ]);
  assert.equal(result.diagnostics.slice(1).map((d) => d.hint), [
    'serve the handler with @Post(), @Put() or @Patch(), or remove the parameter.',
    'declare a class whose members carry class-validator decorators (as for a @Body() DTO) and use it as the parameter type.',
    "name MIME types with a known signature (image/png, image/jpeg, application/pdf…; see docs/uploads.md) or 'text/plain' for text.",
    "did you mean 'image/jpeg'?",
    'raise the route\'s limit with @BodyLimit(10551296) on BadUploads.big, or lower maxBytes to 1048576 or less.',
    "read the form's text fields with @Form() instead of @Body(), or move the upload to a handler of its own.",
    'serve the handler with @Post(), @Put() or @Patch(), or remove the parameter.',
  ]);
});

test('FW1412: @UploadedFile() on a gRPC handler', async () => {
  const g = 'fw2700-uploads-grpc';
  const grpc = await compileFixture(g);
  assert.equal(grpc.diagnostics.map(golden), [
    at(g, 12, 28, 'FW1412', "Parameter 'file' of gRPC handler TodoGrpc.CreateTodo uses @UploadedFile(), which reads HTTP requests only, so there is nothing to pass on a gRPC call."),
  ]);
});

test('the types the compiler accepts are those the runtime tells from bytes', async () => {
  const { KNOWN_UPLOAD_TYPES } = await import('../../compiler/src/analyze/upload-types.js');
  const { supportedMimeTypes } = (await import(new URL('../../runtime/core/node_modules/file-type/index.js', import.meta.url).href)) as { supportedMimeTypes: ReadonlySet<string> };
  assert.equal([...KNOWN_UPLOAD_TYPES].sort(), [...new Set([...supportedMimeTypes, 'text/plain'])].sort());
});

test.run();
