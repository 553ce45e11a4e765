import { Alert, Code, Container, List, Stack, Text, Title } from '@mantine/core';
import { ConfigError } from '../config/config.ts';
import { t } from '../i18n/i18n.ts';
import { tNodes } from '../i18n/t-nodes.ts';

/** Shown instead of the console when /config.json is missing or wrong: says what to fix. */
export function ConfigErrorScreen({ error }: { error: unknown }) {
  const problems = error instanceof ConfigError ? error.problems : [String(error)];
  const message = error instanceof ConfigError ? error.message : t('config.couldNotStart');
  return (
    <Container size="sm" py="xl" component="main">
      <Stack>
        <Title order={1}>{t('config.cannotStart')}</Title>
        <Alert color="red" title={message} role="alert">
          <List size="sm" spacing={4}>
            {problems.map((problem) => (
              <List.Item key={problem}>{problem}</List.Item>
            ))}
          </List>
        </Alert>
        <Text size="sm">
          {tNodes('config.explanation', { code: (chunks) => <Code>{chunks}</Code> })}
        </Text>
      </Stack>
    </Container>
  );
}
