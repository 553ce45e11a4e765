import { List, Text } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import type { ChannelRecord } from '../../../contract/channel.ts';
import { usePermissions } from '../../api/userinfo.ts';
import { hasDraft } from '../../auth/drafts.ts';
import { LoadingBlock } from '../../components/loading-block.tsx';
import { SettingsPanel } from '../../components/settings-panel.tsx';
import { t } from '../../i18n/i18n.ts';
import { mayOnChannel } from '../../lib/permissions.ts';
import { sourceWords } from './product-words.ts';
import { useAncestors } from './use-ancestors.ts';
import { shapeWords } from './place-words.ts';
import { draftPlaces } from './places-draft.ts';

// The map editor and Leaflet-Geoman load only when a person edits places.
const PlacesEditor = lazy(() => import('./places-editor.tsx'));
const placesDraftKey = (uuid: string) => `places:${uuid}`;

/** A node's or group's named places: listed with where they come from, drawn on a map to edit. */
export function PlacesPanel({ channel }: { channel: ChannelRecord }) {
  const permissions = usePermissions();
  const verdict = mayOnChannel(permissions, channel, 'UPDATE');
  const [editing, setEditing] = useState(() => hasDraft(placesDraftKey(channel.uuid)));
  const { ancestors } = useAncestors(channel);
  const own = draftPlaces(channel.properties ?? {});
  const inherited = ancestors.flatMap(({ name, properties }) =>
    draftPlaces(properties).map((place) => ({ place, from: name })),
  );
  return (
    <SettingsPanel
      id="places-title"
      title={t('places.title')}
      verdict={verdict}
      editing={editing}
      editLabel={t(own.length > 0 ? 'places.edit' : 'places.add')}
      removable={false}
      onEdit={() => setEditing(true)}
      onRemove={() => undefined}
    >
      {editing ? (
        <Suspense fallback={<LoadingBlock height={420} label={t('places.loading')} />}>
          <PlacesEditor channel={channel} onDone={() => setEditing(false)} />
        </Suspense>
      ) : own.length === 0 && inherited.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('places.none')}
        </Text>
      ) : (
        <List size="sm" aria-label={t('places.title')}>
          {own.map(({ id, name, shape }) => (
            <List.Item key={id}>
              {t('places.item', {
                name,
                shape: shapeWords(shape),
                source: sourceWords({ here: true }),
              })}
            </List.Item>
          ))}
          {inherited.map(({ place, from }) => (
            <List.Item key={place.id}>
              {t('places.item', {
                name: place.name,
                shape: shapeWords(place.shape),
                source: sourceWords({ from: [from] }),
              })}
            </List.Item>
          ))}
        </List>
      )}
    </SettingsPanel>
  );
}
