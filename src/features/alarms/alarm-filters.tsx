import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { AlarmKind, AlarmSeverity } from '../../../contract/alarms.ts';
import type { AlarmFilters, AlarmStateFilter } from '../../api/alarms.ts';
import { channelListQuery } from '../../api/channels.ts';
import { t, type MessageId } from '../../i18n/i18n.ts';

const states = ['active', 'raised', 'acknowledged', 'cleared', 'all'] as const;
const kinds = ['all', 'temperature', 'silence', 'place'] as const;
const severities = ['all', 'critical', 'major', 'warning'] as const;
/** How far back "Raised" reaches, in hours (0: any time). */
const periods = { any: 0, day: 24, week: 7 * 24, month: 30 * 24 } as const;
type Period = keyof typeof periods;
const ALL_GROUPS = 'all';
const HOUR = 3_600_000;

/** The Alarms page's filters, each one the cloud applies itself (GET /v1/alarms). */
export function useAlarmFilters() {
  const [state, setState] = useState<(typeof states)[number]>('active');
  const [kind, setKind] = useState<(typeof kinds)[number]>('all');
  const [severity, setSeverity] = useState<(typeof severities)[number]>('all');
  const [group, setGroup] = useState(ALL_GROUPS);
  // The moment is taken when the period is chosen, so the list's key stays put while it shows.
  const [period, setPeriod] = useState<{ name: Period; from?: number }>({ name: 'any' });
  const filters: AlarmFilters = {
    state: state === 'all' ? undefined : (state as AlarmStateFilter),
    kind: kind === 'all' ? undefined : (kind as AlarmKind),
    severity: severity === 'all' ? undefined : (severity as AlarmSeverity),
    channel: group === ALL_GROUPS ? undefined : group,
    from: period.from,
  };
  const controls = {
    state,
    setState,
    kind,
    setKind,
    severity,
    setSeverity,
    group,
    setGroup,
    period: period.name,
    setPeriod: (name: Period) =>
      setPeriod(name === 'any' ? { name } : { name, from: Date.now() - periods[name] * HOUR }),
  };
  return { filters, controls };
}

type Controls = ReturnType<typeof useAlarmFilters>['controls'];

/** The filters' fields; the group's only where the cloud raises alarms (it filters by group). */
export function AlarmFilterFields({ controls, groups }: { controls: Controls; groups: boolean }) {
  const groupList = useQuery({ ...channelListQuery({ channelType: 'GROUP' }), enabled: groups });
  return (
    <>
      <Select
        label={t('alarms.filter.state')}
        data={states.map((value) => ({ value, label: t(`alarms.state.${value}` as MessageId) }))}
        value={controls.state}
        onChange={(value) => controls.setState((value ?? 'active') as (typeof states)[number])}
        allowDeselect={false}
        w={170}
      />
      <Select
        label={t('alarms.filter.kind')}
        data={kinds.map((value) => ({ value, label: t(`alarms.kind.${value}` as MessageId) }))}
        value={controls.kind}
        onChange={(value) => controls.setKind((value ?? 'all') as (typeof kinds)[number])}
        allowDeselect={false}
        w={170}
      />
      <Select
        label={t('alarms.filter.severity')}
        data={severities.map((value) => ({
          value,
          label: t(`alarms.severity.${value}` as MessageId),
        }))}
        value={controls.severity}
        onChange={(value) => controls.setSeverity((value ?? 'all') as (typeof severities)[number])}
        allowDeselect={false}
        w={170}
      />
      {groups && (
        <Select
          label={t('alarms.filter.group')}
          data={[
            { value: ALL_GROUPS, label: t('alarms.group.all') },
            ...(groupList.data ?? []).map((g) => ({ value: g.uuid, label: g.name })),
          ]}
          value={controls.group}
          onChange={(value) => controls.setGroup(value ?? ALL_GROUPS)}
          allowDeselect={false}
          searchable
          w={200}
        />
      )}
      <Select
        label={t('alarms.filter.raised')}
        data={(Object.keys(periods) as Period[]).map((value) => ({
          value,
          label: t(`alarms.raised.${value}` as MessageId),
        }))}
        value={controls.period}
        onChange={(value) => controls.setPeriod((value ?? 'any') as Period)}
        allowDeselect={false}
        w={170}
      />
    </>
  );
}
