import { NativeSelect } from '@mantine/core';
import { t } from '../i18n/i18n.ts';

/** The tenant a new object goes into, for a person who may create in several. */
export function TenantSelect({
  tenants,
  value,
  onChange,
  error,
  description,
}: {
  tenants: readonly string[];
  value: string;
  onChange: (tenant: string) => void;
  error?: string | undefined;
  description?: string;
}) {
  return (
    <NativeSelect
      label={t('common.tenant')}
      description={description}
      required
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={error}
      data={[
        { value: '', label: t('common.chooseTenant'), disabled: true },
        ...tenants.map((tenant) => ({ value: tenant, label: tenant })),
      ]}
    />
  );
}
