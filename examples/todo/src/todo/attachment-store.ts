import { Injectable, InsufficientStorageException, NotFoundException } from '@framework/core';

/** One stored attachment: its bytes and the type told from them when it was uploaded. */
export interface Attachment {
  readonly name: string;
  readonly type: string;
  readonly bytes: Uint8Array;
}

/** The most bytes the store holds, all attachments together: a bounded store, as the todos'. */
export const MAX_ATTACHMENT_BYTES = 32 * 1024 * 1024;
/** The most attachments one todo holds. */
export const MAX_ATTACHMENTS_PER_TODO = 10;

/**
 * The attachments of the todos, in memory and bounded: at most `MAX_ATTACHMENTS_PER_TODO` per
 * todo and `MAX_ATTACHMENT_BYTES` in all (a 507 beyond). A name sent again replaces its file.
 */
@Injectable()
export class AttachmentStore {
  private readonly byTodo = new Map<string, Map<string, Attachment>>();
  private bytes = 0;

  /** Stores `attachment` under its todo, replacing one of the same name. */
  put(todoId: string, attachment: Attachment): void {
    const files = this.byTodo.get(todoId) ?? new Map<string, Attachment>();
    const replaced = files.get(attachment.name);
    const bytes = this.bytes - (replaced?.bytes.length ?? 0) + attachment.bytes.length;
    if (bytes > MAX_ATTACHMENT_BYTES || (!replaced && files.size >= MAX_ATTACHMENTS_PER_TODO)) throw new InsufficientStorageException();
    files.set(attachment.name, attachment);
    this.byTodo.set(todoId, files);
    this.bytes = bytes;
  }

  /** The attachment `name` of the todo; a 404 when there is none. */
  get(todoId: string, name: string): Attachment {
    const attachment = this.byTodo.get(todoId)?.get(name);
    if (!attachment) throw new NotFoundException();
    return attachment;
  }

  /** Lets go of a deleted todo's attachments. */
  drop(todoId: string): void {
    for (const attachment of this.byTodo.get(todoId)?.values() ?? []) this.bytes -= attachment.bytes.length;
    this.byTodo.delete(todoId);
  }
}
