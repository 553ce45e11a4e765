import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { MapContainer } from 'react-leaflet';
import type { LatLngBoundsExpression } from 'leaflet';
import 'leaflet/dist/leaflet.css';
import '../../components/map/map-theme.css';
import type { ChannelRecord } from '../../../contract/channel.ts';
import {
  readPropertiesVersion,
  useSetProperties,
  type PropertiesVersion,
} from '../../api/channels.ts';
import { channelKeys } from '../../api/query-keys.ts';
import { isApiError } from '../../api/errors.ts';
import { useDraft } from '../../auth/drafts.ts';
import { ApiErrorAlert } from '../../components/api-error-alert.tsx';
import { DraftActions } from '../../components/draft-actions.tsx';
import { LoadingBlock } from '../../components/loading-block.tsx';
import { Basemap } from '../../components/map/basemap.tsx';
import { notifyDone } from '../../components/notify.ts';
import { useConfig } from '../../config/config-context.ts';
import { t } from '../../i18n/i18n.ts';
import { GeomanLayer, loadGeoman, type DrawShape } from './geoman-layer.tsx';
import { draftPlaces, placesProblem, placesValue, type DraftPlace } from './places-draft.ts';
import { shapeWords } from './place-words.ts';

interface EditorState {
  base: PropertiesVersion;
  places: DraftPlace[];
  theirs?: boolean;
}

const placesDraftKey = (uuid: string) => `places:${uuid}`;

/** Where the map opens: around the places, else around the Netherlands (the demo's fleet). */
function boundsOf(places: readonly DraftPlace[]): LatLngBoundsExpression {
  const points = places.flatMap(({ shape }) =>
    shape.kind === 'circle' ? [[shape.lat, shape.lon] as [number, number]] : shape.corners,
  );
  const lats = points.map(([lat]) => lat).filter(Number.isFinite);
  const lons = points.map(([, lon]) => lon).filter(Number.isFinite);
  if (lats.length === 0 || lons.length === 0) {
    return [
      [51.9, 4.3],
      [52.6, 5.2],
    ];
  }
  const pad = 0.01;
  return [
    [Math.min(...lats) - pad, Math.min(...lons) - pad],
    [Math.max(...lats) + pad, Math.max(...lons) + pad],
  ];
}

/**
 * Places drawn on the map (Leaflet-Geoman, loaded with this module only): circles and polygons,
 * moved and reshaped by hand, each named. Saving writes only `places`, over the properties read
 * when the editor opened, with If-Match (record 0171); on 412 it keeps the drawing.
 */
export default function PlacesEditor({
  channel,
  onDone,
}: {
  channel: ChannelRecord;
  onDone: () => void;
}) {
  const config = useConfig();
  const [state, setState, clearDraft] = useDraft<EditorState | null>(
    placesDraftKey(channel.uuid),
    null,
  );
  const version = useQuery({
    queryKey: [...channelKeys.detail(channel.uuid), 'version', 'places'],
    queryFn: () => readPropertiesVersion(channel.uuid),
    enabled: state === null,
    staleTime: 0,
    gcTime: 0,
  });
  useEffect(() => {
    if (state === null && version.data) {
      setState({ base: version.data, places: draftPlaces(version.data.properties) });
    }
  }, [state, version.data, setState]);
  const [drawing, setDrawing] = useState<DrawShape>();
  const [ready, setReady] = useState(false);
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    let live = true;
    void loadGeoman().then(() => live && setLoaded(true));
    return () => {
      live = false;
    };
  }, []);
  const [attempted, setAttempted] = useState(false);
  const save = useSetProperties(channel.uuid);

  if (state === null || !loaded) {
    return version.isError ? (
      <ApiErrorAlert error={version.error} title={t('places.notSaved')} />
    ) : (
      <LoadingBlock height={420} label={t('places.loading')} />
    );
  }
  const { places, base } = state;
  const problem = placesProblem(places);
  const update = (next: DraftPlace[]) => {
    save.reset();
    setState({ ...state, places: next });
  };

  const submit = () => {
    setAttempted(true);
    if (problem) return;
    const properties = { ...base.properties };
    if (places.length === 0) delete properties.places;
    else properties.places = placesValue(places);
    save.mutate(
      { properties, ...(base.tag === undefined ? {} : { ifMatch: base.tag }) },
      {
        onSuccess: () => {
          clearDraft();
          onDone();
          notifyDone(t('places.saved', { name: channel.name }));
        },
        onError: (error) => {
          if (!isApiError(error, 412)) return;
          void readPropertiesVersion(channel.uuid).then((now) =>
            setState({ base: now, places, theirs: true }),
          );
        },
      },
    );
  };

  return (
    <Stack gap="sm">
      {state.theirs && (
        <Alert color="yellow" title={t('productProps.conflict.title')} role="alert">
          {t('places.conflict')}
        </Alert>
      )}
      <Group gap="xs">
        <Button
          variant={drawing === 'Circle' ? 'filled' : 'light'}
          size="xs"
          disabled={!ready}
          onClick={() => setDrawing(drawing === 'Circle' ? undefined : 'Circle')}
        >
          {t('places.drawCircle')}
        </Button>
        <Button
          variant={drawing === 'Polygon' ? 'filled' : 'light'}
          size="xs"
          disabled={!ready}
          onClick={() => setDrawing(drawing === 'Polygon' ? undefined : 'Polygon')}
        >
          {t('places.drawPolygon')}
        </Button>
      </Group>
      <Text size="xs" c="dimmed">
        {t(drawing ? `places.hint.${drawing === 'Circle' ? 'circle' : 'polygon'}` : 'places.hint')}
      </Text>
      <section
        aria-label={t('places.map')}
        style={{ height: 420, position: 'relative', isolation: 'isolate' }}
      >
        <MapContainer style={{ height: '100%', width: '100%' }} bounds={boundsOf(places)}>
          <Basemap tileUrl={config.mapTileUrl} attribution={config.mapAttribution} />
          <GeomanLayer
            places={places}
            drawing={drawing}
            onReady={() => setReady(true)}
            onDrawn={(place) => {
              setDrawing(undefined);
              update([...places, place]);
            }}
            onShape={(id, shape) =>
              update(places.map((place) => (place.id === id ? { ...place, shape } : place)))
            }
          />
        </MapContainer>
      </section>
      {places.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('places.none')}
        </Text>
      )}
      {places.map((place, index) => (
        <Group key={place.id} align="flex-end" gap="xs">
          <TextInput
            label={t('places.name', { n: index + 1 })}
            description={shapeWords(place.shape)}
            value={place.name}
            onChange={(event) => {
              const name = event.currentTarget.value;
              update(places.map((p) => (p.id === place.id ? { ...p, name } : p)));
            }}
            error={
              problem?.index === index && (attempted || place.name !== '')
                ? t('productProps.rule', { rule: problem.reason })
                : undefined
            }
            style={{ flex: 1 }}
          />
          <Button
            variant="subtle"
            color="red"
            onClick={() => update(places.filter((p) => p.id !== place.id))}
          >
            {t('places.remove', { n: index + 1 })}
          </Button>
        </Group>
      ))}
      {save.isError && !isApiError(save.error, 412) && (
        <ApiErrorAlert error={save.error} title={t('places.notSaved')} change />
      )}
      <Group justify="flex-end" gap="xs">
        <DraftActions
          clearDraft={clearDraft}
          save={save}
          onDone={onDone}
          saveLabel={t('places.save')}
          onSave={submit}
        />
      </Group>
    </Stack>
  );
}
