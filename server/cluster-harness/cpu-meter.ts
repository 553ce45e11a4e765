import { readdirSync, readFileSync } from 'node:fs';

/**
 * Where the CPU went while a benchmark ran: the user and system time of named groups of
 * processes, read from /proc, beside the whole machine's busy time. On a machine whose cores are
 * shared by the cloud's instances, PostgreSQL, the balancer, the load generator and other
 * people's work, a throughput figure means little without it: it says whether there was a core
 * left for a second instance to use.
 */
export interface CpuGroup {
  name: string;
  /** The processes of the group, asked at the start and at the end of the measurement. */
  pids: () => number[];
  /**
   * Count each process's main thread only: what requests occupy in Node, without the garbage
   * collector's helper threads and libuv's pool, which also work while the process waits.
   */
  mainThread?: true;
}

export interface CpuShare {
  name: string;
  /** CPU time over wall time: 1 is one core busy the whole time. */
  cores: number;
  /** Not one of the measured groups: the rest of the machine, or its total. */
  outside?: true;
}

/** Linux counts process and machine time in clock ticks of 10 ms (getconf CLK_TCK = 100). */
const TICK_MS = 10;

/** User + system time of a process (or of its main thread), ms; 0 when it is gone. */
export function processMs(pid: number, mainThread = false): number {
  try {
    const stat = readFileSync(
      mainThread ? `/proc/${pid}/task/${pid}/stat` : `/proc/${pid}/stat`,
      'utf8',
    );
    // Fields after the command name (which may hold spaces) start at the state, field 3.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
}

/** The machine's busy time (all but idle and iowait), ms summed over cores. */
export function machineBusyMs(): number {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
  const [, user, nice, system, , , irq, softirq, steal] = line.trim().split(/\s+/).map(Number);
  return (
    ((user ?? 0) + (nice ?? 0) + (system ?? 0) + (irq ?? 0) + (softirq ?? 0) + (steal ?? 0)) *
    TICK_MS
  );
}

/** A process and its children (PostgreSQL's postmaster and its backends). */
export function withChildren(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) children.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return [pid, ...children];
}

/**
 * Measures `work`; answers its result and each group's share, then "everything else on the
 * machine" (other people's work, the kernel), and the machine's total.
 */
export async function measureCpu<T>(
  groups: CpuGroup[],
  work: () => Promise<T>,
): Promise<{ result: T; shares: CpuShare[]; elapsedMs: number }> {
  const snapshot = () => {
    const byGroup = new Map<string, Map<number, number>>();
    for (const group of groups) {
      byGroup.set(
        group.name,
        new Map(group.pids().map((pid) => [pid, processMs(pid, group.mainThread)])),
      );
    }
    return byGroup;
  };
  const before = snapshot();
  const busyBefore = machineBusyMs();
  const started = performance.now();
  const result = await work();
  const elapsed = performance.now() - started;
  const busy = machineBusyMs() - busyBefore;
  const shares: CpuShare[] = [];
  let ours = 0;
  for (const group of groups) {
    const at = before.get(group.name) ?? new Map<number, number>();
    // Processes that appeared meanwhile (a new backend) count from 0.
    const pids = new Set([...at.keys(), ...group.pids()]);
    let ms = 0;
    for (const pid of pids) {
      ms += Math.max(0, processMs(pid, group.mainThread) - (at.get(pid) ?? 0));
    }
    ours += ms;
    shares.push({ name: group.name, cores: ms / elapsed });
  }
  shares.push({
    name: 'everything else on the machine',
    cores: Math.max(0, busy - ours) / elapsed,
    outside: true,
  });
  shares.push({ name: 'machine total', cores: busy / elapsed, outside: true });
  return { result, shares, elapsedMs: elapsed };
}

/** User + system time of a process and of the children it has waited for, ms; 0 when gone. */
function withReapedMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime, stime, cutime, cstime: fields 14-17, the 12th-15th after the command name.
    return [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0) * TICK_MS;
  } catch {
    return 0;
  }
}

/** Every living descendant of `pid` (children, their children…). */
function descendants(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  const found: number[] = [];
  const queue = [...(children.get(pid) ?? [])];
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    found.push(next);
    queue.push(...(children.get(next) ?? []));
  }
  return found;
}

/**
 * The CPU this process and everything it started used so far, ms: its own time, the time of the
 * children it has waited for (a benchmark's cloud, once ended), and of those still living (with
 * what they waited for). Differences of two readings are what a benchmark cost the machine.
 */
export function treeMs(pid = process.pid): number {
  return [pid, ...descendants(pid)].reduce((sum, p) => sum + withReapedMs(p), 0);
}
