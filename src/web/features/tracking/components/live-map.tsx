// Loaded lazily (React.lazy) the first time the Live Track modal opens: Leaflet and its CSS stay out of the
// customer's first load.
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useRef, useState } from 'react';
import { tileAttribution } from '@web/lib/map-tiles';

export interface LiveMapProps {
  latitude: number;
  longitude: number;
  driverName: string;
  failedText: string;
  /** Leaflet tile URL template (MAP_TILE_URL; OpenStreetMap's servers by default). */
  tileUrl: string;
  /** Where the driver is heading (the booking's address): the route line ends there. */
  destination: { latitude: number; longitude: number } | null;
  destinationLabel: string;
  /** Said over the plain background when the tiles cannot be loaded (offline, tile server down). */
  tilesFailedText: string;
}


/**
 * The driver's marker, which glides to each new position, and a line to the booking's address, over map
 * tiles. When tiles fail to load (no internet, tile server down) the tiles are dropped and the marker and
 * route stay on a plain background with a note, instead of a grey box.
 */
export default function LiveMap({ latitude, longitude, driverName, failedText, tileUrl, destination, destinationLabel, tilesFailedText }: LiveMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const marker = useRef<L.Marker | null>(null);
  const route = useRef<L.Polyline | null>(null);
  const [failed, setFailed] = useState(false);
  const [tilesFailed, setTilesFailed] = useState(false);

  useEffect(() => {
    if (!container.current) return;
    try {
      const instance = L.map(container.current, { zoomControl: true, attributionControl: true }).setView([latitude, longitude], 15);
      const tiles = L.tileLayer(tileUrl, { maxZoom: 19, attribution: tileAttribution(tileUrl) });
      tiles.once('tileerror', () => {
        instance.removeLayer(tiles);
        setTilesFailed(true);
      });
      tiles.addTo(instance);
      const icon = L.divIcon({
        className: 'driver-marker',
        html: '<span class="block size-5 rounded-full border-[3px] border-white bg-brand-700 shadow-lg ring-4 ring-brand-700/30"></span>',
        iconSize: [20, 20],
        iconAnchor: [10, 10],
      });
      marker.current = L.marker([latitude, longitude], { icon, title: driverName, alt: driverName, keyboard: false }).addTo(instance);
      if (destination) {
        const home = L.divIcon({
          className: 'destination-marker',
          html: '<span class="block size-4 rotate-45 rounded-sm border-2 border-white bg-slate-800 shadow"></span>',
          iconSize: [16, 16],
          iconAnchor: [8, 8],
        });
        L.marker([destination.latitude, destination.longitude], { icon: home, title: destinationLabel, alt: destinationLabel, keyboard: false }).addTo(instance);
        route.current = L.polyline(
          [
            [latitude, longitude],
            [destination.latitude, destination.longitude],
          ],
          { color: '#1d4ed8', weight: 4, dashArray: '8 8', className: 'driver-route' },
        ).addTo(instance);
        instance.fitBounds(route.current.getBounds(), { padding: [32, 32], maxZoom: 15 });
      }
      map.current = instance;
    } catch (error) {
      console.error('map init failed', error);
      setFailed(true);
    }
    return () => {
      map.current?.remove();
      map.current = null;
      marker.current = null;
      route.current = null;
    };
    // The map is built once; position changes are applied below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    marker.current?.setLatLng([latitude, longitude]);
    if (route.current && destination) {
      route.current.setLatLngs([
        [latitude, longitude],
        [destination.latitude, destination.longitude],
      ]);
    }
    map.current?.panTo([latitude, longitude], { animate: true });
  }, [latitude, longitude, destination]);

  if (failed) return <p className="flex h-64 items-center justify-center rounded-lg bg-slate-100 text-sm text-red-700">{failedText}</p>;
  return (
    <div className="relative">
      <div
        ref={container}
        data-testid="live-map"
        data-tiles={tilesFailed ? 'failed' : 'loading'}
        data-driver-lat={latitude.toFixed(5)}
        data-driver-lng={longitude.toFixed(5)}
        className="h-64 w-full overflow-hidden rounded-lg"
        // Without tiles: a plain, light grid so the marker and route read as a map, not a grey box.
        style={{
          background: tilesFailed ? '#f8fafc' : '#e2e8f0',
          backgroundImage: tilesFailed ? 'linear-gradient(#e2e8f0 1px, transparent 1px), linear-gradient(90deg, #e2e8f0 1px, transparent 1px)' : undefined,
          backgroundSize: tilesFailed ? '32px 32px' : undefined,
        }}
        role="img"
        aria-label={`${driverName}: ${latitude.toFixed(4)}, ${longitude.toFixed(4)}`}
      />
      {/* Under the map, not over it: laid over the map it hid the destination marker when that sat low. */}
      {tilesFailed && (
        <p className="mt-2 rounded bg-slate-100 px-2 py-1 text-xs text-slate-700 dark:bg-slate-800 dark:text-slate-200" data-testid="map-tiles-failed">
          {tilesFailedText}
        </p>
      )}
    </div>
  );
}
