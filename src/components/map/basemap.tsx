import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { TileLayer } from 'react-leaflet';
import { t, type MessageId } from '../../i18n/i18n.ts';
import { OfflineBasemap } from './offline-basemap.tsx';

export interface BasemapProps {
  /** The runtime configuration's tile URL template; without one the offline map is used. */
  tileUrl?: string | undefined;
  attribution?: string | undefined;
  /** Told when tiles fail and the offline map takes over, why in the page's language. */
  onFallback?: (reason: string) => void;
}

/** Tiles that have not loaded after this long count as failed (no network often means no error). */
const TILE_TIMEOUT_MS = 6000;
const ERRORS_BEFORE_FALLBACK = 3;

/** Map tiles from the configured server, or the offline vector basemap when there are none. */
export function Basemap({ tileUrl, attribution, onFallback }: BasemapProps) {
  const [failed, setFailed] = useState<MessageId | undefined>();
  const loaded = useRef(0);
  const errors = useRef(0);
  const tell = useEffectEvent((reason: string) => onFallback?.(reason));

  useEffect(() => {
    if (failed) tell(t(failed));
  }, [failed]);

  useEffect(() => {
    if (!tileUrl) return;
    loaded.current = 0;
    errors.current = 0;
    const timer = setTimeout(() => {
      if (loaded.current === 0) setFailed('map.tiles.timeout');
    }, TILE_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [tileUrl]);

  if (!tileUrl || failed) return <OfflineBasemap />;
  return (
    <TileLayer
      url={tileUrl}
      attribution={attribution ?? t('map.attribution.osm')}
      eventHandlers={{
        tileload: () => {
          loaded.current += 1;
        },
        tileerror: () => {
          errors.current += 1;
          if (loaded.current === 0 && errors.current >= ERRORS_BEFORE_FALLBACK) {
            setFailed('map.tiles.failed');
          }
        },
      }}
    />
  );
}
