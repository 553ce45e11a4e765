import { ActionIcon, Code, CopyButton, Group, Tooltip } from '@mantine/core';

/** An identifier people paste elsewhere: shown in full, copied with one click. */
export function Copyable({ value, label }: { value: string; label: string }) {
  return (
    <Group gap={4} wrap="nowrap" miw={0}>
      <Code style={{ overflowWrap: 'anywhere' }}>{value}</Code>
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? 'Copied' : `Copy ${label}`} withArrow>
            <ActionIcon
              variant="subtle"
              size="sm"
              onClick={copy}
              aria-label={`Copy ${label}`}
              color={copied ? 'teal' : 'gray'}
            >
              {copied ? '✓' : '⧉'}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}
