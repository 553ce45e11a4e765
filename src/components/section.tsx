import type { ReactNode } from 'react';
import { Group, Paper, Title } from '@mantine/core';

/** The id of a section's heading, for moving the person to it (`focusHeading`). */
export function sectionHeadingId(title: string): string {
  return `section-${title.toLowerCase().replace(/\W+/g, '-')}`;
}

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
  const id = sectionHeadingId(title);
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
