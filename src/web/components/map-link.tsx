import { useT } from '../lib/i18n/i18n.tsx';

export function mapLink(lat: number, lon: number): string {
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=15/${lat}/${lon}`;
}

/** Coordinates as a link to the map, opening in a new tab (said to screen readers). */
export function MapLink({ lat, lon }: { lat: number; lon: number }) {
  const t = useT();
  return (
    <a href={mapLink(lat, lon)} target="_blank" rel="noreferrer" className="tabular">
      {lat.toFixed(5)}, {lon.toFixed(5)}
      <span className="visually-hidden"> {t('components.map.opens')}</span>
    </a>
  );
}
