import { BodyLimit, Controller, Post, UploadedFile } from '@framework/core';

/** One file of up to 512 KiB in a multipart/form-data body (the `upload-256k` scenario). */
@Controller('/upload')
export class UploadController {
  @Post()
  @BodyLimit(1024 * 1024)
  upload(@UploadedFile('file', { maxBytes: 512 * 1024 }) file: File): { size: number; type: string } {
    return { size: file.size, type: file.type };
  }
}
