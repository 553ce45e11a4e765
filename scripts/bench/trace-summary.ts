/**
 * Where a Chromium trace's CPU went (history-reports' BENCH_TRACE): per thread of the renderer,
 * the time in top-level tasks, the longest tasks of the page's main thread with what filled them,
 * and from the CPU profiler's samples the functions that used the most (self and total).
 *
 *   node scripts/bench/trace-summary.ts /tmp/t.json [functions per thread, default 25] [dist]
 *
 * With the built console's folder (`dist`, built with source maps) functions are named by their
 * source file and line instead of the minified bundle's.
 */
import { existsSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { join } from 'node:path';

interface TraceEvent {
  name: string;
  cat?: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  id?: string;
  args?: {
    name?: string;
    data?: {
      url?: string;
      functionName?: string;
      startTime?: number;
      cpuProfile?: {
        nodes?: {
          id: number;
          parent?: number;
          callFrame: {
            functionName: string;
            url?: string;
            lineNumber?: number;
            columnNumber?: number;
          };
        }[];
        samples?: number[];
      };
      timeDeltas?: number[];
    };
  };
}

const [file, topArg, dist] = process.argv.slice(2);
if (!file) throw new Error('usage: trace-summary.ts <trace.json> [functions]');
const TOP = Number(topArg ?? 25);
const raw = JSON.parse(readFileSync(file, 'utf8')) as { traceEvents?: TraceEvent[] } | TraceEvent[];
const events = Array.isArray(raw) ? raw : (raw.traceEvents ?? []);

const threadNames = new Map<string, string>();
const threadKey = (e: { pid: number; tid: number }) => `${e.pid}:${e.tid}`;
for (const e of events) {
  if (e.ph === 'M' && e.name === 'thread_name') threadNames.set(threadKey(e), e.args?.name ?? '');
}
const nameOf = (key: string) => `${threadNames.get(key) ?? '?'} (${key})`;
const ms = (us: number) => (us / 1000).toFixed(0).padStart(7);

// Top-level tasks per thread: wall (dur) and thread time (tdur).
const tasks = new Map<string, { wall: number; cpu: number; count: number; over100: number }>();
const mainTasks: TraceEvent[] = [];
for (const e of events) {
  if (e.ph !== 'X' || e.name !== 'RunTask' || e.dur === undefined) continue;
  const key = threadKey(e);
  const t = tasks.get(key) ?? { wall: 0, cpu: 0, count: 0, over100: 0 };
  t.wall += e.dur;
  t.cpu += e.tdur ?? 0;
  t.count++;
  if (e.dur > 100_000) t.over100++;
  tasks.set(key, t);
  if (threadNames.get(key) === 'CrRendererMain') mainTasks.push(e);
}
console.log('Top-level tasks per thread: wall ms, thread CPU ms, count, over 100 ms');
for (const [key, t] of [...tasks].sort((a, b) => b[1].cpu - a[1].cpu).slice(0, 15)) {
  console.log(
    `${ms(t.wall)} ${ms(t.cpu)} ${String(t.count).padStart(7)} ${String(t.over100).padStart(4)}  ${nameOf(key)}`,
  );
}

// What fills the longest main-thread tasks: the largest events nested in each.
const byThread = new Map<string, TraceEvent[]>();
for (const e of events) {
  if (e.ph !== 'X' || e.dur === undefined || e.name === 'RunTask') continue;
  const list = byThread.get(threadKey(e)) ?? [];
  list.push(e);
  byThread.set(threadKey(e), list);
}
console.log('\nLongest main-thread tasks (wall / CPU ms) and the largest events in them');
for (const task of mainTasks.sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0)).slice(0, 12)) {
  const end = task.ts + (task.dur ?? 0);
  const inner = (byThread.get(threadKey(task)) ?? [])
    .filter((e) => e.ts >= task.ts && e.ts < end)
    .sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0))
    .slice(0, 6)
    .map((e) => {
      const where = e.args?.data?.functionName || e.args?.data?.url?.split('/').at(-1) || '';
      return `${e.name}${where ? ` ${where}` : ''} ${((e.dur ?? 0) / 1000).toFixed(0)}`;
    });
  console.log(`${ms(task.dur ?? 0)} ${ms(task.tdur ?? 0)}  ${inner.join(' | ')}`);
}

