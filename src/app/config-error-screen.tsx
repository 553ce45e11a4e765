import { Alert, Code, Container, List, Stack, Text, Title } from '@mantine/core';
import { ConfigError } from '../config/config.ts';

/** Shown instead of the console when /config.json is missing or wrong: says what to fix. */
export function ConfigErrorScreen({ error }: { error: unknown }) {
  const problems = error instanceof ConfigError ? error.problems : [String(error)];
  const message = error instanceof ConfigError ? error.message : 'The console could not start.';
  return (
    <Container size="sm" py="xl" component="main">
      <Stack>
        <Title order={1}>Telemetry Console cannot start</Title>
        <Alert color="red" title={message} role="alert">
          <List size="sm" spacing={4}>
            {problems.map((problem) => (
              <List.Item key={problem}>{problem}</List.Item>
            ))}
          </List>
        </Alert>
        <Text size="sm">
          The console reads its settings from <Code>/config.json</Code> at start. Whoever runs this
          deployment can correct it; the keys are described in the README under “Console”.
        </Text>
      </Stack>
    </Container>
  );
}
