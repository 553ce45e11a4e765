import { notifyDone } from '../../components/notify.ts';
import { Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { ChannelRecord } from '../../../contract/channel.ts';
import { useDecommissionNode } from '../../api/nodes.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { t } from '../../i18n/i18n.ts';

/** The serial identifies the device; a cloud that omits `reference` is asked for the name. */
function confirmationWord(node: ChannelRecord): { word: string; label: string } {
  return node.reference !== undefined
    ? { word: node.reference, label: t('nodes.decommission.typeSerial', { word: node.reference }) }
    : { word: node.name, label: t('nodes.decommission.typeName', { word: node.name }) };
}

export function DecommissionDialog({
  node,
  opened,
  onClose,
  onDone,
}: {
  node: ChannelRecord;
  opened: boolean;
  onClose: () => void;
  onDone?: () => void;
}) {
  const [typed, setTyped] = useState('');
  const decommission = useDecommissionNode();
  const { word, label } = confirmationWord(node);
  const close = () => {
    setTyped('');
    decommission.reset();
    onClose();
  };
  return (
    <ConfirmDialog
      opened={opened}
      title={t('nodes.decommission.confirmTitle', { name: node.name })}
      confirmLabel={t('nodes.decommission.confirm')}
      canConfirm={typed.trim() === word}
      pending={decommission.isPending}
      error={decommission.error}
      onClose={close}
      onConfirm={() =>
        // Not mutate's own onSuccess: the lists and the channel are asked again before it
        // (api/after-change.ts), and a node no longer active takes the panel holding this dialog
        // off its page, which would have dropped the notice and the focus with it.
        void decommission.mutateAsync(node.uuid).then(
          () => {
            notifyDone(t('nodes.decommission.done', { name: node.name }));
            setTyped('');
            onClose();
            onDone?.();
          },
          // Said in the dialog (decommission.error).
          () => undefined,
        )
      }
    >
      <Text size="sm">{t('nodes.decommission.consequences')}</Text>
      <TextInput
        label={label}
        value={typed}
        onChange={(event) => {
          setTyped(event.currentTarget.value);
          if (!decommission.isPending) decommission.reset();
        }}
        autoComplete="off"
        spellCheck={false}
        // The dialog opens on what it asks for (Mantine's focus trap takes the first
        // data-autofocus, and this field comes before Cancel).
        data-autofocus
      />
    </ConfirmDialog>
  );
}
