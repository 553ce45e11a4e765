import { Text } from '@mantine/core';
import { PageHeader } from '../../components/page-header.tsx';

// Placeholder: the fleet map (issue 6) replaces this module. The route table loads it lazily and
// renders its `Component` export at /fleet.
export function Component() {
  return (
    <>
      <PageHeader title="Fleet" description="Where your nodes are, on a map." />
      <Text>The fleet map is coming soon.</Text>
    </>
  );
}
