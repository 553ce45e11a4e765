import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { t } from '../i18n/i18n.ts';

/** Detail for whoever runs the cloud or the console, folded away: one click, never in the way. */
export function TechnicalDetails({ children }: { children: ReactNode }) {
  return (
    <details style={{ marginTop: 6 }}>
      <Text component="summary" size="xs" c="dimmed" style={{ cursor: 'pointer' }}>
        {t('common.technicalDetails')}
      </Text>
      <div style={{ marginTop: 4 }}>{children}</div>
    </details>
  );
}
