import { notifyDone } from '../../components/notify.ts';
import { Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { ChannelRecord } from '../../../contract/channel.ts';
import { useDecommissionNode } from '../../api/nodes.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';

/** The serial identifies the device; a cloud that omits `reference` is asked for the name. */
function confirmationWord(node: ChannelRecord): { word: string; label: string } {
  return node.reference !== undefined
    ? { word: node.reference, label: 'serial' }
    : { word: node.name, label: 'name' };
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
      title={`Decommission ${node.name}?`}
      confirmLabel="Decommission"
      canConfirm={typed.trim() === word}
      pending={decommission.isPending}
      error={decommission.error}
      onClose={close}
      onConfirm={() =>
        decommission.mutate(node.uuid, {
          onSuccess: () => {
            notifyDone(`${node.name} was decommissioned.`);
            setTyped('');
            onClose();
            onDone?.();
          },
        })
      }
    >
      <Text size="sm">
        The node and its sensors leave every group and lose their owner. Their channels stay,
        inactive, with their history. The device must be commissioned again to send data.
      </Text>
      <TextInput
        label={`Type the ${label} “${word}” to confirm`}
        value={typed}
        onChange={(event) => {
          setTyped(event.currentTarget.value);
          if (!decommission.isPending) decommission.reset();
        }}
        autoComplete="off"
        spellCheck={false}
      />
    </ConfirmDialog>
  );
}
