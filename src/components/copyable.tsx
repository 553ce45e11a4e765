import { ActionIcon, Code, CopyButton, Group, Tooltip } from '@mantine/core';
import { t } from '../i18n/i18n.ts';

/** An identifier people paste elsewhere: shown in full, copied with one click. */
export function Copyable({ value, label }: { value: string; label: string }) {
  return (
    <Group gap={4} wrap="nowrap" miw={0}>
      <Code style={{ overflowWrap: 'anywhere' }}>{value}</Code>
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Tooltip
            label={copied ? t('common.copied') : t('common.copyThing', { thing: label })}
            withArrow
          >
            <ActionIcon
              variant="subtle"
              size="sm"
              onClick={copy}
              aria-label={t('common.copyThing', { thing: label })}
              color={copied ? 'teal' : 'gray'}
            >
              <svg
                width="14"
                height="14"
                viewBox="0 0 24 24"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                aria-hidden="true"
              >
                {copied ? (
                  <path d="M5 12l5 5L20 7" />
                ) : (
                  <>
                    <rect x="9" y="9" width="11" height="11" rx="2" />
                    <path d="M5 15V5a2 2 0 0 1 2-2h8" />
                  </>
                )}
              </svg>
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}
