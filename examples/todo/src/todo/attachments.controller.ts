import { BodyLimit, Controller, Get, HttpCode, HttpException, Param, Post, UploadedFile } from '@framework/core';
import { AttachmentStore } from './attachment-store.js';
import { TodoService } from './todo.service.js';

/** What `POST /todo/:id/attachments` answers: the stored file as the server saw it. */
export interface AttachmentInfo {
  readonly name: string;
  readonly type: string;
  readonly size: number;
}

/** A name that is safe in a path and a header: letters, digits, `.`, `_` and `-`, not starting with a dot. */
const safeName = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,99}$/;

/** Files attached to a todo: PNG, JPEG or plain text, told from their bytes, up to 1 MiB each. */
@Controller('/todo')
export class AttachmentsController {
  constructor(
    private readonly todos: TodoService,
    private readonly store: AttachmentStore,
  ) {}

  /**
   * Attaches a file (`multipart/form-data`, field `file`) to the todo: PNG, JPEG or plain text
   * by its bytes, at most 1 MiB; a name sent again replaces the file.
   *
   * @throws {BadRequestException} when the file's name is not 1 to 100 letters, digits, dots, underscores and dashes
   * @throws {NotFoundException} when no todo has this id
   * @throws {InsufficientStorageException} when the todo holds ten attachments, or the store is full
   */
  @Post('/:id/attachments')
  @HttpCode(201)
  // A file of 1 MiB and the form around it.
  @BodyLimit(1024 * 1024 + 16 * 1024)
  async attach(@Param('id') id: string, @UploadedFile('file', { maxBytes: 1024 * 1024, types: ['image/png', 'image/jpeg', 'text/plain'] }) file: File): Promise<AttachmentInfo> {
    this.todos.get(id);
    if (!safeName.test(file.name)) throw new HttpException(400, 'An attachment name is 1 to 100 letters, digits, dots, underscores and dashes, not starting with a dot');
    const bytes = new Uint8Array(await file.arrayBuffer());
    this.store.put(id, { name: file.name, type: file.type, bytes });
    return { name: file.name, type: file.type, size: bytes.length };
  }

  /**
   * The attachment `name` of the todo, with the type told from its bytes when it was uploaded.
   *
   * @throws {NotFoundException} when the todo has no attachment of this name
   */
  @Get('/:id/attachments/:name')
  read(@Param('id') id: string, @Param('name') name: string): Response {
    const attachment = this.store.get(id, name);
    return new Response(attachment.bytes.slice(), {
      headers: {
        'content-type': attachment.type,
        // The stored type is the one the bytes were checked to be: never let a browser guess another.
        'x-content-type-options': 'nosniff',
        'content-disposition': `attachment; filename="${attachment.name}"`,
      },
    });
  }
}
