/** Shared by the OpenAPI suites: build a fixture's document and tables, validate documents. */
import { Validator } from '@seriousme/openapi-schema-validator';
import { build, type BuildResult } from '../../compiler/src/index.js';
import { ROOT } from '../compiler/helpers.js';

export { ROOT };

/** Builds `test/openapi/fixtures/<name>/src` into `test/.tmp/openapi/<name>` (written when `write`). */
export async function buildApiFixture(name: string, write = false): Promise<BuildResult> {
  return build({ srcDir: `test/openapi/fixtures/${name}/src`, outDir: `test/.tmp/openapi/${name}`, cwd: ROOT, write, client: true });
}

/** The build's `openapi.json`, parsed. */
export function documentOf(result: BuildResult): OpenApi {
  const file = result.files.find((f) => f.path.endsWith('/openapi.json'));
  if (!file) throw new Error(`no openapi.json: ${result.diagnostics.map((d) => d.message).join('\n')}`);
  return JSON.parse(file.text) as OpenApi;
}

/** Validates a document against the OpenAPI 3.1 schema; the errors as text when it does not. */
export async function schemaErrors(document: unknown): Promise<string | undefined> {
  const validator = new Validator();
  const result = await validator.validate(document as Record<string, unknown>);
  if (validator.version !== '3.1') return `validated as OpenAPI ${String(validator.version)}, not 3.1`;
  return result.valid ? undefined : JSON.stringify(result.errors, null, 2);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type OpenApi = { paths: Record<string, Record<string, any>>; components: { schemas: Record<string, any>; securitySchemes?: Record<string, unknown> }; [key: string]: any };
