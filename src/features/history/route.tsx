import { Text } from '@mantine/core';
import { useParams } from 'react-router';
import { PageHeader } from '../../components/page-header.tsx';

// Placeholder: the history view (issue 6) replaces this module. The route table loads it lazily
// and renders its `Component` export at /channels/:channelUuid/history.
export function Component() {
  const { channelUuid } = useParams();
  return (
    <>
      <PageHeader title="History" description={`Channel ${channelUuid ?? ''}`} />
      <Text>Charts and tracks of this channel’s history are coming soon.</Text>
    </>
  );
}
