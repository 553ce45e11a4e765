import type { ReactNode } from 'react';
import { Group, Paper, Title } from '@mantine/core';

/** A titled part of a page, as a region named by its title. */
export function Section({
  title,
  actions,
  busy = false,
  children,
}: {
  title: string;
  actions?: ReactNode;
  /** Its content is being brought up to date (aria-busy). */
  busy?: boolean;
  children: ReactNode;
}) {
  const id = `section-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={id} aria-busy={busy}>
      <Group justify="space-between" align="center" mb="sm">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        {actions}
      </Group>
      {children}
    </Paper>
  );
}
