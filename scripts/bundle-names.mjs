// The runtime's bundle goes through the same unwrapping as an application's
// (`framework-build bundle`): the compiler's `unwrapInferredNames`, built before this script runs.
export { unwrapInferredNames } from '../compiler/dist/bundle/bundle-names.js';
