// Declarations of bundle-names.mjs: the compiler's own, built before this script runs.
export { unwrapInferredNames } from '../compiler/dist/bundle/bundle-names.js';
