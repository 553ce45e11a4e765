import {
  Alert,
  Anchor,
  Group,
  List,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { ChannelName, NodeSerial } from '../../../contract/names.ts';
import { channelListQuery } from '../../api/channels.ts';
import { useCommissionNode } from '../../api/nodes.ts';
import { usePermissions } from '../../api/userinfo.ts';
import { useDraft } from '../../auth/drafts.ts';
import { useTenantChoice } from '../../api/tenant-choice.ts';
import { ApiErrorAlert } from '../../components/api-error-alert.tsx';
import { ChannelTypeBadge } from '../../components/channel-badges.tsx';
import { GuardedButton } from '../../components/guarded-button.tsx';
import { TenantSelect } from '../../components/tenant-select.tsx';
import { fieldError } from '../../lib/field-error.ts';
import { mayCreate } from '../../lib/permissions.ts';
import { paths } from '../../lib/paths.ts';

interface CommissionDraft {
  serial: string;
  name: string;
  groupUuid: string | null;
  /** Asked only of a person who may commission in several tenants ('' until chosen). */
  tenant?: string;
}

const emptyDraft: CommissionDraft = { serial: '', name: '', groupUuid: null, tenant: '' };

/** The cloud's rules for serials and names (contract/names.ts); empty fields are only asked for. */
function commissionErrors(draft: CommissionDraft): {
  serial: string | null;
  name: string | null;
} {
  const serial = draft.serial.trim();
  return {
    serial:
      serial === ''
        ? 'Enter the serial printed on the device.'
        : fieldError('The serial', NodeSerial, serial),
    name:
      draft.name.trim() === ''
        ? 'Give the node a name people recognise.'
        : fieldError('The name', ChannelName, draft.name),
  };
}

const groupsFilter = { channelType: 'GROUP' as const };

export function CommissionForm() {
  const permissions = usePermissions();
  const verdict = mayCreate(permissions, 'assets', 'COMMISSION');
  const [draft, setDraft, clearDraft] = useDraft('commission', emptyDraft);
  const [submitted, setSubmitted] = useState(false);
  const groups = useQuery(channelListQuery(groupsFilter));
  const commission = useCommissionNode();
  const choice = useTenantChoice('assets', 'COMMISSION');
  const chosen = draft.tenant ?? '';
  // The tenant the node goes into, where the console can know it.
  const tenant = choice.offered ? chosen || undefined : choice.tenants[0];
  // A node joins a group of its own tenant only (the cloud refuses any other), so only those
  // are offered: an admin who reads another tenant's groups is not offered them.
  const groupOptions = (groups.data ?? []).filter(
    (group) => group.tenant === undefined || tenant === undefined || group.tenant === tenant,
  );
  const errors = commissionErrors(draft);
  const tenantError =
    choice.offered && chosen === '' ? 'Choose the tenant the node belongs to.' : null;
  const valid = errors.serial === null && errors.name === null && tenantError === null;
  const disabled = !verdict.allowed;
  // What the cloud said about the last attempt no longer applies once the person edits the form.
  const change = (next: CommissionDraft) => {
    setDraft(next);
    if (!commission.isPending) commission.reset();
  };

  return (
    <Stack gap="md">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setSubmitted(true);
          if (!valid || disabled) return;
          commission.mutate(
            {
              serial: draft.serial.trim(),
              name: draft.name.trim(),
              channelUuid: draft.groupUuid ?? undefined,
              tenant: choice.offered ? chosen : undefined,
            },
            {
              onSuccess: () => {
                clearDraft();
                setSubmitted(false);
              },
            },
          );
        }}
        noValidate
      >
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <TextInput
              label="Serial"
              required
              placeholder="e.g. TN-000123"
              value={draft.serial}
              onChange={(event) => change({ ...draft, serial: event.currentTarget.value })}
              error={submitted ? errors.serial : undefined}
              disabled={disabled}
              autoComplete="off"
              spellCheck={false}
            />
            <TextInput
              label="Name"
              required
              placeholder="e.g. Van 12"
              value={draft.name}
              onChange={(event) => change({ ...draft, name: event.currentTarget.value })}
              error={submitted ? errors.name : undefined}
              disabled={disabled}
            />
            {choice.offered && (
              <TenantSelect
                tenants={choice.tenants}
                value={chosen}
                onChange={(next) => {
                  const group = groups.data?.find((g) => g.uuid === draft.groupUuid);
                  const keeps = group?.tenant === undefined || group.tenant === next;
                  change({ ...draft, tenant: next, groupUuid: keeps ? draft.groupUuid : null });
                }}
                error={submitted ? (tenantError ?? undefined) : undefined}
              />
            )}
            <Select
              label="Group (optional)"
              placeholder={groups.isPending ? 'Loading groups…' : 'No group'}
              data={groupOptions.map((group) => ({ value: group.uuid, label: group.name }))}
              value={draft.groupUuid}
              onChange={(value) => change({ ...draft, groupUuid: value })}
              clearable
              searchable
              disabled={disabled}
              nothingFoundMessage="No group of that name"
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <GuardedButton verdict={verdict} type="submit" loading={commission.isPending}>
              Commission node
            </GuardedButton>
          </Group>
        </Stack>
      </form>
      {commission.isError && (
        <ApiErrorAlert error={commission.error} title="The node was not commissioned" change />
      )}
      {commission.isSuccess && (
        <Alert color="green" title="Commissioned" role="status">
          <Text size="sm" mb={4}>
            The cloud created these channels:
          </Text>
          <List size="sm" spacing={4}>
            {commission.data.map((channel) => (
              <List.Item key={channel.uuid}>
                <Group gap={6} wrap="nowrap">
                  <ChannelTypeBadge type={channel.channelType} />
                  <Anchor component={Link} to={paths.channel.href(channel.uuid)} size="sm">
                    {channel.name}
                  </Anchor>
                  {channel.reference && (
                    <Text size="xs" c="dimmed" ff="monospace">
                      {channel.reference}
                    </Text>
                  )}
                </Group>
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
    </Stack>
  );
}
