import { ActionIcon, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { t } from '../../i18n/i18n.ts';

export function ThemeToggle() {
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme('light');
  const next = computed === 'dark' ? 'light' : 'dark';
  const label = t(next === 'dark' ? 'shell.themeToDark' : 'shell.themeToLight');
  return (
    <ActionIcon
      variant="default"
      size="lg"
      aria-label={label}
      title={label}
      onClick={() => setColorScheme(next)}
    >
      <span aria-hidden="true">{computed === 'dark' ? '☀' : '☾'}</span>
    </ActionIcon>
  );
}
