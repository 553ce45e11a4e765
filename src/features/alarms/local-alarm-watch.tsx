import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useQueries, useQuery } from '@tanstack/react-query';
import {
  DEFAULT_HOLD_OFF_MINUTES,
  SILENCE_LOOKBACK_MS,
} from '../../../contract/alarm-rules/silence-rule.ts';
import { channelListQuery } from '../../api/channels.ts';
import { extensionsQuery } from '../../api/extensions.ts';
import { membersQuery } from '../../api/groups.ts';
import { fetchHistory } from '../../api/history.ts';
import { usePermissions } from '../../api/userinfo.ts';
import { useConfig } from '../../config/config-context.ts';
import { AlarmRules } from '../../lib/alarms/alarm-rules.ts';
import { LocalAlarmBook, type LocalDecision } from '../../lib/alarms/local-alarm-book.ts';
import { LocalAlarmsContext, type LocalAlarms } from '../../lib/alarms/local-alarms-context.ts';
import { loadDecisions, storeDecisions } from '../../lib/alarms/local-decisions.ts';
import { forEachBounded } from '../../lib/bounded.ts';
import { mayOnExisting } from '../../lib/permissions.ts';

/** How often the readings since the last look are read (the cloud's badge asks as often). */
const LOOK_EVERY_MS = 30_000;
/** Readings may arrive late (a gateway's backlog): each look reads this much again. */
const OVERLAP_MS = 5 * 60_000;
/** At most this many groups are read for their members (and their limits). */
const MAX_GROUPS = 50;
/** Requests in flight at once. */
const CONCURRENCY = 4;

interface Looked {
  ready: boolean;
  alarms: LocalAlarms['alarms'];
  failures: string[];
}

/**
 * The alarms of a cloud without the alarms extension, raised by this console from the readings
 * while it is open (lib/alarms/local-alarm-book.ts, on the cloud's own rules): on opening it
 * reads the last day of every channel a rule concerns, then what came since every half minute.
 * Pages read them from LocalAlarmsContext; nothing is watched where the cloud raises alarms or
 * the person may read no history.
 */
export function LocalAlarmWatch({ username, children }: { username: string; children: ReactNode }) {
  const { data: extensions } = useQuery(extensionsQuery());
  const permissions = usePermissions();
  const readable =
    mayOnExisting(permissions, 'assets.history', 'READ').allowed ||
    mayOnExisting(permissions, 'groups.history', 'READ').allowed;
  const watching = extensions?.alarms === false && readable;
  const { apiBaseUrl } = useConfig();
  const rules = useRules(watching);

  const [since] = useState(() => Date.now());
  const book = useMemo(() => {
    const created = new LocalAlarmBook(DEFAULT_HOLD_OFF_MINUTES * 60_000);
    created.setDecisions(loadDecisions(username, apiBaseUrl));
    return created;
  }, [username, apiBaseUrl]);
  const [looked, setLooked] = useState<Looked>({ ready: false, alarms: [], failures: [] });
  const rulesNow = useRef(rules);
  useEffect(() => {
    rulesNow.current = rules;
  }, [rules]);
  const hasRules = rules !== undefined;

  useEffect(() => {
    if (!watching || !hasRules) return;
    const controller = new AbortController();
    const readTo = new Map<string, number>();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const look = async () => {
      const current = rulesNow.current;
      if (!current) return;
      const now = Date.now();
      const failures: string[] = [];
      await forEachBounded(
        current.targets,
        async (target) => {
          // At most a day: the history operation's longest range, and the cloud's look-back.
          const from = Math.max(
            now - SILENCE_LOOKBACK_MS,
            (readTo.get(target.uuid) ?? -Infinity) - OVERLAP_MS,
          );
          try {
            const items = await fetchHistory(
              { channelUuid: target.uuid, from, to: now, count: 10_000 },
              controller.signal,
            );
            book.addReadings(items, current);
            readTo.set(target.uuid, now);
          } catch (error) {
            if (controller.signal.aborted) return;
            failures.push(
              `${target.name}: ${error instanceof Error ? error.message : String(error)}`,
            );
          }
        },
        { concurrency: CONCURRENCY, signal: controller.signal },
      ).catch(() => undefined);
      if (controller.signal.aborted) return;
      // A channel that could not be read says nothing of silence: its nodes are not judged.
      if (failures.length === 0) book.checkSilence(now, since - SILENCE_LOOKBACK_MS, current);
      setLooked({ ready: true, alarms: book.list(), failures });
      timer = setTimeout(() => void look(), LOOK_EVERY_MS);
    };
    void look();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [watching, hasRules, book, since]);

  const watched = rules?.watched ?? 0;
  const value = useMemo((): LocalAlarms | undefined => {
    if (!watching) return undefined;
    return {
      since,
      ready: looked.ready,
      alarms: looked.alarms,
      failures: looked.failures,
      watched,
      decide: (id, action, comment) => {
        const decisions = book.decisions();
        const note = { by: username, at: Date.now(), comment };
        const entry: LocalDecision = decisions[id] ?? {};
        const next = {
          ...decisions,
          [id]:
            action === 'acknowledge'
              ? { ...entry, acknowledged: note }
              : { ...entry, cleared: note },
        };
        book.setDecisions(next);
        storeDecisions(username, apiBaseUrl, next);
        setLooked((previous) => ({ ...previous, alarms: book.list() }));
      },
    };
  }, [watching, since, looked, watched, username, apiBaseUrl, book]);

  return <LocalAlarmsContext value={value}>{children}</LocalAlarmsContext>;
}

/** The rules the channels' properties give; undefined until the listings are read. */
function useRules(watching: boolean): AlarmRules | undefined {
  const nodes = useQuery({ ...channelListQuery({ channelType: 'NODE' }), enabled: watching });
  const sensors = useQuery({ ...channelListQuery({ channelType: 'SENSOR' }), enabled: watching });
  const groups = useQuery({ ...channelListQuery({ channelType: 'GROUP' }), enabled: watching });
  const someGroups = useMemo(() => (groups.data ?? []).slice(0, MAX_GROUPS), [groups.data]);
  const members = useQueries({
    queries: someGroups.map((g) => ({ ...membersQuery(g.uuid), enabled: watching })),
    combine: (results) => ({
      lists: results.map((r) => r.data),
      // Says when any list changed: `lists` is a new array each render.
      key: results.map((r) => r.dataUpdatedAt).join(','),
    }),
  });
  const membersReady = members.lists.every((list) => list !== undefined);
  const membersKey = members.key;
  return useMemo(() => {
    if (!nodes.data || !sensors.data || !groups.data || !membersReady) return undefined;
    return new AlarmRules(
      nodes.data,
      sensors.data,
      someGroups.map((group, i) => ({ group, members: members.lists[i] ?? [] })),
    );
    // `members.lists` is a new array each render; `membersKey` says when it changed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [nodes.data, sensors.data, groups.data, someGroups, membersReady, membersKey]);
}
