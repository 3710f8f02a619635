// The resident memory of a process and every process under it (its decoder children: djxl,
// heif-convert; bin/'s relaunched child on Node 20), read from /proc. One reader for the memory
// test (test/reliability/serve-memory.test.ts) and the memory scripts (bench/memory/).
import { readdirSync, readFileSync } from 'node:fs';

/** The process and every process under it; [] once it is gone. */
export function processTree(pid) {
  try {
    const children = readdirSync(`/proc/${pid}/task`).flatMap((task) =>
      readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number),
    );
    return [pid, ...children.flatMap(processTree)];
  } catch {
    return [];
  }
}

/** A process's resident set in bytes; 0 once it is gone. */
export function residentBytes(pid) {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) * 1024;
  } catch {
    return 0;
  }
}

/** The resident sets of `pid` and every process under it, in bytes. */
export const treeResidentBytes = (pid) => processTree(pid).reduce((sum, each) => sum + residentBytes(each), 0);
