import { BodyLimit, Controller, Post, UploadedFile } from '@framework/core';

/**
 * One file of up to 512 KiB in a multipart/form-data body (the `upload-256k` scenario), its bytes
 * read into memory: the same work as the Fastify peer's `file.toBuffer()`.
 */
@Controller('/upload')
export class UploadController {
  @Post()
  @BodyLimit(1024 * 1024)
  async upload(@UploadedFile('file', { maxBytes: 512 * 1024 }) file: File): Promise<{ size: number; type: string }> {
    const bytes = await file.arrayBuffer();
    return { size: bytes.byteLength, type: file.type };
  }
}
