import { Group, Paper, Title } from '@mantine/core';
import { useEffect, useRef, type ReactNode } from 'react';
import type { Verdict } from '../lib/permissions.ts';
import { t } from '../i18n/i18n.ts';
import { GuardedButton } from './guarded-button.tsx';

export interface SettingsPanelProps {
  /** Id of the heading, which names the section. */
  id: string;
  title: string;
  /** Whether the caller may change these settings, and if not, why. */
  verdict: Verdict;
  /** While editing, the form in `children` has its own actions, so the heading offers none. */
  editing: boolean;
  editLabel: string;
  /** Remove is offered only when there is something to remove. */
  removable: boolean;
  onEdit: () => void;
  onRemove: () => void;
  children: ReactNode;
}

/** A channel's settings section (properties, push): its heading carries Edit and Remove. */
export function SettingsPanel({
  id,
  title,
  verdict,
  editing,
  editLabel,
  removable,
  onEdit,
  onRemove,
  children,
}: SettingsPanelProps) {
  // When the form closes (saved or cancelled) or what it showed is removed, the button that opened
  // it takes the focus back: the control the person used is gone.
  const editButton = useRef<HTMLButtonElement>(null);
  const before = useRef({ editing, removable });
  useEffect(() => {
    const closed = before.current.editing && !editing;
    const removed = before.current.removable && !removable;
    before.current = { editing, removable };
    if (closed || removed) editButton.current?.focus();
  }, [editing, removable]);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={id}>
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        {!editing && (
          <Group gap="xs">
            <GuardedButton
              ref={editButton}
              verdict={verdict}
              variant="light"
              size="xs"
              onClick={onEdit}
            >
              {editLabel}
            </GuardedButton>
            {removable && (
              <GuardedButton
                verdict={verdict}
                variant="subtle"
                color="red"
                size="xs"
                onClick={onRemove}
              >
                {t('settingsPanel.remove')}
              </GuardedButton>
            )}
          </Group>
        )}
      </Group>
      {children}
    </Paper>
  );
}
