/**
 * A received file held in memory as the chunks it arrived in. A Web `File` copies every byte it is
 * made of into native memory; an upload whose handler reads the bytes once (`arrayBuffer()`) would
 * pay for that copy and then for reading them back out. A `HeldFile` reads its chunks straight into
 * the answer of `arrayBuffer()`, `bytes()`, `text()` and `stream()`, and makes the native copy only
 * when Node itself needs it (`new Blob([file])`, `slice()`, `structuredClone`, `postMessage`,
 * `URL.createObjectURL`).
 *
 * Node keeps a Blob's native bytes under one symbol-keyed property (`kHandle`) that each of those
 * reads; a `HeldFile` answers that read with a getter on its prototype which makes the copy then
 * (once per file). On a runtime where that property is not found, or where the probe below does
 * not see the file's size through it (Bun, Deno, a future Node), `heldFile` makes a plain `File`
 * and nothing changes but the copy.
 *
 * On Node 20 a held file is made without running the Blob constructor (see `madeBare`); elsewhere
 * by it. Its state is under a symbol, not in `#private` fields, so that both kinds read it.
 */
import { madeBare, refusedClone } from './held-file-bare.js';

/** Node's own Blob properties: the native bytes, their length and the type (undefined elsewhere). */
interface NodeBlobKeys {
  readonly handle: symbol;
  readonly length: symbol;
  readonly type: symbol;
}

/** How files are made here, decided by the first one. */
type Making = 'plain' | 'constructed' | 'bare';
let making: Making | undefined;

/**
 * A `File` of `chunks` (taken as they are: the caller hands them over and never changes them), named
 * `name`, of type `type`.
 *
 * @example
 * const file = heldFile([head, rest], 'cat.png', 'image/png');
 * await file.arrayBuffer(); // one copy of the chunks, none made before
 */
export function heldFile(chunks: readonly Uint8Array[], name: string, type: string): File {
  making ??= chooseMaking();
  if (making === 'bare') return HeldFile.bare(chunks, name, type);
  if (making === 'constructed') return new HeldFile(chunks, name, type);
  return new File(chunks as unknown as BlobPart[], name, { type });
}

/** The setter of Node's Blob properties on a held file's prototype: the Blob constructor's values are not kept. */
function dropped(): void {}

/**
 * A new buffer of `size` bytes that the caller writes whole: Node's (and Bun's) uninitialised
 * `Buffer.allocUnsafeSlow` where there is one, as zeroing 256 KiB first costs about what copying
 * them does; a zeroed `Uint8Array` elsewhere. Always a plain `Uint8Array` over its own `ArrayBuffer`.
 */
const allocate: (size: number) => Uint8Array<ArrayBuffer> = (() => {
  const unsafe = (globalThis as { Buffer?: { allocUnsafeSlow?: (size: number) => Uint8Array<ArrayBuffer> } }).Buffer?.allocUnsafeSlow;
  if (typeof unsafe !== 'function') return (size) => new Uint8Array(size);
  return (size) => {
    const made = unsafe(size);
    return made.byteOffset === 0 && made.buffer.byteLength === size ? new Uint8Array(made.buffer) : new Uint8Array(size);
  };
})();

/** What a held file holds. `native` is the native bytes, once something read them; `name` and `lastModified` are a bare file's own. */
interface Held {
  chunks: readonly Uint8Array[] | undefined;
  readonly size: number;
  readonly type: string;
  native: unknown;
  readonly name?: string;
  readonly lastModified?: number;
}

const held = Symbol('held');

class HeldFile extends File {
  /** One field: each field added to a transferable object costs Node 20 about 0.3 µs. */
  declare [held]: Held;

  /**
   * Puts Node's three Blob properties on the prototype, once: the native bytes, made on first
   * read, the length (the held size) and the type. On the prototype, not on each file: the Blob
   * constructor's own writes of its (empty) values go to setters that drop them, so a file has no
   * own property when Node 20 makes it transferable.
   */
  static install(keys: NodeBlobKeys): void {
    Object.defineProperty(HeldFile.prototype, keys.handle, {
      configurable: true,
      get(this: HeldFile): unknown {
        return (this[held].native ??= (new Blob(this.heldChunks() as unknown as BlobPart[]) as unknown as Record<symbol, unknown>)[keys.handle]);
      },
      set: dropped,
    });
    Object.defineProperty(HeldFile.prototype, keys.length, { configurable: true, get: sizeOf, set: dropped });
    Object.defineProperty(HeldFile.prototype, keys.type, { configurable: true, get: typeOf, set: dropped });
  }

  /** A held file made without the Blob constructor (Node 20 only: see `madeBare`). */
  static bare(chunks: readonly Uint8Array[], name: string, type: string): HeldFile {
    return madeBare(HeldFile.prototype, held, { chunks, size: sizeOfChunks(chunks), type, native: undefined, name, lastModified: Date.now() });
  }

  /** Lets go of the chunks (the call that received the file ended): later reads are refused. */
  static release(file: HeldFile): void {
    file[held].chunks = undefined;
  }

  /** Whether Node read the native bytes (the probe's check). */
  static nativeWasRead(file: HeldFile): boolean {
    return file[held].native !== undefined;
  }

  constructor(chunks: readonly Uint8Array[], name: string, type: string) {
    super([], name);
    this[held] = { chunks, size: sizeOfChunks(chunks), type, native: undefined };
  }

