import { build } from '@framework/compiler';
for (const p of ['a','b','c']) {
  const t = performance.now();
  const r = await build({ srcDir: `/tmp/dx/${p}/src`, outDir: `/tmp/dx/${p}/generated`, write: true } as any);
  console.log(p, r.ok, r.diagnostics.map(d=>d.code), Math.round(performance.now()-t));
}
