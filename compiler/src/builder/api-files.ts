import path from 'node:path';
import type { AppModel } from '../analyze/model.js';
import { emitClient } from '../emit/client/client.js';
import { openApiDocument, type OpenApiOptions } from '../emit/openapi/document.js';
import type { SchemaDocuments } from '../schemas/json-schemas.js';
import type { OutputFile } from '../files/output-file.js';
import type { ProjectSettings } from '../project/settings.js';
import type { BuildOptions } from './build-options.js';

/** What a build writes beside the tables: the document (unless turned off) and the client (when asked). */
export interface ApiOutput {
  readonly openapi: OpenApiOptions | false;
  readonly client: boolean;
}

/**
 * The document's and client's settings: the build's options over `"frameworkBuild"` of the
 * package.json (read once by the builder), whose `name` and `version` are the default title and version.
 *
 * @example
 * apiOptions({ client: true }, { packageName: 'my-api', packageVersion: '1.0.0' }) // { openapi: { title: 'my-api', version: '1.0.0' }, client: true }
 */
export function apiOptions(options: Pick<BuildOptions, 'openapi' | 'client'>, settings: ProjectSettings): ApiOutput {
  const client = options.client ?? settings.client ?? false;
  if (options.openapi === false || (options.openapi === undefined && settings.openapi === false)) return { openapi: false, client };
  const fromSettings = settings.openapi === false ? {} : (settings.openapi ?? {});
  const given = options.openapi ?? {};
  const merged = { ...fromSettings, ...given };
  return {
    openapi: {
      title: merged.title ?? settings.packageName ?? 'API',
      version: merged.version ?? settings.packageVersion ?? '0.0.0',
      ...(merged.description ? { description: merged.description } : {}),
      ...(merged.servers ? { servers: merged.servers } : {}),
    },
    client,
  };
}

/** `openapi.json` and `client.ts` for the output folder. */
export function apiFiles(model: AppModel, outDir: string, api: ApiOutput, schemas?: SchemaDocuments): OutputFile[] {
  const files: OutputFile[] = [];
  if (!api.openapi && !api.client) return files;
  const document = openApiDocument(model, api.openapi || { title: 'API', version: '0.0.0' }, schemas);
  if (api.openapi) files.push({ path: path.posix.join(outDir, 'openapi.json'), text: `${JSON.stringify(document, null, 2)}\n` });
  if (api.client) files.push({ path: path.posix.join(outDir, 'client.ts'), text: emitClient(document) });
  return files;
}
