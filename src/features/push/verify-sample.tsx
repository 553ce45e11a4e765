import { Code, Tabs, Text } from '@mantine/core';
import { t } from '../../i18n/i18n.ts';

const whsecSample = `// npm install standardwebhooks
import { Webhook } from 'standardwebhooks';

const webhook = new Webhook(process.env.PUSH_SECRET); // "whsec_…"

export function handle(rawBody, headers) {
  // Throws unless webhook-id, webhook-timestamp and webhook-signature match the body.
  const { channelUuid, channelName, events } = webhook.verify(rawBody, headers);
  return events; // timeslices, newest data of the channel
}`;

const rawSample = `// npm install standardwebhooks
import { Webhook } from 'standardwebhooks';

// A secret that is not "whsec_…" is used as its UTF-8 bytes: the raw format.
const key = new TextEncoder().encode(process.env.PUSH_SECRET);
const webhook = new Webhook(key, { format: 'raw' });

export function handle(rawBody, headers) {
  const { channelUuid, channelName, events } = webhook.verify(rawBody, headers);
  return events;
}`;

/** How a receiver checks that a delivery came from the cloud, whatever kind of secret it has. */
export function VerifySample() {
  return (
    <div>
      <Text size="sm" mb="xs">
        {t('push.verify.intro')}
      </Text>
      <Tabs defaultValue="whsec" keepMounted={false}>
        <Tabs.List aria-label={t('push.verify.kind')}>
          <Tabs.Tab value="whsec">{t('push.verify.whsec')}</Tabs.Tab>
          <Tabs.Tab value="raw">{t('push.verify.other')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="whsec" pt="xs">
          <Code block tabIndex={0}>
            {whsecSample}
          </Code>
        </Tabs.Panel>
        <Tabs.Panel value="raw" pt="xs">
          <Code block tabIndex={0}>
            {rawSample}
          </Code>
        </Tabs.Panel>
      </Tabs>
    </div>
  );
}
