import { useQuery } from '@tanstack/react-query';
import { extensionsQuery } from '../api/extensions.ts';
import { placeNameQuery } from '../api/places.ts';
import { formatPlace } from '../lib/reports/format.ts';

export interface PlaceNameProps {
  /** The name one of the owner's named places gives the position, if any. */
  name: string | undefined;
  lat: number;
  lon: number;
}

/**
 * Where something happened, named as the console best can (docs/decisions/0063): the owner's
 * named place, else the cloud's geocoder where it offers one, else the coordinates; the
 * coordinates stay a hover away behind a name.
 */
export function PlaceName({ name, lat, lon }: PlaceNameProps) {
  const extensions = useQuery(extensionsQuery());
  const ask =
    name === undefined &&
    Number.isFinite(lat) &&
    Number.isFinite(lon) &&
    extensions.data?.placeNames === true;
  const found = useQuery({ ...placeNameQuery(lat, lon), enabled: ask });
  const coordinates = formatPlace(lat, lon);
  const shown = name ?? found.data?.name ?? coordinates;
  return <span title={shown === coordinates ? undefined : coordinates}>{shown}</span>;
}
