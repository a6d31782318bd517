import { MalformedBodyException, NotValidBodyException } from '../../exceptions/request-exceptions.js';
import type { BodyEntry } from '../../contract/tables.js';
import type { Converter } from '../../params/convert.js';
import { bodyValidatorFor } from '../../validation/body-validator.js';
import { releaseHeldFile } from './held-file.js';

/**
 * A `multipart/form-data` body once read: its text fields and its files (each a Web `File` whose
 * `type` was told from its bytes), and the temporary files behind the large ones, deleted by
 * `dispose()` when the call ends. What a form route's `call.body` holds; handlers see its parts
 * through `@Form()`, `@UploadedFile()` and `@UploadedFiles()`.
 */
export class UploadedForm {
  /**
   * Text fields by name; a name sent twice or more holds every value, in order. Without a
   * prototype: a field named `toString` is a field like any other.
   */
  readonly fields: Record<string, string | string[]> = Object.create(null) as Record<string, string | string[]>;
  /** Files by field name, in the order they came. */
  readonly files = new Map<string, File[]>();
  /** Temporary files to delete, each once its stream has closed it. */
  private readonly temporary: { readonly path: string; readonly closed: Promise<void> }[] = [];
  private removing: Promise<void> | undefined;

  constructor(private readonly remove: ((path: string) => Promise<void>) | undefined) {}

  addField(name: string, value: string): void {
    const previous = this.fields[name];
    // Appended in place: copying the list for each value made a name sent n times cost n² (with raised limits).
    if (Array.isArray(previous)) previous.push(value);
    else this.fields[name] = previous === undefined ? value : [previous, value];
  }
  addFile(name: string, file: File): void {
    const list = this.files.get(name);
    if (list) list.push(file);
    else this.files.set(name, [file]);
  }
  /** Records a temporary file as soon as it is created, so that a failure later still deletes it. */
  holdTemporary(file: { readonly path: string; readonly closed: Promise<void> }): void {
    this.temporary.push(file);
    // Disposed already (the call ended while the body was still coming): this one goes too.
    if (this.removing && this.remove) void file.closed.then(() => this.remove!(file.path));
  }
  /** Deletes the temporary files (once; later calls wait for the same deletion). */
  dispose(): Promise<void> {
    for (const files of this.files.values()) for (const file of files) releaseHeldFile(file);
    if (!this.remove || this.temporary.length === 0) return Promise.resolve();
    const remove = this.remove;
    return (this.removing ??= Promise.all(this.temporary.map(({ path, closed }) => closed.then(() => remove(path)))).then(() => undefined));
  }
}

function formOf(body: unknown): UploadedForm {
  if (body instanceof UploadedForm) return body;
  // Only a route the compiler made a form route reads these; anything else is a wiring bug.
  throw new TypeError('This route did not read a multipart/form-data body');
}

/**
 * The one file of `@UploadedFile(field)`: `undefined` when none came (a required one is refused
 * before the handler runs).
 *
 * @example
 * invoke: (c, a) => c.attach(uploadedFile(a.body, 'file') as File)
 */
export function uploadedFile(body: unknown, field: string): File | undefined {
  return formOf(body).files.get(field)?.[0];
}

/**
 * The files of `@UploadedFiles(field)`, in the order they came (empty when none came).
 *
 * @example
 * invoke: (c, a) => c.album(uploadedFiles(a.body, 'photos'))
 */
export function uploadedFiles(body: unknown, field: string): File[] {
  return formOf(body).files.get(field) ?? [];
}

/**
 * The reader of a `@Form() dto: SomeFormDto`: its text fields, the members the compiler knows a
 * type for converted from text (`count: number`), then validated and hydrated by the DTO's
 * compiled validator, exactly as a JSON body is. A failed rule is the body's 400.
 *
 * @example
 * const profileForm = validatedForm<ProfileForm>({ dto: ProfileForm, members: ['name', 'age'] }, { age: asNumber });
 * invoke: async (c, a) => c.save(await profileForm(a.body))
 */
export function validatedForm<T extends object>(entry: BodyEntry, converters: Readonly<Record<string, Converter<unknown>>>): (body: unknown) => Promise<T> {
  const validate = bodyValidatorFor(entry);
  const converted = Object.entries(converters);
  return async (body) => {
    const { fields } = formOf(body);
    const values: Record<string, unknown> = { ...fields };
    try {
      for (const [member, convert] of converted) {
        const text = fields[member];
        if (typeof text === 'string') values[member] = convert(text, member, 'query', true);
      }
    } catch (error) {
      // A field that does not convert is a form field, not a query parameter: say so.
      throw new MalformedBodyException(`Form field ${(error as Error).message.replace(/^Query parameter /, '')}`);
    }
    try {
      return (await validate(values)) as T;
    } catch (error) {
      if (error instanceof NotValidBodyException) throw new NotValidBodyException(error.reasons, error.message.replace('Invalid request body', 'Invalid form'));
      throw error;
    }
  };
}
