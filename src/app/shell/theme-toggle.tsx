import { ActionIcon, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';

export function ThemeToggle() {
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme('light');
  const next = computed === 'dark' ? 'light' : 'dark';
  const label = `Switch to ${next} theme`;
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
