import { useEffect, useRef } from 'react';
import type { Alarm } from '../../../contract/alarms.ts';
import { t } from '../../i18n/i18n.ts';
import { describeAlarm } from './describe-alarm.ts';

/**
 * A browser notification for each alarm that appears while the console is open, when the person
 * allowed them (the Alarms page asks). The first answer only says what is there already.
 */
export function useAlarmNotifications(alarms: readonly Alarm[] | undefined): void {
  const seen = useRef<Set<string> | undefined>(undefined);
  useEffect(() => {
    if (!alarms) return;
    const known = seen.current;
    seen.current = new Set(alarms.map((alarm) => alarm.id));
    if (!known || typeof Notification === 'undefined' || Notification.permission !== 'granted') {
      return;
    }
    for (const alarm of alarms) {
      if (known.has(alarm.id)) continue;
      new Notification(
        t('alarms.notification', { node: alarm.nodeName, what: describeAlarm(alarm) }),
        {
          tag: alarm.id,
        },
      );
    }
  }, [alarms]);
}
