import type { SourceFile } from 'ts-morph';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { atDeclaration } from '../diagnostics/internal-error.js';
import { relativeFile } from '../diagnostics/location.js';
import type { AppInterceptorIR, ConfigReadIR, ConfigSchemaIR, ModuleIR, ProgramIR, StaticMountIR, VersioningIR } from '../ir/index.js';
import { discoverClass } from './classes.js';
import { declarationKey, DiscoverContext } from './context.js';
import { families } from './families/index.js';
import { appInterceptorsIn } from './layers.js';
import { configLoadsIn, configReadsIn } from './config.js';
import { checkRequestLogOptions } from './request-log.js';
import { versioningOptionsIn } from './versioning-option.js';
import { staticMountsIn } from './static-mounts.js';
import { checkGrpcServerOrder } from './grpc/server-order.js';
import { discoverModule } from './modules.js';
import { checkDeclaredClass } from './misplaced-decorators.js';
import { checkDecoratorForms } from './decorator-forms.js';
import { className } from './refs.js';
import { frameworkDecorators } from './symbols.js';
import { toPosix } from '../files/file-paths.js';

/**
 * Pass 1: reads the decorated classes of the files under `srcDir` into the plain-data IR. This is the
 * only pass that touches ts-morph. Diagnostics here are about syntax the compiler cannot read
 * statically (FW1004, FW1016, FW1017, FW1401) or that is wrong whatever the rest of the program
 * (FW1018, FW1409, FW1502).
 * An unexpected exception is rethrown located at the class (or file) being read, for FW1013.
 *
 * @example
 * const { ir, diagnostics } = discover('/r/examples/todo/src', sourceFilesUnder(project, srcDir));
 */
export function discover(srcDir: string, files: readonly SourceFile[]): { ir: ProgramIR; diagnostics: Diagnostic[] } {
  const ctx = new DiscoverContext(srcDir);
  const modules: ModuleIR[] = [];
  const declared: string[] = [];
  const appInterceptors: AppInterceptorIR[] = [];
  const configReads: ConfigReadIR[] = [];
  const configLoads: ConfigSchemaIR[] = [];
  const versioning: VersioningIR[] = [];
  const staticMounts: StaticMountIR[] = [];
  const markers = new Set(['Injectable', ...families.map((f) => f.classDecorator)]);
  for (const sf of files) {
    const file = { file: toPosix(sf.getFilePath()), line: 0, column: 0, length: 0 };
    atDeclaration(file, displayName(srcDir, sf), () => {
      checkGrpcServerOrder(ctx, sf);
      checkDecoratorForms(ctx, sf);
      appInterceptors.push(...appInterceptorsIn(ctx, sf));
      configReads.push(...configReadsIn(ctx, sf));
      configLoads.push(...configLoadsIn(ctx, sf));
      checkRequestLogOptions(ctx, sf);
      versioning.push(...versioningOptionsIn(sf));
      staticMounts.push(...staticMountsIn(ctx, sf));
    });
    for (const cls of sf.getClasses()) {
      atDeclaration(ctx.location(cls.getNameNode() ?? cls), `class ${className(cls)}`, () => {
        const decorators = frameworkDecorators(cls);
        const moduleDecorator = decorators.find((d) => d.name === 'Module');
        const marker = moduleDecorator ?? decorators.find((d) => markers.has(d.name));
        if (marker) checkDeclaredClass(ctx, cls, `@${marker.name}`);
        if (moduleDecorator) modules.push(discoverModule(ctx, cls, moduleDecorator));
        const key = declarationKey(sf.getFilePath(), className(cls));
        if (decorators.some((d) => markers.has(d.name))) {
          ctx.enqueue(cls, key);
          declared.push(key);
        } else if (cls.getMethod('canActivate')) {
          // Guards are read even when unused, to flag V1 code early.
          ctx.enqueue(cls, key);
        }
      });
    }
  }
  for (let next = ctx.pending.shift(); next; next = ctx.pending.shift()) {
    const { cls, usage } = next;
    atDeclaration(ctx.location(cls.getNameNode() ?? cls), `class ${className(cls)}`, () => discoverClass(ctx, cls, usage));
  }
  return { ir: { srcDir, modules, classes: ctx.classes, declared, appInterceptors, configReads, configLoads, versioning, staticMounts }, diagnostics: ctx.diagnostics };
}

const displayName = (srcDir: string, sf: SourceFile): string => relativeFile(srcDir, sf.getFilePath());
