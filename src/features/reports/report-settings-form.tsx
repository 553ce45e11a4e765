import { memo, useState, type FormEvent } from 'react';
import { Button, Group, SimpleGrid, Text, TextInput } from '@mantine/core';
import {
  defaultReportSettings,
  parseSettings,
  settingFields,
  settingsText,
  type ReportSettings,
  type SettingsErrors,
  type SettingsText,
} from '../../lib/reports/settings.ts';
import { t } from '../../i18n/i18n.ts';
import { say, type Message } from '../../i18n/message.ts';

const sayError = (error: Message | undefined) => (error ? say(error) : undefined);

/**
 * The thresholds of the reports: trips and stops (Traccar's defaults) and the alarm delay of
 * excursions. Applied together with "Apply"; a wrong field says why and nothing changes.
 */
export const ReportSettingsForm = memo(function ReportSettingsForm({
  settings,
  onChange,
}: {
  settings: ReportSettings;
  onChange: (settings: ReportSettings) => void;
}) {
  const [text, setText] = useState<SettingsText>(() => settingsText(settings));
  const [errors, setErrors] = useState<SettingsErrors>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseSettings(text, settings);
    if (!parsed.ok) return setErrors(parsed.errors);
    setErrors({});
    onChange(parsed.settings);
  };
  const reset = () => {
    setText(settingsText(defaultReportSettings));
    setErrors({});
    onChange(defaultReportSettings);
  };
  return (
    <form onSubmit={submit} aria-label={t('settings.title')} noValidate>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="xs">
        {settingFields.map((field) => (
          <TextInput
            key={field.name}
            size="xs"
            label={t('settings.field', { label: t(field.label), unit: t(field.unit) })}
            inputMode="numeric"
            value={text[field.name]}
            error={sayError(errors[field.name])}
            onChange={(event) => {
              const value = event.currentTarget.value;
              setText((current) => ({ ...current, [field.name]: value }));
            }}
          />
        ))}
      </SimpleGrid>
      <Group gap="xs" mt="xs">
        <Button size="xs" type="submit">
          {t('settings.apply')}
        </Button>
        <Button size="xs" variant="default" onClick={reset}>
          {t('settings.defaults')}
        </Button>
        <Text size="xs" c="dimmed">
          {t('settings.explain')}
        </Text>
      </Group>
    </form>
  );
});
