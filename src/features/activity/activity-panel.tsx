import {
  Alert,
  Anchor,
  Button,
  Group,
  NativeSelect,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { AuditKind } from '../../../contract/audit.ts';
import { auditQuery, type AuditFilters } from '../../api/audit.ts';
import { ApiErrorAlert } from '../../components/api-error-alert.tsx';
import { AuditEntries } from '../../components/audit-entries.tsx';
import { CsvZoneSelect, csvTimeZone, type CsvZone } from '../../components/csv-zone-select.tsx';
import { download } from '../../components/download.ts';
import { t } from '../../i18n/i18n.ts';
import { kindLabel } from '../../lib/audit/describe-entry.ts';
import { formatMinute, parseMinute } from '../../lib/history/format-time.ts';
import { paths } from '../../lib/paths.ts';
import { activityCsv } from './activity-csv.ts';

const ALL = 'all';

/**
 * A typed From or Until (the console's one format, or ISO) as epoch ms in the page's zone; null
 * when empty, undefined when it names no time. Typed, not the browser's own date-time field,
 * whose format follows the browser's language rather than the page's (docs/i18n.md).
 */
function epochOf(value: string): number | null | undefined {
  return value.trim() === '' ? null : parseMinute(value);
}

interface Draft {
  actor: string;
  channel: string;
  kind: string;
  from: string;
  to: string;
}

/** The Activity page's body: filters, the trail newest first, older pages on demand, CSV. */
export function ActivityPanel({
  initial,
  peopleOffered,
}: {
  initial: { channel?: string | undefined; actor?: string | undefined };
  /** Whether "Check access for…" can take the person to the People page. */
  peopleOffered: boolean;
}) {
  const [draft, setDraft] = useState<Draft>({
    actor: initial.actor ?? '',
    channel: initial.channel ?? '',
    kind: ALL,
    from: '',
    to: '',
  });
  const [filters, setFilters] = useState<AuditFilters>({
    actor: initial.actor,
    channel: initial.channel,
  });
  const [invalid, setInvalid] = useState<string>();
  const [zone, setZone] = useState<CsvZone>('page');
  const trail = useInfiniteQuery(auditQuery(filters));
  const entries = trail.data?.pages.flatMap((page) => page.entries) ?? [];

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const from = epochOf(draft.from);
    const to = epochOf(draft.to);
    if (from === undefined || to === undefined) {
      setInvalid(t('activity.notATime', { example: formatMinute(Date.now()) }));
      return;
    }
    if (from !== null && to !== null && from > to) {
      setInvalid(t('activity.fromAfterTo'));
      return;
    }
    setInvalid(undefined);
    const kind = AuditKind.safeParse(draft.kind);
    setFilters({
      actor: draft.actor.trim() || undefined,
      channel: draft.channel.trim() || undefined,
      kind: kind.success ? kind.data : undefined,
      from: from ?? undefined,
      to: to ?? undefined,
    });
  };
  const clear = () => {
    setDraft({ actor: '', channel: '', kind: ALL, from: '', to: '' });
    setFilters({});
    setInvalid(undefined);
  };
  const field = (name: keyof Draft) => ({
    value: draft[name],
    onChange: (event: { currentTarget: { value: string } }) => {
      const { value } = event.currentTarget;
      setDraft((d) => ({ ...d, [name]: value }));
    },
  });

  return (
    <Stack>
      <form onSubmit={apply} aria-label={t('activity.filters')}>
        <Group align="flex-end" wrap="wrap">
          <TextInput
            label={t('activity.filter.person')}
            maxLength={300}
            w={180}
            {...field('actor')}
          />
          <TextInput
            label={t('activity.filter.channel')}
            maxLength={36}
            w={300}
            {...field('channel')}
          />
          <NativeSelect
            label={t('activity.filter.kind')}
            data={[
              { value: ALL, label: t('activity.filter.kindAll') },
              ...AuditKind.options.map((kind) => ({ value: kind, label: t(kindLabel(kind)) })),
            ]}
            w={220}
            {...field('kind')}
          />
          <TextInput label={t('activity.filter.from')} w={200} {...field('from')} />
          <TextInput label={t('activity.filter.to')} w={200} {...field('to')} />
          <Button type="submit">{t('activity.filter.apply')}</Button>
          <Button variant="subtle" onClick={clear}>
            {t('activity.filter.clear')}
          </Button>
        </Group>
      </form>
      {invalid && <Alert color="red">{invalid}</Alert>}
      <Group gap="xs" align="flex-end">
        <Button
          variant="default"
          disabled={entries.length === 0}
          onClick={() => download(activityCsv(entries, csvTimeZone(zone)), 'activity.csv')}
        >
          {t('activity.csv')}
        </Button>
        <CsvZoneSelect value={zone} onChange={setZone} />
      </Group>
      {trail.error && <ApiErrorAlert error={trail.error} />}
      {trail.isPending && <Skeleton h={200} />}
      {trail.data && entries.length === 0 && <Text c="dimmed">{t('activity.none')}</Text>}
      {entries.length > 0 && (
        <AuditEntries
          entries={entries}
          label={t('activity.label')}
          actions={(entry) =>
            peopleOffered && entry.channel ? (
              <Anchor
                component={Link}
                to={paths.people.href({ channel: entry.channel.uuid })}
                size="xs"
              >
                {t('activity.checkAccess')}
              </Anchor>
            ) : null
          }
        />
      )}
      {trail.hasNextPage && (
        <Group>
          <Button
            variant="default"
            loading={trail.isFetchingNextPage}
            onClick={() => void trail.fetchNextPage()}
          >
            {t('activity.more')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
