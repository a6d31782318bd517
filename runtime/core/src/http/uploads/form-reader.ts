/// <reference path="./busboy-params.d.ts" />
import type { BusboyConfig, BusboyConstructor, BusboyFileStream, BusboyInstance } from '@fastify/busboy';
import type { FormEntry, FormFileEntry } from '../../contract/tables.js';
import { HttpException } from '../../exceptions/http-exception.js';
import { MalformedBodyException, RequestAbortedException } from '../../exceptions/request-exceptions.js';
import type { BodySource } from './body-source.js';
import { FileReceiver } from './file-receiver.js';
import { boundaryContentType, formBoundary, hasControlCharacter } from './form-boundary.js';
import { temporaryFiles, type TemporaryFiles } from './temp-files.js';
import { undecodedDisposition, watchDispositions, type ParseParams } from './part-disposition.js';
import { malformedForm, UploadLimitException } from './upload-errors.js';
import { UploadedForm } from './uploaded-form.js';
import type { UploadLimits } from './upload-limits.js';

/** Names that would reach an object's prototype if a form were ever merged into one. */
const forbiddenNames = new Set(['__proto__', 'constructor', 'prototype']);

/** What the parser may hold of a body it cannot take yet (the parser's own stream buffers). */
const WRITE_BUFFER_BYTES = 256 * 1024;

const multipartType = /^multipart\/form-data\s*(;|$)/i;

/**
 * @fastify/busboy (the parser `@fastify/multipart` uses), imported with the first form read: a
 * Node-streams parser that an application without form routes (and every start) never loads.
 */
let loadingParser: Promise<Parser> | undefined;
/**
 * The parser and the host's temporary files once loaded: every later read starts at once, without
 * a `Promise.all`, its `then` and their turns of the microtask queue.
 */
let loadedParser: Parser | undefined;
let loadedTemporary: { readonly files: TemporaryFiles | undefined } | undefined;
const loadParser = (): Promise<Parser> =>
  (loadingParser ??= Promise.all([import('@fastify/busboy'), import('@fastify/busboy/lib/utils/parseParams.js')]).then(
    ([module, params]) => (loadedParser = { Busboy: module.Busboy, parseParams: params.default }),
  ));

/** The parser, and the parameter parser it reads each part's head with. */
interface Parser {
  readonly Busboy: BusboyConstructor;
  readonly parseParams: ParseParams;
}
const loadTemporary = (): Promise<TemporaryFiles | undefined> => temporaryFiles().then((files) => (loadedTemporary = { files }).files);

/** The temporary files of a read without `onEnd`: none, so there is nothing to load. */
const inMemory = { files: undefined };

/** A part is a file when it names a file name (an empty one included), whatever its declared type. */
const isPartAFile: BusboyConfig['isPartAFile'] = (_name, _type, fileName) => fileName !== undefined;

/**
 * Reads one form route's `multipart/form-data` bodies, built once at init from its table entry:
 * streamed through @fastify/busboy, each file to memory below `limits.memoryBytes` and to a temporary file
 * above it, its type told from its bytes. Every limit (the route's body limit, a file's
 * `maxBytes`, each field's file count, the application's `UploadLimits`) is checked as the bytes
 * come; the first one crossed rejects with a 413 naming it, and reading stops at once.
 *
 * @example
 * const reader = new FormReader(route.entry.form, limits, 1 << 20);
 * const form = await reader.read(exchange.bodySource(reader.bodyLimit), exchange.header('content-type'), exchange.header('content-length'), onEnd);
 */
export class FormReader {
  private readonly files: ReadonlyMap<string, FormFileEntry>;
  private readonly largestFile: number;

  constructor(
    entry: FormEntry,
    private readonly limits: UploadLimits,
    /** The route's body limit: the whole body, every part and boundary included. */
    readonly bodyLimit: number,
  ) {
    this.files = new Map(entry.files.map((file) => [file.field, file]));
    this.largestFile = Math.max(limits.maxFileBytes, ...entry.files.map((file) => file.maxBytes ?? 0));
  }

  /**
   * Reads a body into an `UploadedForm`. `onEnd` receives the form's `dispose` before anything is
   * written to disk: the host calls it when the call ends, however it ends; a body that fails is
   * disposed here as well. Without `onEnd`, every file stays in memory (bounded by the body limit).
   */
  read(source: BodySource, contentType: string | undefined, declaredLength: string | undefined, onEnd: ((dispose: () => Promise<void>) => void) | undefined): Promise<UploadedForm> {
    // Without `onEnd` nothing would delete a temporary file: the files stay in memory then.
    const temp = onEnd ? loadedTemporary : inMemory;
    if (loadedParser !== undefined && temp !== undefined) return this.start(loadedParser, temp.files, source, contentType, declaredLength, onEnd);
    return Promise.all([onEnd ? loadTemporary() : undefined, loadParser()]).then(([files, parserOf]) => this.start(parserOf, files, source, contentType, declaredLength, onEnd));
  }

