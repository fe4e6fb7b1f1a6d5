/**
 * What the benchmarks read about the server's processes from /proc (Linux): the process tree (a cluster's primary
 * and its server processes), their CPU time and resident memory, and the machine's load. CPU time per request is the
 * figure a shared machine distorts least: other work slows the server's answers but hardly changes the CPU each one
 * costs.
 */
import fs from "node:fs";
import os from "node:os";

const TICKS_PER_SECOND = 100;

/** The process and its descendants, from /proc. */
export function processTree(pid: number | undefined): number[] {
  if (!pid) return [];
  const parents = new Map<number, number[]>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const ppid = Number(fs.readFileSync(`/proc/${entry}/stat`, "utf8").split(") ")[1]!.split(" ")[1]);
      parents.set(ppid, [...(parents.get(ppid) ?? []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) tree.push(...(parents.get(tree[i]!) ?? []));
  return tree;
}

/** CPU time (user + system) one process has used, in ms (0 once it is gone). */
export function processCpuMs(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

export function rssMb(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return Math.round((kb / 1024) * 10) / 10;
  } catch {
    return 0;
  }
}

/** CPU time the whole machine has spent busy (not idle, not waiting for I/O), in ms, from /proc/stat. */
export function machineBusyMs(): number {
  const [, ...ticks] = fs.readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/);
  const n = ticks.map(Number);
  const busy = n.reduce((a, b) => a + b, 0) - (n[3] ?? 0) - (n[4] ?? 0);
  return (busy * 1000) / TICKS_PER_SECOND;
}

/**
 * A CPU meter over a set of root processes (each with its descendants, read anew at each reading, so a cluster's
 * server processes started late are counted): `mark()` starts a span, `ms()` is the CPU used since.
 */
export function cpuMeter(roots: () => (number | undefined)[]) {
  const read = () => new Map(roots().flatMap((pid) => processTree(pid).map((p) => [p, processCpuMs(p)] as const)));
  let before = read();
  return {
    mark() {
      before = read();
    },
    /** CPU ms used since the last mark, per process (in tree order) and in total. */
    used(): { total: number; each: number[] } {
      const each = [...read()].map(([pid, ms]) => ms - (before.get(pid) ?? 0));
      return { total: each.reduce((a, b) => a + b, 0), each };
    },
  };
}

export function loadAverage(): string {
  return os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");
}

export function median(values: number[]): number {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
