import { readdirSync, readFileSync } from 'node:fs';

/** Resident memory of `pid` and every process below it (the server and its extraction processes), in MiB. */
export function treeRssMb(pid: number, options: { children?: boolean } = {}): number {
  const parents = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The command name, in parentheses, may hold spaces: the fields after its closing one are fixed.
      const stat = readFileSync(`/proc/${entry}/stat`, 'latin1');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(parent, [...(parents.get(parent) ?? []), Number(entry)]);
    } catch {
      // The process ended while we looked.
    }
  }
  let pages = 0;
  for (const queue = [pid]; queue.length > 0;) {
    const next = queue.pop()!;
    try {
      pages += Number(readFileSync(`/proc/${next}/statm`, 'latin1').split(' ')[1]);
    } catch {
      continue;
    }
    if (options.children !== false) queue.push(...(parents.get(next) ?? []));
  }
  return (pages * 4096) / (1024 * 1024);
}

/** Samples `treeRssMb(pid)` every `everyMs` until `stop()`, which answers the highest figure seen. */
export function watchTreePeak(pid: number, everyMs = 50): { stop(): number } {
  let peak = treeRssMb(pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, treeRssMb(pid));
  }, everyMs);
  return {
    stop: () => {
      clearInterval(timer);
      return Math.max(peak, treeRssMb(pid));
    },
  };
}
