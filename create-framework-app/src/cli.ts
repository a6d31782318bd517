/**
 * `create-framework-app <dir> [--grpc] [--workers] [--lambda] [--packages <folder of tarballs>]`: writes a new app.
 *
 * @example
 * npm create --yes framework-app@latest my-api -- --grpc
 * npx create-framework-app my-api --grpc
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createApp } from './create-app.js';

const usage = `Usage: create-framework-app <dir> [--grpc] [--workers] [--lambda] [--packages <folder>] [--name <package name>]

  --grpc       add a .proto, a gRPC controller and a gRPC test
  --workers    add a Cloudflare Worker entry (src/worker.ts), wrangler.toml and npm run build:worker
  --lambda     add an AWS Lambda handler (src/lambda.ts) and npm run build:lambda
  --packages   depend on the tarballs in <folder> (written by \`npm run pack\`) instead of the registry
  --name       the package name (default: the folder's name)

Examples:
  npm create --yes framework-app@latest my-api -- --grpc
  npm create --yes framework-app@latest my-worker -- --workers
  npm create --yes framework-app@latest my-function -- --lambda
  npx --yes --package=dist/packages/create-framework-app.tgz create-framework-app my-api --packages dist/packages
`;

/**
 * The arguments; wrong ones end the process with the reason and the usage. A bare `--` is
 * dropped: `npm create framework-app my-api -- --grpc` needs it to keep `--grpc` from npm, and
 * the same words typed after `npx create-framework-app` pass it on to here, where it would make
 * every later flag a folder name.
 */
function parse() {
  try {
    return parseArgs({
      args: process.argv.slice(2).filter((arg) => arg !== '--'),
      allowPositionals: true,
      options: { grpc: { type: 'boolean' }, workers: { type: 'boolean' }, lambda: { type: 'boolean' }, packages: { type: 'string' }, name: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    });
  } catch (error) {
    process.stderr.write(`create-framework-app: ${(error as Error).message}\n\n${usage}`);
    return process.exit(1);
  }
}
const { values, positionals } = parse();
if (values.help) {
  process.stdout.write(usage);
  process.exit(0);
}
if (positionals.length !== 1) {
  const extra = positionals.slice(1).map((arg) => `'${arg}'`).join(', ');
  process.stderr.write(`create-framework-app: name the folder to create${extra ? ` (one folder only; also given: ${extra})` : ''}.\n\n${usage}`);
  process.exit(1);
}
try {
  const app = createApp({
    dir: positionals[0]!,
    grpc: values.grpc ?? false,
    workers: values.workers ?? false,
    lambda: values.lambda ?? false,
    ...(values.packages ? { packages: values.packages } : {}),
    ...(values.name ? { name: values.name } : {}),
  });
  const rel = path.relative(process.cwd(), app.dir) || '.';
  process.stdout.write(
    `Created ${app.name} in ${rel} (${app.files.length} files).\n\nNext steps:\n  cd ${rel}\n  npm install\n  npm run dev      # http://localhost:3000/greetings\n  npm test\n${values.workers ? '  npm run build:worker && npx wrangler dev   # the same app as a Worker\n' : ''}${values.lambda ? '  npm run build:lambda   # the same app as a Lambda function: zip dist/lambda, handler lambda.handler\n' : ''}`,
  );
} catch (error) {
  process.stderr.write(`create-framework-app: ${(error as Error).message}\n`);
  process.exit(1);
}
