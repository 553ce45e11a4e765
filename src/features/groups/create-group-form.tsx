import { notifyDone } from '../../components/notify.ts';
import { Group, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { NAME_MAX_LENGTH } from '../../../contract/limits.ts';
import { ChannelName } from '../../../contract/names.ts';
import { isApiError } from '../../api/errors.ts';
import { useCreateGroup } from '../../api/groups.ts';
import { usePermissions } from '../../api/userinfo.ts';
import { useDraft } from '../../auth/drafts.ts';
import { ApiErrorAlert } from '../../components/api-error-alert.tsx';
import { useTenantChoice } from '../../api/tenant-choice.ts';
import { GuardedButton } from '../../components/guarded-button.tsx';
import { TenantSelect } from '../../components/tenant-select.tsx';
import { focusPageHeading } from '../../components/move-focus.ts';
import { fieldErrorIn } from '../../lib/field-error.ts';
import { t } from '../../i18n/i18n.ts';
import { mayCreate } from '../../lib/permissions.ts';
import { paths } from '../../lib/paths.ts';

/** The cloud's rule for names (contract/names.ts); an empty field is only asked for. */
function groupNameError(name: string): string | null {
  if (name.trim() === '') return t('group.create.enterName');
  return fieldErrorIn('field.subject.name', ChannelName, name);
}

export function CreateGroupForm() {
  const permissions = usePermissions();
  const verdict = mayCreate(permissions, 'groups', 'CREATE');
  const [name, setName, clearName] = useDraft('create-group', '');
  const [tenant, setTenant] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const create = useCreateGroup();
  const choice = useTenantChoice('groups', 'CREATE');
  const navigate = useNavigate();
  const error = groupNameError(name);
  const tenantError = choice.offered && tenant === '' ? t('group.create.chooseTenant') : null;
  // A name the tenant already uses is a fault of the name: said under the field, in the cloud's
  // words, until the name changes.
  const taken = isApiError(create.error, 409) ? create.error.message : null;

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        setSubmitted(true);
        if (error !== null || tenantError !== null || !verdict.allowed) return;
        create.mutate(
          { name: name.trim(), tenant: choice.offered ? tenant : undefined },
          {
            onSuccess: (group) => {
              clearName();
              setSubmitted(false);
              notifyDone(t('group.create.done', { name: group.name }));
              // Focus waits for the heading that names the new group, not the one of the page left.
              void Promise.resolve(navigate(paths.group.href(group.uuid))).then(() =>
                focusPageHeading(group.name),
              );
            },
          },
        );
      }}
      noValidate
    >
      <Group align="flex-start" gap="xs" wrap="wrap">
        <TextInput
          label={t('group.create.label')}
          placeholder={t('group.create.placeholder')}
          value={name}
          maxLength={NAME_MAX_LENGTH + 1}
          onChange={(event) => {
            setName(event.currentTarget.value);
            create.reset();
          }}
          error={taken ?? (submitted ? error : undefined)}
          style={{ flex: '1 1 240px' }}
          disabled={!verdict.allowed}
        />
        {choice.offered && (
          <TenantSelect
            tenants={choice.tenants}
            value={tenant}
            onChange={(next) => {
              setTenant(next);
              create.reset();
            }}
            error={submitted ? (tenantError ?? undefined) : undefined}
          />
        )}
        <GuardedButton verdict={verdict} type="submit" loading={create.isPending} mt={25}>
          {t('group.create.submit')}
        </GuardedButton>
      </Group>
      {create.isError && taken === null && (
        <div style={{ marginTop: 8 }}>
          <ApiErrorAlert error={create.error} title={t('group.create.failed')} change />
        </div>
      )}
    </form>
  );
}
