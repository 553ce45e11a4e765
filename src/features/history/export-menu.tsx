import { useRef, useState } from 'react';
import { Button, Group, Progress, Text } from '@mantine/core';
import { exportFileName, exportRange } from '../../lib/export/export-range.ts';
import { exportFormats, exportWriter, type ExportFormat } from '../../lib/export/formats.ts';
import type { PieceLoader } from '../../lib/history/load-pieces.ts';
import type { TimeSpan } from '../../lib/history/split-range.ts';

export interface ExportMenuProps {
  channelName: string;
  range: TimeSpan;
  pieces: readonly TimeSpan[];
  loadPiece: PieceLoader;
}

const labels: Record<ExportFormat, string> = {
  csv: 'CSV',
  json: 'JSON',
  geojson: 'GeoJSON (positions)',
};

function download(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The browser has taken the file by the next task; the URL only holds memory after that.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Exports the whole range, fetched and written one day at a time (from the cache when the page
 * already shows it), so that a month of data never freezes the page.
 */
export function ExportMenu({ channelName, range, pieces, loadPiece }: ExportMenuProps) {
  const [progress, setProgress] = useState<{ format: ExportFormat; done: number; items: number }>();
  const [error, setError] = useState<string>();
  const controller = useRef<AbortController | undefined>(undefined);

  const start = async (format: ExportFormat) => {
    const current = new AbortController();
    controller.current = current;
    setError(undefined);
    setProgress({ format, done: 0, items: 0 });
    try {
      const writer = exportWriter(format);
      const blob = await exportRange(pieces, loadPiece, writer, current.signal, (p) =>
        setProgress({ format, done: p.done, items: p.items }),
      );
      download(blob, exportFileName(channelName, range, writer.extension));
    } catch (caught) {
      if (!current.signal.aborted)
        setError(caught instanceof Error ? caught.message : 'The export failed.');
    } finally {
      setProgress(undefined);
    }
  };

  return (
    <div>
      <Group gap="xs" wrap="wrap" role="group" aria-label="Export the whole range">
        {exportFormats.map((format) => (
          <Button
            key={format}
            size="xs"
            variant="default"
            loading={progress?.format === format}
            disabled={progress !== undefined}
            onClick={() => void start(format)}
          >
            Export {labels[format]}
          </Button>
        ))}
        {progress && (
          <Button size="xs" variant="subtle" onClick={() => controller.current?.abort()}>
            Cancel export
          </Button>
        )}
      </Group>
      {progress && (
        <>
          <Progress
            mt="xs"
            value={(progress.done / Math.max(1, pieces.length)) * 100}
            aria-label="Export written"
          />
          <Text size="xs" role="status" mt={4}>
            Writing day {progress.done} of {pieces.length}, {progress.items.toLocaleString()}{' '}
            messages
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
