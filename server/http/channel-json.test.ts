import { describe, expect, it } from 'vitest';
import { recordJson } from './channel-json.ts';
import type { ChannelSummary } from '../store/channels.ts';

const row = (name: string, reference: string | null = 'VAN-0007'): ChannelSummary => ({
  uuid: '0b6c9a4e-6f1d-4c1e-9a55-3f2e8f0d1c2b',
  type: 'NODE',
  name,
  tenant: 'demo',
  active: true,
  reference,
  properties: '{"depot":"Westpoort"}',
  pushUrl: null,
  pushInterval: 0,
});

describe('channel records as JSON text', () => {
  it('carry any name exactly, escaped where JSON needs it', () => {
    const names = [
      'Van 07',
      'say "hi"',
      'back\\slash',
      'tab\there\nline',
      'Koelwagen ❄️ 🚚',
      'é ü ß',
      'half \ud800 pair',
    ];
    for (const name of names) {
      const text = recordJson(row(name, name), 'full');
      expect(JSON.parse(text)).toEqual({
        uuid: '0b6c9a4e-6f1d-4c1e-9a55-3f2e8f0d1c2b',
        channelType: 'NODE',
        name,
        tenant: 'demo',
        reference: name,
        active: true,
        pushInterval: 0,
        properties: { depot: 'Westpoort' },
      });
      expect(text).toBe(JSON.stringify(JSON.parse(text)));
    }
  });
});
