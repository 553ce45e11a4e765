import { Alert, Text } from '@mantine/core';

export interface NoHistoryAccessProps {
  /** The permission that is missing, e.g. "READ on assets.history in tenant acme". */
  needs: string;
  what: string;
}

/** Says why history is unavailable and what would make it available; asks the cloud nothing. */
export function NoHistoryAccess({ needs, what }: NoHistoryAccessProps) {
  return (
    <Alert color="indigo" variant="light" title="History is not available to you" role="note">
      <Text size="sm">
        Reading the history of {what} needs {needs}. Your account does not have that permission, so
        measurements, tracks and exports cannot be shown.
      </Text>
      <Text size="sm" mt="xs">
        Ask an administrator of your tenant for a role that includes history. What you may do is
        listed on the Permissions page.
      </Text>
    </Alert>
  );
}
