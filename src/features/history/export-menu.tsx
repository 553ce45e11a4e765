import { useRef, useState } from 'react';
import { Button, Group, Progress, Text } from '@mantine/core';
import type { RangeHistory } from '../../api/history-engine/use-range-history.ts';
import { CsvZoneSelect, csvTimeZone, type CsvZone } from '../../components/csv-zone-select.tsx';
import { download } from '../../components/download.ts';
import {
  exportFileName,
  exportFormats,
  exportWriter,
  type ExportFormat,
} from '../../lib/export/formats.ts';
import type { TimeSpan } from '../../lib/history/split-range.ts';
import { t, type MessageId } from '../../i18n/i18n.ts';

export interface ExportMenuProps {
  channelName: string;
  range: TimeSpan;
  history: RangeHistory;
}

const labels: Record<ExportFormat, MessageId> = {
  csv: 'export.csv',
  json: 'export.json',
  geojson: 'export.geojson',
};

/**
 * Exports the whole range: the history engine writes it from its columns one day at a time (a day
 * not loaded yet is loaded first), off the page's thread, so a month of data never freezes it.
 */
export function ExportMenu({ channelName, range, history }: ExportMenuProps) {
  const pieces = history.pieces;
  const [progress, setProgress] = useState<{ format: ExportFormat; done: number; items: number }>();
  const [error, setError] = useState<string>();
  const controller = useRef<AbortController | undefined>(undefined);
  // The CSV's times: in the page's zone with the offset in each (as the page shows them), or UTC.
  const [zone, setZone] = useState<CsvZone>('page');
  const timeZone = csvTimeZone(zone);

  const start = async (format: ExportFormat) => {
    const current = new AbortController();
    controller.current = current;
    setError(undefined);
    setProgress({ format, done: 0, items: 0 });
    try {
      const name = exportFileName(channelName, range, exportWriter(format).extension);
      const blob = await history.engine.query(
        history.key,
        { kind: 'export', format, fileName: name, timeZone },
        (p) => {
          if (!current.signal.aborted) setProgress({ format, done: p.done, items: p.items });
        },
        current.signal,
      );
      current.signal.throwIfAborted();
      download(blob, name);
    } catch (caught) {
      if (!current.signal.aborted)
        setError(caught instanceof Error ? caught.message : t('export.failed'));
    } finally {
      setProgress(undefined);
    }
  };

  return (
    <div>
      <Group gap="xs" wrap="wrap" role="group" aria-label={t('export.group')}>
        {exportFormats.map((format) => (
          <Button
            key={format}
            size="xs"
            variant="default"
            loading={progress?.format === format}
            disabled={progress !== undefined}
            onClick={() => void start(format)}
          >
            {t(labels[format])}
          </Button>
        ))}
        {progress && (
          <Button size="xs" variant="subtle" onClick={() => controller.current?.abort()}>
            {t('export.cancel')}
          </Button>
        )}
        <CsvZoneSelect size="xs" value={zone} onChange={setZone} />
      </Group>
      {progress && (
        <>
          <Progress
            mt="xs"
            value={(progress.done / Math.max(1, pieces.length)) * 100}
            aria-label={t('export.written')}
          />
          <Text size="xs" role="status" mt={4}>
            {t('export.progress', {
              done: progress.done,
              total: pieces.length,
              items: progress.items,
            })}
          </Text>
        </>
      )}
      {error && (
        <Text size="sm" c="red" role="alert" mt={4}>
          {error}
        </Text>
      )}
    </div>
  );
}
