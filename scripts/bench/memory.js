'use strict';
/**
 * Memory per part under load (issue 22: the manifests' requests and limits are sized from it): each
 * process of the bench's stack, its resident memory now and its peak over the whole run (VmHWM in
 * /proc/<pid>/status: the high-water mark the kernel keeps, so the peak of the load above is counted
 * even though it has passed).
 */
const { readFileSync } = require('node:fs');

function memoryOf(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kib = (field) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
    return { rss: kib('VmRSS') / 1024, peak: kib('VmHWM') / 1024 };
  } catch {
    return null;
  }
}

function printMemory(children) {
  console.log('\nMemory per part after the load above (MiB; peak = the highest resident memory of the whole run)');
  console.log(`   ${'part'.padEnd(18)} ${'now'.padStart(8)} ${'peak'.padStart(8)}`);
  for (const { name, child } of children) {
    const m = memoryOf(child.pid);
    if (m) console.log(`   ${name.padEnd(18)} ${m.rss.toFixed(0).padStart(8)} ${m.peak.toFixed(0).padStart(8)}`);
  }
}

module.exports = { printMemory, memoryOf };