  override get size(): number {
    return this[held].size;
  }
  override get type(): string {
    return this[held].type;
  }
  override get name(): string {
    return this[held].name ?? super.name;
  }
  override get lastModified(): number {
    return this[held].lastModified ?? super.lastModified;
  }
  /** As Node shows a `File` (its own way reads `#private` fields a bare file does not have). */
  [Symbol.for('nodejs.util.inspect.custom')](depth: number, options: object, inspect: (value: unknown, options: object) => string): string {
    return `File ${inspect({ size: this.size, type: this.type, name: this.name, lastModified: this.lastModified }, { ...options, depth: depth - 1 })}`;
  }

  override bytes(): Promise<Uint8Array<ArrayBuffer>> {
    return this.read(() => this.copy());
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    return this.read(() => this.copy().buffer);
  }
  override text(): Promise<string> {
    return this.read(() => new TextDecoder().decode(this.copy()));
  }
  override stream(): ReadableStream<Uint8Array<ArrayBuffer>> {
    let chunks: readonly Uint8Array[];
    try {
      chunks = this.heldChunks();
    } catch (error) {
      // As a Blob whose file is gone: the stream errors, the call does not throw.
      return new ReadableStream({ start: (controller) => controller.error(error) });
    }
    let next = 0;
    return new ReadableStream<Uint8Array<ArrayBuffer>>({
      type: 'bytes',
      pull(controller) {
        // A copy: enqueueing a byte stream's chunk detaches its buffer, and the held ones are read again.
        if (next < chunks.length) controller.enqueue(chunks[next++]!.slice());
        else controller.close();
      },
    });
  }

  /** A read's answer, or its refusal as a rejected promise (never thrown). */
  private read<T>(read: () => T): Promise<T> {
    try {
      return Promise.resolve(read());
    } catch (error) {
      return Promise.reject(error);
    }
  }

  /** The held chunks, or the refusal of a file read after its call ended. */
  private heldChunks(): readonly Uint8Array[] {
    const { chunks } = this[held];
    if (!chunks) throw new DOMException('The uploaded file was let go when its call ended: read it (or copy it) during the call', 'NotReadableError');
    return chunks;
  }

  /** The bytes in one new buffer: each read gets its own, as a Blob's reads do. */
  private copy(): Uint8Array<ArrayBuffer> {
    const out = allocate(this[held].size);
    let offset = 0;
    for (const chunk of this.heldChunks()) {
      out.set(chunk, offset);
      offset += chunk.length;
    }
    return out;
  }
}

function sizeOf(this: HeldFile): number {
  return this[held].size;
}
function typeOf(this: HeldFile): string {
  return this[held].type;
}
/** Counted here, not taken from the caller: `copy` writes exactly this many bytes into a buffer that is not zeroed first. */
function sizeOfChunks(chunks: readonly Uint8Array[]): number {
  let size = 0;
  for (const chunk of chunks) size += chunk.length;
  return size;
}

/**
 * How this runtime's files are made: held ones where Node's Blob property keys are found and a
 * probe file made with them reads back whole through `new Blob` (the path that reads them
 * directly), bare ones where Node makes every Blob transferable through a native object (Node 20)
 * and a bare probe passes too; a plain `File` on any other runtime.
 */
function chooseMaking(): Making {
  try {
    const symbols = Object.getOwnPropertySymbols(new File([], ''));
    const handle = symbols.find((symbol) => symbol.description === 'kHandle');
    const length = symbols.find((symbol) => symbol.description === 'kLength');
    const type = symbols.find((symbol) => symbol.description === 'kType');
    if (!handle || !length || !type) return 'plain';
    HeldFile.install({ handle, length, type });
    const probe = new HeldFile([new Uint8Array([1, 2, 3])], 'probe', '');
    const copy = new Blob([probe]);
    // The copy read the probe's native bytes through the prototype's property, and kept none of the constructor's own.
    if (copy.size !== 3 || !HeldFile.nativeWasRead(probe) || [handle, length, type].some((key) => Object.getOwnPropertyDescriptor(probe, key))) return 'plain';
    return nodeMakesBlobsNatively() && bareProbePasses() ? 'bare' : 'constructed';
  } catch {
    return 'plain';
  }
}

/** A bare file is a File to `instanceof`, Node's Blob paths read it whole, and a clone of it is refused. */
function bareProbePasses(): boolean {
  const probe = HeldFile.bare([new Uint8Array([1, 2, 3])], 'probe', 'text/plain');
  if (!(probe instanceof File) || probe.name !== 'probe' || probe.size !== 3 || new Blob([probe]).size !== 3 || probe.slice(1).size !== 2) return false;
  try {
    structuredClone(probe);
    return false;
  } catch (error) {
    return (error as Error).message.includes(refusedClone.description!);
  }
}

/**
 * Whether this is Node 20, whose Blob constructor makes each Blob transferable through a native
 * object with a weak handle (`makeTransferable`); Node 21 and later mark it with a private symbol.
 */
function nodeMakesBlobsNatively(): boolean {
  const node = (globalThis as { process?: { versions?: { node?: string } } }).process?.versions?.node;
  return node !== undefined && Number(node.split('.')[0]) <= 20;
}

/**
 * Lets go of a held file's chunks when the call that received it ends (a plain `File` is left as
 * it is). Node 20 keeps every Blob made by its constructor (and what it holds) through young
 * collections until a full one: held chunks would keep each request's socket buffers alive that
 * long. A read after the call is refused, as a temporary file's is once deleted.
 *
 * @example
 * for (const file of files) releaseHeldFile(file); // in UploadedForm.dispose
 */
export function releaseHeldFile(file: File): void {
  if (file instanceof HeldFile) HeldFile.release(file);
}
