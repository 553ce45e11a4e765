import { Skeleton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { extensionsQuery } from '../../api/extensions.ts';
import { TimesIn } from '../../components/times-in.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { t } from '../../i18n/i18n.ts';
import { useLocalAlarms } from '../../lib/alarms/local-alarms-context.ts';
import { AlarmsPanel } from '../../features/alarms/alarms-panel.tsx';

export function Component() {
  const { data: extensions } = useQuery(extensionsQuery());
  const local = useLocalAlarms();
  return (
    <>
      <PageHeader
        title={t('alarms.title')}
        description={t(local ? 'alarms.local.description' : 'alarms.description')}
      />
      {extensions ? <AlarmsPanel offered={extensions.alarms} /> : <Skeleton h={200} />}
      {/* The alarms' times have no zone of their own: named once, here (issue 22). */}
      {extensions && <TimesIn />}
    </>
  );
}
