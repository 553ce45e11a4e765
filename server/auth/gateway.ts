import type { FastifyRequest } from 'fastify';
import type { ChannelStore } from '../store/channels.ts';
import type { GatewayKeyStore } from '../store/gateways.ts';
import type { ChannelRow } from '../store/channel-row.ts';
import { decodeBasic } from './basic.ts';
import { unauthorized } from './authenticate.ts';

declare module 'fastify' {
  interface FastifyRequest {
    gateway: ChannelRow | null;
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
    const gateway = channels.findCommissioned(pair.username);
    if (!gateway || gateway.type !== 'GATEWAY' || !keys.matches(gateway.id, pair.password)) {
      throw unauthorized('Unknown gateway or wrong key.', [CHALLENGE]);
    }
    request.gateway = gateway;
  };
}
