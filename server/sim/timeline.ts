import { demoGateways, gatewayOf } from './gateway-network.ts';
import { planDay } from './day-plan.ts';
import type { Vehicle } from './fleet.ts';
import { localDay } from './local-time.ts';
import { dayMessages, gatewayDayMessages, type SimMessage } from './messages.ts';

/** What a node (a vehicle or a gateway) sends over time, one local day at a time. */
export interface Sender {
  serial: string;
  messagesOfDay(day: number): SimMessage[];
}

function vehicleSender(vehicle: Vehicle): Sender {
  return {
    serial: vehicle.serial,
    messagesOfDay: (day) => {
      const messages = dayMessages(vehicle, planDay(vehicle, day));
      if (vehicle.tenant === 'demo') return messages;
      return messages.map((m) => ({ ...m, gateway: gatewayOf(m.gateway, vehicle.tenant) }));
    },
  };
}

function gatewaySender(index: number, serial: string): Sender {
  return { serial, messagesOfDay: (day) => gatewayDayMessages(index, day) };
}

/**
 * The messages of senders within a time window, remembering the days it has computed: the live
 * simulator asks for a few seconds at a time.
 */
export class Timeline {
  private readonly days = new Map<string, SimMessage[]>();
  private oldestKept = -Infinity;

  /** Messages of `sender` with after < ts ≤ until, in time order. */
  between(sender: Sender, after: number, until: number): SimMessage[] {
    const out: SimMessage[] = [];
    for (let day = localDay(after); day <= localDay(until); day++) {
      for (const item of this.day(sender, day)) {
        if (item.message.ts > after && item.message.ts <= until) out.push(item);
      }
    }
    return out;
  }

  /** Forgets the days before `day`. */
  forgetBefore(day: number): void {
    if (day <= this.oldestKept) return;
    this.oldestKept = day;
    for (const key of this.days.keys()) {
      if (Number(key.slice(key.lastIndexOf('@') + 1)) < day) this.days.delete(key);
    }
  }

  private day(sender: Sender, day: number): SimMessage[] {
    const key = `${sender.serial}@${day}`;
    let messages = this.days.get(key);
    if (!messages) {
      messages = sender.messagesOfDay(day);
      this.days.set(key, messages);
    }
    return messages;
  }
}

/** The demo's vehicles and its gateways, which report on themselves. */
export function demoSenders(fleet: readonly Vehicle[]): Sender[] {
  return [
    ...fleet.map(vehicleSender),
    ...demoGateways.map((site, index) => gatewaySender(index, site.serial)),
  ];
}