// CPU profiles: chunks belong to the thread of the Profile event with the same id.
const profileThread = new Map<string, string>();
for (const e of events) if (e.name === 'Profile' && e.id) profileThread.set(e.id, threadKey(e));
const maps = new Map<string, SourceMap | undefined>();
/** A bundle's position as its source's (file:line) when the build's source map is at hand. */
function where(url: string, line: number, column: number): string {
  const file = url.split('/').at(-1) ?? '';
  if (!file) return '';
  if (dist && file.endsWith('.js')) {
    if (!maps.has(file)) {
      const path = join(dist, 'assets', `${file}.map`);
      maps.set(
        file,
        existsSync(path)
          ? new SourceMap(JSON.parse(readFileSync(path, 'utf8')) as never)
          : undefined,
      );
    }
    const entry = maps.get(file)?.findEntry(line, column) as
      { originalSource?: string; originalLine: number } | undefined;
    if (entry?.originalSource) {
      return `${entry.originalSource.split('/').slice(-2).join('/')}:${entry.originalLine + 1}`;
    }
  }
  return `${file}:${line + 1}`;
}

interface Node {
  parent: number | undefined;
  label: string;
}
const perThread = new Map<string, { nodes: Map<number, Node>; self: Map<number, number> }>();
for (const e of events) {
  if (e.name !== 'ProfileChunk' || !e.id) continue;
  const key = profileThread.get(e.id) ?? threadKey(e);
  const profile = perThread.get(key) ?? { nodes: new Map(), self: new Map() };
  perThread.set(key, profile);
  const data = e.args?.data;
  for (const node of data?.cpuProfile?.nodes ?? []) {
    const { functionName, url, lineNumber, columnNumber } = node.callFrame;
    profile.nodes.set(node.id, {
      parent: node.parent,
      label: `${functionName || '(anonymous)'} ${where(url ?? '', lineNumber ?? 0, columnNumber ?? 0)}`,
    });
  }
  const samples = data?.cpuProfile?.samples ?? [];
  const deltas = data?.timeDeltas ?? [];
  // A sample's time is the delta to the next one.
  samples.forEach((id, i) => {
    const next = deltas[i + 1] ?? deltas[i] ?? 0;
    profile.self.set(id, (profile.self.get(id) ?? 0) + Math.max(0, next));
  });
}
for (const [key, profile] of perThread) {
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  let all = 0;
  for (const [id, time] of profile.self) {
    all += time;
    const label = profile.nodes.get(id)?.label ?? '?';
    self.set(label, (self.get(label) ?? 0) + time);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = profile.nodes.get(at)?.parent) {
      const l = profile.nodes.get(at)?.label ?? '?';
      if (seen.has(l)) continue;
      seen.add(l);
      total.set(l, (total.get(l) ?? 0) + time);
    }
  }
  if (all < 50_000) continue;
  console.log(`\nCPU profile of ${nameOf(key)}: ${ms(all)} ms sampled`);
  const top = (m: Map<string, number>) =>
    [...m]
      .filter(
        ([l]) => !l.startsWith('(root)') && !l.startsWith('(program)') && !l.startsWith('(idle)'),
      )
      .sort((a, b) => b[1] - a[1])
      .slice(0, TOP);
  console.log(' self:');
  for (const [l, t] of top(self)) console.log(`  ${ms(t)}  ${l}`);
  console.log(' total:');
  for (const [l, t] of top(total)) console.log(`  ${ms(t)}  ${l}`);
  for (const special of ['(program)', '(idle)', '(garbage collector)']) {
    console.log(`  ${special} ${ms(self.get(`${special} `) ?? 0)}`);
  }
}