  private start(
    parserOf: Parser,
    temp: TemporaryFiles | undefined,
    source: BodySource,
    contentType: string | undefined,
    declaredLength: string | undefined,
    onEnd: ((dispose: () => Promise<void>) => void) | undefined,
  ): Promise<UploadedForm> {
    const form = new UploadedForm(temp?.remove);
    let stopReading: (() => void) | undefined;
    // A call can end before its form is read (a timeout's answer, the client gone): reading stops then.
    onEnd?.(() => {
      stopReading?.();
      return form.dispose();
    });
    // Files held in memory are bounded lower: a route allowing 100 MB must not take it into memory.
    const bodyLimit = temp ? this.bodyLimit : Math.min(this.bodyLimit, this.limits.inMemoryBodyBytes);
    return new Promise<UploadedForm>((resolve, reject) => {
      stopReading = this.parse(parserOf, source, contentType, declaredLength, bodyLimit, form, temp, resolve, reject);
    });
  }

  private parse(
    { Busboy: parserOf, parseParams }: Parser,
    source: BodySource,
    contentType: string | undefined,
    declaredLength: string | undefined,
    bodyLimit: number,
    form: UploadedForm,
    temp: TemporaryFiles | undefined,
    resolve: (form: UploadedForm) => void,
    reject: (error: unknown) => void,
  ): () => void {
    const { limits } = this;
    let parser: BusboyInstance | undefined;
    const receivers: FileReceiver[] = [];
    let settled = false;
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      source.stop();
      // Not inside the parser's own call: it goes on using its state after the event a refusal came from.
      const stopped = parser;
      if (stopped) setTimeout(() => stopped.destroy(), 0);
      for (const receiver of receivers) receiver.abandon();
      void form.dispose();
      reject(error);
    };
    // Called when every call ends, a read one too: the error (and its stack) only for a form still being read.
    const ended = () => {
      if (!settled) fail(new RequestAbortedException({ cause: new Error('the call ended before its form was read') }));
    };
    if (!contentType || !multipartType.test(contentType)) {
      fail(new MalformedBodyException(`Request body must be sent as multipart/form-data (got ${contentType ? `'${contentType}'` : 'no Content-Type'})`));
      return ended;
    }
    // Checked here rather than left to the parser, which takes the first of two boundaries and any length or character.
    const checked = formBoundary(contentType);
    if ('problem' in checked) {
      fail(new MalformedBodyException(checked.problem));
      return ended;
    }
    if (declaredLength !== undefined && Number(declaredLength) > bodyLimit) {
      fail(bodyTooLarge(bodyLimit));
      return ended;
    }
    try {
      parser = parserOf({
        // The checked boundary alone: the parser reads no other notation of it than the one checked.
        headers: { 'content-type': boundaryContentType(checked.boundary) },
        // Files are counted per field below, and names measured by `refusedName`: the parser's counts are not needed.
        limits: { fields: limits.maxFields, parts: limits.maxParts, fieldSize: limits.maxFieldBytes, fileSize: this.largestFile + 1 },
        isPartAFile,
        // Above a socket read (64 KiB): a chunk written while nothing waits is taken at once, not
        // answered by a 'drain' a tick later. A file part paused for the disk still holds the
        // writes back, so what waits in memory stays under this.
        highWaterMark: WRITE_BUFFER_BYTES,
      });
    } catch (error) {
      fail(new MalformedBodyException(`The multipart/form-data Content-Type cannot be read: ${(error as Error).message}`));
      return ended;
    }
    // A name or file name sent as an extended parameter that does not decode: refused before the
    // parser drops its part without a word (a line break) or hands it over misnamed.
    watchDispositions(parser, (disposition) => {
      const undecoded = settled ? undefined : undecodedDisposition(parseParams, disposition);
      if (!undecoded) return;
      const { part, parameter, reason } = undecoded;
      fail(new MalformedBodyException(`${part === undefined ? 'A form part' : `Form part '${part}'`} has a ${parameter} that cannot be decoded: ${reason}`));
    });
    const counts = new Map<string, number>();
    /** A part's name, or why it is refused. */
    const refusedName = (name: string | undefined): Error | undefined => {
      if (name === undefined || name === '') return new MalformedBodyException('A form part has no name in its Content-Disposition');
      // A UTF-16 unit is at most 3 bytes of UTF-8: a name that short is not measured byte by byte.
      if (name.length * 3 > limits.maxFieldNameBytes && new TextEncoder().encode(name).length > limits.maxFieldNameBytes) {
        return new UploadLimitException('fieldNameBytes', `A form part's name is longer than the limit of ${limits.maxFieldNameBytes} bytes`);
      }
      if (forbiddenNames.has(name)) return new MalformedBodyException(`A form part may not be named '${name}'`);
      if (hasControlCharacter(name)) return new MalformedBodyException(`A form part's name ${JSON.stringify(name)} holds a control character`);
      return undefined;
    };
    parser.on('field', (name: string | undefined, value: string, _nameTruncated: boolean, valueTruncated: boolean) => {
      if (settled) return;
      const refused = refusedName(name);
      if (refused) return fail(refused);
      if (valueTruncated) return fail(new UploadLimitException('fieldBytes', `Form field '${name}' is longer than the limit of ${limits.maxFieldBytes} bytes`, name));
      form.addField(name!, value);
    });
    parser.on('file', (name: string | undefined, stream: BusboyFileStream, fileName: string | undefined) => {
      // Destroying the parser on a refusal errors its open file stream: that error is the refusal's, not another.
      stream.on('error', () => undefined);
      // Parts the parser still finds in the chunk it is given when the form was refused are let go.
      if (settled) return stream.resume();
      const refused = refusedName(name);
      if (refused) return fail(refused);
      const field = this.files.get(name!);
      if (!field) {
        const taken = [...this.files.keys()].map((key) => `'${key}'`).join(', ');
        return fail(new MalformedBodyException(`Form field '${name}' is a file, but this route takes ${taken ? `files in ${taken} only` : 'no files'}`));
      }
      const count = (counts.get(field.field) ?? 0) + 1;
      counts.set(field.field, count);
      if (count > field.maxCount) {
        return fail(new UploadLimitException('fieldFiles', `Form field '${field.field}' holds more than ${field.maxCount} file${field.maxCount === 1 ? '' : 's'}`, field.field));
      }
      const receiver = new FileReceiver(field, fileName ?? field.field, field.maxBytes ?? limits.maxFileBytes, limits, temp, form, fail);
      receivers.push(receiver);
      receiver.receive(stream);
    });
    parser.on('partsLimit', () => fail(new UploadLimitException('parts', `The form holds more than the limit of ${limits.maxParts} parts`)));
    parser.on('fieldsLimit', () => fail(new UploadLimitException('fields', `The form holds more than the limit of ${limits.maxFields} text fields`)));
    parser.on('error', (error: Error) => fail(malformedForm(error)));
    parser.on('drain', () => source.resume());
    // Emitted once the closing boundary was read and every part's stream has ended.
    parser.on('finish', () => {
      if (settled) return;
      // The one file of most forms is waited for without `Promise.all`.
      const received = receivers.length === 1 ? receivers[0]!.done : Promise.all(receivers.map((receiver) => receiver.done));
      received.then(() => {
        if (settled) return;
        // In the order the files came, whichever finished first.
        for (const receiver of receivers) form.addFile(receiver.field.field, receiver.received!);
        const missing = [...this.files.values()].find((file) => file.required && !form.files.has(file.field));
        if (missing) return fail(new MalformedBodyException(`The form has no file in field '${missing.field}', which this route requires`));
        settled = true;
        resolve(form);
      }, fail);
    });
    let received = 0;
    source.start({
      chunk(chunk) {
        if (settled) return;
        received += chunk.length;
        if (received > bodyLimit) return fail(bodyTooLarge(bodyLimit));
        let more: boolean;
        try {
          more = parser!.write(chunk);
        } catch (error) {
          return fail(malformedForm(error as Error));
        }
        if (!more) source.pause();
      },
      end() {
        if (!settled) parser!.end();
      },
      fail(cause) {
        // A source that bounds the body itself (the host port's stream) refuses with its own 413.
        fail(cause instanceof HttpException ? cause : new RequestAbortedException({ cause }));
      },
    });
    return ended;
  }
}

function bodyTooLarge(limit: number): UploadLimitException {
  return new UploadLimitException('bodyBytes', `Request body is larger than the limit of ${limit} bytes`);
}
