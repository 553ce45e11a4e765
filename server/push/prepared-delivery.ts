import { randomUUID } from 'node:crypto';
import type { PushTarget } from '../store/push-targets.ts';
import { failed, type PreparedSend, type SendOutcome } from './http-sender.ts';
import { signDelivery, signingKey, type WebhookHeaders } from './signing.ts';
import type { Waiting } from './channel-queues.ts';

export interface Sender {
  send(url: URL, headers: Record<string, string>, body: string): Promise<SendOutcome>;
  /** Opens the connection first, so that claim and send are one step (HttpSender.prepare). */
  prepare?(url: URL, headers: Record<string, string>, body: string): Promise<PreparedSend>;
  close(): void;
}

/** A delivery's message: its id, when it was made, and its signed body. */
export interface Composed {
  id: string;
  at: number;
  headers: WebhookHeaders;
  body: string;
}

export function compose(target: PushTarget, events: readonly Waiting[], at: number): Composed {
  const body =
    `{"channelUuid":"${target.uuid}","channelName":${JSON.stringify(target.name)},` +
    `"events":[${events.map((event) => event.json).join(',')}]}`;
  const id = `msg_${randomUUID().replaceAll('-', '')}`;
  const headers = signDelivery(signingKey(target.secret), id, Math.floor(at / 1000), body);
  return { id, at, headers, body };
}

/** Opens the delivery's connection; `fire` then writes it (see HttpSender.prepare). */
export async function prepare(
  sender: Sender,
  url: string,
  message: Composed,
): Promise<PreparedSend> {
  const { headers, body } = message;
  if (sender.prepare) {
    try {
      return await sender.prepare(new URL(url), { ...headers }, body);
    } catch {
      return failed({ error: 'the delivery could not be sent', durationMs: 0 });
    }
  }
  // A sender that only sends: it sends when fired.
  let settle: (outcome: SendOutcome) => void = () => undefined;
  const outcome = new Promise<SendOutcome>((resolve) => (settle = resolve));
  let done = false;
  return {
    fire: () => {
      if (done) return;
      done = true;
      void send(sender, url, headers, body).then(settle);
    },
    cancel: () => {
      if (done) return;
      done = true;
      settle({ error: 'not sent', durationMs: 0 });
    },
    outcome,
  };
}

async function send(
  sender: Sender,
  url: string,
  headers: WebhookHeaders,
  body: string,
): Promise<SendOutcome> {
  try {
    return await sender.send(new URL(url), { ...headers }, body);
  } catch {
    return { error: 'the delivery could not be sent', durationMs: 0 };
  }
}
