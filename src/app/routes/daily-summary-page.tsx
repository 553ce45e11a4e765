import { useState } from 'react';
import { Anchor, Stack } from '@mantine/core';
import { Link } from 'react-router';
import type { ChannelRecord } from '../../../contract/channel.ts';
import { useEngineAnswer, useRangeHistory } from '../../api/history-engine/use-range-history.ts';
import { Section } from '../../components/section.tsx';
import type { TimeSpan } from '../../lib/history/split-range.ts';
import { defaultReportSettings } from '../../lib/reports/settings.ts';
import { paths } from '../../lib/paths.ts';
import { LoadProgress } from '../../features/history/load-progress.tsx';
import { DailySummary } from '../../features/reports/daily-summary.tsx';
import { ReportSettingsForm } from '../../features/reports/report-settings-form.tsx';
import { useReportOptions } from '../../api/use-report-options.ts';
import { ChannelRangeFrame } from './channel-range-frame.tsx';
import { t } from '../../i18n/i18n.ts';

export { loader } from './channel-range-frame.tsx';

function Summary({ channel, range }: { channel: ChannelRecord; range: TimeSpan }) {
  const history = useRangeHistory(channel.uuid, range);
  const [settings, setSettings] = useState(defaultReportSettings);
  const summary = useEngineAnswer(history, { kind: 'summary' });
  const nodeUuids = (summary.data?.nodes ?? []).map((n) => n.nodeUuid);
  const { options } = useReportOptions(channel, nodeUuids, settings);
  return (
    <Stack gap="md">
      <LoadProgress history={history} />
      <Section title={t('daily.settings')}>
        <ReportSettingsForm settings={settings} onChange={setSettings} />
      </Section>
      <Section title={t('daily.summary')}>
        <DailySummary
          history={history}
          channelName={channel.name}
          range={range}
          options={options}
        />
      </Section>
    </Stack>
  );
}

/** /channels/:channelUuid/daily?from=…&to=… — one row per node per day, sortable, exportable. */
export function Component() {
  return (
    <ChannelRangeFrame
      title={(channel) => t('daily.title', { name: channel.name })}
      preset="7d"
      links={(channel, range) => (
        <Anchor component={Link} to={paths.channelHistory.href(channel.uuid, range)}>
          {t('daily.history')}
        </Anchor>
      )}
    >
      {(channel, range) => (
        <Summary
          key={`${channel.uuid}|${range.from}|${range.to}`}
          channel={channel}
          range={range}
        />
      )}
    </ChannelRangeFrame>
  );
}
