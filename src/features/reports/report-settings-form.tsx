import { memo, useState, type FormEvent } from 'react';
import { Button, Group, SimpleGrid, Text, TextInput } from '@mantine/core';
import {
  defaultReportSettings,
  parseSettings,
  settingFields,
  settingsText,
  type ReportSettings,
  type SettingsText,
} from '../../lib/reports/settings.ts';

/**
 * The thresholds of the reports: trips and stops (their defaults are Traccar's, the open-source
 * tracking server's, a name people need not know) and the alarm delay of excursions. Applied
 * together with "Apply"; a wrong field says why and nothing changes.
 */
export const ReportSettingsForm = memo(function ReportSettingsForm({
  settings,
  onChange,
}: {
  settings: ReportSettings;
  onChange: (settings: ReportSettings) => void;
}) {
  const [text, setText] = useState<SettingsText>(() => settingsText(settings));
  const [errors, setErrors] = useState<Partial<SettingsText>>({});
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
    <form onSubmit={submit} aria-label="Report settings" noValidate>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="xs">
        {settingFields.map((field) => (
          <TextInput
            key={field.name}
            size="xs"
            label={`${field.label} (${field.unit})`}
            inputMode="numeric"
            value={text[field.name]}
            error={errors[field.name]}
            onChange={(event) => {
              const value = event.currentTarget.value;
              setText((current) => ({ ...current, [field.name]: value }));
            }}
          />
        ))}
      </SimpleGrid>
      <Group gap="xs" mt="xs">
        <Button size="xs" type="submit">
          Apply
        </Button>
        <Button size="xs" variant="default" onClick={reset}>
          Default settings
        </Button>
        <Text size="xs" c="dimmed">
          A trip must be at least as long and last at least as long as set; shorter movement joins
          the stops around it.
        </Text>
      </Group>
    </form>
  );
});
