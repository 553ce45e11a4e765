import { useMutation, useQueryClient } from '@tanstack/react-query';
import { afterCommission, afterDecommission } from './after-change.ts';
import { apiRequest, segment } from './client.ts';

interface Commissioning {
  serial: string;
  name: string;
  /** The group the node joins. */
  channelUuid?: string;
  /** Our cloud's extension: the tenant the node goes into, when the person chose among several. */
  tenant?: string | undefined;
}

function commissionNode({ serial, name, channelUuid, tenant }: Commissioning) {
  return apiRequest(`/v1/nodes/${segment(serial)}`, {
    method: 'POST',
    query: { name, channelUuid, tenant },
    schema: (s) => s.ChannelRecordList,
  });
}

function decommissionNode(nodeUuid: string) {
  return apiRequest(`/v1/nodes/${segment(nodeUuid)}`, {
    method: 'DELETE',
    schema: (s) => s.StatusResult,
  });
}

export function useCommissionNode() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: commissionNode,
    onSuccess: (_channels, { channelUuid }) => afterCommission(client, channelUuid),
  });
}

/** A decommissioned node leaves every group and its sensors go inactive: all of that may change. */
export function useDecommissionNode() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: decommissionNode,
    onSuccess: () => afterDecommission(client),
  });
}
