/**
 * Whether a bundle's text carries a package: esbuild writes each module's path above it
 * (`// node_modules/ws/…`), and a CommonJS module's path as its key (`"../../node_modules/ws/…"`
 * when its package was bundled from another folder, as the runtime's own chunks were).
 *
 * @example
 * carriesPackage(readFileSync(bundleFile, 'utf8'), 'class-validator') // false for the todo example's Worker
 */
export function carriesPackage(text: string, pkg: string): boolean {
  return new RegExp(`(?:^|[\\s"'/])node_modules/${pkg.replace(/[/.]/g, '\\$&')}/`, 'm').test(text);
}
