/**
 * Node keeps a batch of random bytes for `crypto.randomUUID()` and `crypto.randomInt()`: a call
 * made while the snapshot is built leaves the rest of the batch in the blob, and every process
 * started from it would then hand out the same identifiers (Node 20 does, tried). `Math.random`
 * and `randomBytes` are drawn afresh in each process. So the top of the snapshot's script watches
 * both functions while the blob is built, and the build fails, naming them, if either was called:
 * the call belongs in the code that runs at start.
 *
 * @example
 * const text = snapshotEntropyGuard() + snapshotRequirePrelude(lazy) + bundle;
 */
export function snapshotEntropyGuard(): string {
  return `(() => {
  const v8 = require('node:v8');
  if (!v8.startupSnapshot?.isBuildingSnapshot()) return;
  const crypto = require('node:crypto');
  const called = new Set();
  let building = true;
  const watch = (owner, name, label) => {
    const original = owner[name];
    // Same name and length: code that reads them sees the function it expects.
    const watched = { [name](...args) { if (building) called.add(label); return original.apply(this, args); } }[name];
    Object.defineProperty(owner, name, { value: watched, writable: true, configurable: true, enumerable: true });
  };
  watch(crypto, 'randomUUID', 'crypto.randomUUID()');
  watch(crypto, 'randomInt', 'crypto.randomInt()');
  watch(Object.getPrototypeOf(crypto.webcrypto), 'randomUUID', 'crypto.randomUUID() (Web Crypto)');
  v8.startupSnapshot.addSerializeCallback(() => {
    building = false;
    if (called.size > 0) {
      console.error(\`framework-build bundle --snapshot: \${[...called].join(' and ')} ran while the snapshot was built; Node keeps a batch of random bytes for it, which every start from the blob would share. Call it when the app starts (in the entry's statements, or in a provider, at init), not when a module loads.\`);
      process.exit(1);
    }
  });
})();
`;
}
