import type { LocalDecision } from './local-alarm-book.ts';

// What people decided on the alarms the console raised itself (a cloud without alarms has no
// place for it): kept in this browser, per person and cloud. The newest DECISIONS_KEPT only.
const DECISIONS_KEPT = 1_000;
const keyOf = (username: string, cloud: string) => `tc.alarms.${cloud}.${username}`;

type Decisions = Record<string, LocalDecision>;

const isNote = (value: unknown): value is { by: string; at: number; comment: string } =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Record<string, unknown>).by === 'string' &&
  typeof (value as Record<string, unknown>).at === 'number' &&
  typeof (value as Record<string, unknown>).comment === 'string';

/** The decisions kept for this person; what is not understood is left out. */
export function loadDecisions(username: string, cloud: string): Decisions {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(keyOf(username, cloud)) ?? '{}');
    if (typeof parsed !== 'object' || parsed === null) return {};
    const decisions: Decisions = {};
    for (const [id, entry] of Object.entries(parsed as Record<string, unknown>)) {
      if (typeof entry !== 'object' || entry === null) continue;
      const { acknowledged, cleared } = entry as Record<string, unknown>;
      decisions[id] = {
        ...(isNote(acknowledged) ? { acknowledged } : {}),
        ...(isNote(cleared) ? { cleared } : {}),
      };
    }
    return decisions;
  } catch {
    return {}; // Storage refused or broken: nothing was decided, as far as this browser knows.
  }
}

export function storeDecisions(username: string, cloud: string, decisions: Decisions): void {
  const newest = Object.entries(decisions)
    .sort(
      ([, a], [, b]) =>
        Math.max(b.acknowledged?.at ?? 0, b.cleared?.at ?? 0) -
        Math.max(a.acknowledged?.at ?? 0, a.cleared?.at ?? 0),
    )
    .slice(0, DECISIONS_KEPT);
  try {
    window.localStorage.setItem(keyOf(username, cloud), JSON.stringify(Object.fromEntries(newest)));
  } catch {
    // Not kept: the decision holds while this console stays open.
  }
}
