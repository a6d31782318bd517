// Other processes on the machine skew every figure: measure how busy the cores are before a target.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

function ticks() {
  return readFileSync('/proc/stat', 'utf8').split('\n').filter((l) => /^cpu\d/.test(l)).map((l) => {
    const v = l.split(/\s+/).slice(1).map(Number);
    const idle = v[3] + v[4];
    return { idle, total: v.reduce((a, b) => a + b, 0) };
  });
}

/** Fraction of CPU time (0–1) the busiest core spent working during `ms`. */
export async function busiestCore(ms = 1000) {
  const a = ticks();
  await sleep(ms);
  return Math.max(...ticks().map((b, i) => 1 - (b.idle - a[i].idle) / Math.max(1, b.total - a[i].total)));
}

/** Waits (up to `maxWaitMs`) for every core to be under 15% busy; returns the last busy fraction. */
export async function waitForQuiet(log, maxWaitMs = 60_000) {
  const until = Date.now() + maxWaitMs;
  let busy = await busiestCore();
  while (busy > 0.15 && Date.now() < until) {
    log(`the machine is busy (a core at ${(busy * 100).toFixed(0)}%): waiting for it to calm down`);
    busy = await busiestCore(3000);
  }
  return busy;
}

/**
 * Milliseconds core 0 takes for a fixed piece of JavaScript (hashing and JSON), in a fresh process.
 * Shared virtual machines slow down now and then without showing it in /proc: a peer measured
 * while this number was high is marked in the table.
 */
export function coreSpeedMs() {
  const work = "const c=require('node:crypto');let t=performance.now(),x='';for(let i=0;i<20000;i++)x=c.createHash('sha256').update(JSON.stringify({i,x})).digest('hex');console.log(performance.now()-t)";
  return Number(execFileSync('taskset', ['-c', '0', process.execPath, '-e', work], { encoding: 'utf8' }));
}
