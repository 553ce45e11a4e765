import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { t } from '../i18n/i18n.ts';
import { ApiErrorAlert } from './api-error-alert.tsx';
import { notifyDone } from './notify.ts';

export interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onClose: () => void;
  pending?: boolean;
  error?: unknown;
  /** False until the person has done what the dialog asks (e.g. typed the serial). */
  canConfirm?: boolean;
}

/**
 * Destructive actions ask first; the cancel button takes the initial focus, never the danger. A
 * dialog that asks for something to be typed opens on that field instead: the field, before
 * Cancel, carries `data-autofocus` too, and Mantine's focus trap takes the first.
 */
export function ConfirmDialog({
  opened,
  title,
  children,
  confirmLabel,
  onConfirm,
  onClose,
  pending = false,
  error,
  canConfirm = true,
}: ConfirmDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={<Text fw={600}>{title}</Text>} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (canConfirm && !pending) onConfirm();
        }}
      >
        <Stack>
          {children}
          {error !== undefined && error !== null && <ApiErrorAlert error={error} change />}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} data-autofocus>
              {t('common.cancel')}
            </Button>
            <Button type="submit" color="red" loading={pending} disabled={!canConfirm}>
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** What a confirm dialog runs: a mutation without variables (remove the properties, the push, …). */
interface ConfirmedMutation {
  mutate: (variables: undefined, options: { onSuccess: () => void }) => void;
  reset: () => void;
  isPending: boolean;
  error: unknown;
}

export interface ConfirmMutationDialogProps extends Omit<
  ConfirmDialogProps,
  'onConfirm' | 'pending' | 'error'
> {
  mutation: ConfirmedMutation;
  /** The notice once the cloud has done it. */
  doneMessage: string;
  onDone?: () => void;
}

/**
 * Asks, runs the mutation, and on success closes with a notice. A failure stays in the dialog in
 * the cloud's words; closing it forgets the failure.
 */
export function ConfirmMutationDialog({
  mutation,
  doneMessage,
  onDone,
  onClose,
  ...dialog
}: ConfirmMutationDialogProps) {
  return (
    <ConfirmDialog
      {...dialog}
      pending={mutation.isPending}
      error={mutation.error}
      onClose={() => {
        onClose();
        mutation.reset();
      }}
      onConfirm={() =>
        mutation.mutate(undefined, {
          onSuccess: () => {
            onClose();
            notifyDone(doneMessage);
            onDone?.();
          },
        })
      }
    />
  );
}
