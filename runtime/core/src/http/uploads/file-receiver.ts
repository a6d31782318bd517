import type { FormFileEntry } from '../../contract/tables.js';
import { SNIFF_BYTES, typeFromBytes } from './file-types.js';
import { heldFile } from './held-file.js';
import type { TempFile, TemporaryFiles } from './temp-files.js';
import { malformedForm, UploadLimitException, UploadTypeException } from './upload-errors.js';
import type { UploadedForm } from './uploaded-form.js';
import type { UploadLimits } from './upload-limits.js';

/** The part of the parser's file stream used here (a Node `Readable`). */
interface PartStream {
  on(event: 'data', listener: (chunk: Uint8Array) => void): unknown;
  on(event: 'end', listener: () => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  pause(): unknown;
  resume(): unknown;
}

/**
 * One file of a form as its bytes arrive: counted against its `maxBytes`, its first bytes kept to
 * tell its type, held in memory up to `limits.memoryBytes` and written to a temporary file beyond
 * (with back-pressure: the part pauses while the disk is behind). `done` settles once the file is
 * `received`; a failure goes to `fail`, which ends the whole form.
 *
 * @example
 * const receiver = new FileReceiver(field, 'cat.png', 1 << 20, limits, temp, form, fail);
 * receiver.receive(partStream); await receiver.done;
 */
export class FileReceiver {
  readonly done: Promise<void>;
  /** The file, once `done` settled. */
  private file_: File | undefined;
  private settle!: () => void;
  private chunks: Uint8Array[] = [];
  private head: Uint8Array[] = [];
  private headBytes = 0;
  private size = 0;
  private file: TempFile | undefined;
  private abandoned = false;
  private draining = false;

  constructor(
    readonly field: FormFileEntry,
    private readonly name: string,
    private readonly maxBytes: number,
    private readonly limits: UploadLimits,
    private readonly temp: TemporaryFiles | undefined,
    private readonly form: UploadedForm,
    private readonly fail: (error: unknown) => void,
  ) {
    this.done = new Promise((resolve) => (this.settle = resolve));
  }

  /** The received file (after `done`). */
  get received(): File | undefined {
    return this.file_;
  }

  receive(part: PartStream): void {
    part.on('data', (chunk) => this.onChunk(part, chunk));
    part.on('error', (error) => this.fail(malformedForm(error)));
    part.on('end', () => {
      if (!this.abandoned) this.finish().then(() => this.settle(), (error: unknown) => this.fail(error));
    });
  }

  /** The form failed elsewhere: stop writing (the form deletes the file). */
  abandon(): void {
    this.abandoned = true;
    this.file?.stream.destroy();
    this.chunks = [];
  }

  private onChunk(part: PartStream, chunk: Uint8Array): void {
    if (this.abandoned) return;
    this.size += chunk.length;
    if (this.size > this.maxBytes) {
      return this.fail(new UploadLimitException('fileBytes', `File '${this.field.field}' is larger than the limit of ${this.maxBytes} bytes`, this.field.field));
    }
    if (this.headBytes < SNIFF_BYTES) {
      this.head.push(chunk);
      this.headBytes += chunk.length;
    }
    if (this.file) return this.write(part, chunk);
    this.chunks.push(chunk);
    if (this.temp && this.size > this.limits.memoryBytes) this.spill(part, this.temp);
  }

  /** Moves the bytes held so far to a new temporary file; the rest of the part goes there too. */
  private spill(part: PartStream, temp: TemporaryFiles): void {
    const file = temp.create(this.limits.tempDir);
    this.form.holdTemporary(file);
    this.file = file;
    file.stream.once('error', (error) => this.fail(error));
    const held = this.chunks;
    this.chunks = [];
    for (const chunk of held) this.write(part, chunk);
  }

  private write(part: PartStream, chunk: Uint8Array): void {
    const { stream } = this.file!;
    // One wait for 'drain' at a time: chunks already on their way still come while the part pauses.
    if (!stream.write(chunk) && !this.draining) {
      this.draining = true;
      part.pause();
      stream.once('drain', () => {
        this.draining = false;
        part.resume();
      });
    }
  }

  /** The whole file is here: tell its type, check it, and put the `File` in the form. */
  private async finish(): Promise<void> {
    const head = concat(this.head, Math.min(this.headBytes, SNIFF_BYTES));
    const type = await typeFromBytes(head);
    const { types } = this.field;
    if (types && !types.includes(type)) throw new UploadTypeException(this.field.field, type, types);
    if (this.file) {
      const { stream, path } = this.file;
      await new Promise<void>((resolve) => stream.end(resolve));
      const onDisk = await this.temp!.blob(path, type);
      if (this.abandoned) return;
      this.file_ = new File([onDisk], this.name, { type });
    } else {
      if (this.abandoned) return;
      // The chunks as they came, copied once when the handler reads them (not into a Blob first).
      this.file_ = heldFile(this.chunks, this.name, type);
    }
    this.chunks = [];
    this.head = [];
  }
}

function concat(chunks: readonly Uint8Array[], length: number): Uint8Array {
  if (chunks.length === 1) return chunks[0]!.subarray(0, length);
  const out = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    if (offset >= length) break;
    const take = chunk.subarray(0, length - offset);
    out.set(take, offset);
    offset += take.length;
  }
  return out;
}
