import type { FastifyRequest } from 'fastify';
import type { Channel, ChannelStore } from '../store/channels.ts';
import type { GatewayKeyStore } from '../store/gateway-keys.ts';
import { decodeBasic } from './basic.ts';
import { unauthorized } from './authenticate.ts';

declare module 'fastify' {
  interface FastifyRequest {
    gateway: Channel | null;
  }
}

const CHALLENGE = 'Basic realm="telemetry-gateways", charset="UTF-8"';

/** Gateways deliver with HTTP Basic: their serial and the key issued when they were registered. */
export function gatewayAuthenticator(channels: ChannelStore, keys: GatewayKeyStore) {
  return async (request: FastifyRequest): Promise<void> => {
    const header = request.headers.authorization ?? '';
    const pair = header.toLowerCase().startsWith('basic ')
      ? decodeBasic(header.slice(6).trim())
      : undefined;
    if (!pair) throw unauthorized('Gateways send Basic credentials: serial and key.', [CHALLENGE]);
    const gateway = await channels.findCommissioned(pair.username);
    if (
      !gateway ||
      gateway.type !== 'GATEWAY' ||
      !(await keys.matches(gateway.id, pair.password))
    ) {
      throw unauthorized('Unknown gateway or wrong key.', [CHALLENGE]);
    }
    request.gateway = gateway;
  };
}
