import type { AppModel } from '../analyze/model.js';
import { diagnostic, type Diagnostic } from '../diagnostics/diagnostic.js';
import type { BundleTarget } from './targets.js';

/** Why a host does not serve gRPC, said in FW1416. */
const NO_GRPC: Partial<Record<BundleTarget, string>> = {
  workers: 'a Worker answers HTTP requests through `fetch` only and cannot accept the HTTP/2 connections gRPC needs',
};

/**
 * What the application asks of a host that the host does not give: gRPC controllers in a bundle
 * for Cloudflare Workers (FW1416), one diagnostic at each controller whose module the bundle
 * carries (`carried`, by absolute path: an entry whose root leaves the gRPC module out, built with
 * `--root`, bundles without it).
 *
 * @example
 * hostDiagnostics(model, 'workers') // [{ code: 'FW1416', … TodoGrpcController … }]
 * hostDiagnostics(model, 'workers', (file) => bundled.has(file)) // [] when no controller's file is inside
 */
export function hostDiagnostics(model: AppModel, target: BundleTarget, carried: (file: string) => boolean = () => true): Diagnostic[] {
  const why = NO_GRPC[target];
  if (why === undefined) return [];
  return model.grpc.flatMap((service) => {
    const controller = model.providers[service.controller]!;
    if (!carried(controller.location.file)) return [];
    return [diagnostic('FW1416', controller.location, { controller: controller.name, target: TARGET_NAMES[target], why })];
  });
}

const TARGET_NAMES: Record<BundleTarget, string> = { node: 'Node', bun: 'Bun', workers: 'Cloudflare Workers', lambda: 'AWS Lambda' };
