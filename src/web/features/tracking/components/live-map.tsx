// Loaded lazily (React.lazy) the first time the Live Track modal opens: Leaflet and its CSS stay out of the
// customer's first load.
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useRef, useState } from 'react';

export interface LiveMapProps {
  latitude: number;
  longitude: number;
  driverName: string;
  failedText: string;
}

const TILE_URL = 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png';
const ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

/** OpenStreetMap tiles with the driver's marker, which glides to each new position. */
export default function LiveMap({ latitude, longitude, driverName, failedText }: LiveMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const marker = useRef<L.Marker | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!container.current) return;
    try {
      const instance = L.map(container.current, { zoomControl: true, attributionControl: true }).setView([latitude, longitude], 15);
      L.tileLayer(TILE_URL, { maxZoom: 19, attribution: ATTRIBUTION }).addTo(instance);
      const icon = L.divIcon({
        className: 'driver-marker',
        html: '<span class="block size-5 rounded-full border-[3px] border-white bg-brand-700 shadow-lg ring-4 ring-brand-700/30"></span>',
        iconSize: [20, 20],
        iconAnchor: [10, 10],
      });
      marker.current = L.marker([latitude, longitude], { icon, title: driverName, alt: driverName, keyboard: false }).addTo(instance);
      map.current = instance;
    } catch (error) {
      console.error('map init failed', error);
      setFailed(true);
    }
    return () => {
      map.current?.remove();
      map.current = null;
      marker.current = null;
    };
    // The map is built once; position changes are applied below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    marker.current?.setLatLng([latitude, longitude]);
    map.current?.panTo([latitude, longitude], { animate: true });
  }, [latitude, longitude]);

  if (failed) return <p className="flex h-64 items-center justify-center rounded-lg bg-slate-100 text-sm text-red-700">{failedText}</p>;
  return (
    <div
      ref={container}
      data-testid="live-map"
      data-driver-lat={latitude.toFixed(5)}
      data-driver-lng={longitude.toFixed(5)}
      className="h-64 w-full overflow-hidden rounded-lg bg-slate-100"
      role="img"
      aria-label={`${driverName}: ${latitude.toFixed(4)}, ${longitude.toFixed(4)}`}
    />
  );
}
