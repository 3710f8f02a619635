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

/** The memory of `pid` and every process under it, in bytes, with each page of a file the processes
 * share counted once: summed resident sets count the Node binary's pages twice while bin/ waits for
 * its relaunched child (Node 20), 36 of bin/'s 43 MB. From /proc/PID/smaps: pages private to a
 * process (and all anonymous memory) summed; a file mapping's shared pages counted at the most any
 * one process of the tree has of that mapping. */
export function treeUniqueBytes(pid) {
  const sharedByMapping = new Map();
  let kb = 0;
  for (const each of processTree(pid)) {
    let smaps;
    try {
      smaps = readFileSync(`/proc/${each}/smaps`, 'utf8');
    } catch {
      continue;
    }
    let mapping = '';
    let shared = 0;
    const flush = () => {
      if (mapping) sharedByMapping.set(mapping, Math.max(sharedByMapping.get(mapping) ?? 0, shared));
      else kb += shared;
      shared = 0;
    };
    for (const line of smaps.split('\n')) {
      // A mapping's first line: range, permissions, offset, device, inode (0: anonymous), path.
      const head = /^[0-9a-f]+-[0-9a-f]+ \S+ ([0-9a-f]+) (\S+) (\d+)/.exec(line);
      if (head) {
        flush();
        mapping = head[3] === '0' ? '' : `${head[2]} ${head[3]} ${head[1]}`;
        continue;
      }
      const field = /^(Shared|Private)_(?:Clean|Dirty):\s+(\d+) kB/.exec(line);
      if (!field) continue;
      if (field[1] === 'Private') kb += Number(field[2]);
      else shared += Number(field[2]);
    }
    flush();
  }
  for (const value of sharedByMapping.values()) kb += value;
  return kb * 1024;
}

/** What summed resident sets of the tree count twice now: its file pages that two of its processes
 * share (bin/'s Node binary, mapped again by its relaunched child). Read once, at rest (a full read of
 * smaps takes tens of milliseconds), and taken off sums sampled later. */
export const doubleCountedBytes = (pid) => Math.max(0, treeResidentBytes(pid) - treeUniqueBytes(pid));
