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
import { fieldErrorIn } from '../../lib/field-error.ts';
import { t } from '../../i18n/i18n.ts';
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
        ? t('commission.enterSerial')
        : fieldErrorIn('field.subject.serial', NodeSerial, serial),
    name:
      draft.name.trim() === ''
        ? t('commission.enterName')
        : fieldErrorIn('field.subject.name', ChannelName, draft.name),
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
  const tenantError = choice.offered && chosen === '' ? t('commission.chooseTenant') : null;
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
              label={t('commission.serial')}
              required
              placeholder={t('commission.serial.example')}
              value={draft.serial}
              onChange={(event) => change({ ...draft, serial: event.currentTarget.value })}
              error={submitted ? errors.serial : undefined}
              disabled={disabled}
              autoComplete="off"
              spellCheck={false}
            />
            <TextInput
              label={t('commission.name')}
              required
              placeholder={t('commission.name.example')}
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
              label={t('commission.group')}
              placeholder={t(
                groups.isPending ? 'commission.group.loading' : 'commission.group.none',
              )}
              data={groupOptions.map((group) => ({ value: group.uuid, label: group.name }))}
              value={draft.groupUuid}
              onChange={(value) => change({ ...draft, groupUuid: value })}
              clearable
              searchable
              disabled={disabled}
              nothingFoundMessage={t('commission.group.nothingFound')}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <GuardedButton verdict={verdict} type="submit" loading={commission.isPending}>
              {t('commission.submit')}
            </GuardedButton>
          </Group>
        </Stack>
      </form>
      {commission.isError && (
        <ApiErrorAlert error={commission.error} title={t('commission.failed')} change />
      )}
      {commission.isSuccess && (
        <Alert color="green" title={t('commission.done')} role="status">
          <Text size="sm" mb={4}>
            {t('commission.created')}
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
