/**
 * The hosts `framework-build bundle` makes a bundle for (`--target`).
 *
 * @example
 * BUNDLE_TARGETS.includes('workers') // true
 */
export const BUNDLE_TARGETS = ['node', 'bun', 'workers', 'lambda'] as const;
export type BundleTarget = (typeof BUNDLE_TARGETS)[number];
