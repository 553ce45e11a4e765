/**
 * A week of one van's readings, seeded into a running cloud through the API as a gateway would
 * deliver them: temperature and position every 30 s and connectivity every 10 min, about 5900
 * messages a day, so each day of the week fits one history request.
 */
const DAY = 86_400_000;
const STEP = 30_000;

export interface SeededNode {
  nodeUuid: string;
  serial: string;
  messages: number;
  temperatures: number;
  positions: number;
}

async function call(url: string, init: RequestInit): Promise<unknown> {
  const response = await fetch(url, init);
  if (!response.ok)
    throw new Error(`${init.method ?? 'GET'} ${url}: ${response.status} ${await response.text()}`);
  return response.json();
}

const basic = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

/**
 * A van's week up to `end`: `span` long (a week by default). A benchmark that clicks "Last 7 days"
 * some minutes after seeding passes a little less, so the oldest messages are still inside the
 * week the console asks for when it clicks.
 */
export async function seedWeek(
  baseUrl: string,
  end: number,
  serial = 'BENCH-VAN-1',
  span = 7 * DAY,
): Promise<SeededNode> {
  const admin = { authorization: basic('admin', 'demo-admin') };
  const gatewaySerial = `${serial}-GW`;
  const { key } = (await call(`${baseUrl}/v1/gateways/${gatewaySerial}`, {
    method: 'POST',
    headers: admin,
  })) as {
    key: string;
  };
  const [node] = (await call(
    `${baseUrl}/v1/nodes/${serial}?name=${encodeURIComponent('Bench van')}`,
    {
      method: 'POST',
      headers: admin,
    },
  )) as { uuid: string }[];
  if (!node) throw new Error('commissioning answered no channel');
  type Message = {
    node: string;
    sensor: string;
    ts: number;
    type: string;
    value: Record<string, unknown>;
  };
  const messages: Message[] = [];
  let lat = 52.52;
  let lon = 13.4;
  let temperature = 4;
  for (let ts = end - span + STEP; ts <= end; ts += STEP) {
    const i = (ts - end) / STEP;
    temperature = Math.max(
      -20,
      Math.min(
        25,
        temperature + (Math.sin(i * 0.37) > 0.6 ? 1 : Math.sin(i * 0.11) < -0.6 ? -1 : 0),
      ),
    );
    lat += Math.sin(i / 97) * 0.0004;
    lon += Math.cos(i / 131) * 0.0006;
    messages.push({ node: serial, sensor: 'temp', ts, type: 'TEMP', value: { temperature } });
    messages.push({
      node: serial,
      sensor: 'gps',
      ts,
      type: 'GPS',
      value: {
        lat,
        lon,
        hdop: 0.8 + (i % 7) * 0.3,
        fix: 3,
        stationary: true,
        calculated: i % 23 === 0,
      },
    });
    if (i % 20 === 0)
      messages.push({
        node: serial,
        sensor: 'conn',
        ts,
        type: 'CONN',
        value: { function: 3, version: 12 },
      });
  }
  const gateway = { authorization: basic(gatewaySerial, key), 'content-type': 'application/json' };
  for (let i = 0; i < messages.length; i += 1000) {
    await call(`${baseUrl}/v1/ingest`, {
      method: 'POST',
      headers: gateway,
      body: JSON.stringify({ messages: messages.slice(i, i + 1000) }),
    });
  }
  const count = (type: string) => messages.filter((m) => m.type === type).length;
  return {
    nodeUuid: node.uuid,
    serial,
    messages: messages.length,
    temperatures: count('TEMP'),
    positions: count('GPS'),
  };
}
