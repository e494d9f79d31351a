// Loaded lazily (React.lazy) by the dispatch board: Leaflet and its CSS never reach the customer's pages.
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useRef, useState } from 'react';
import { tileAttribution } from '@web/lib/map-tiles';
import { initials } from '@shared/format';

export interface MapDriver {
  id: string;
  name: string;
  latitude: number;
  longitude: number;
}
export interface MapStop {
  id: string;
  label: string;
  title: string;
  latitude: number;
  longitude: number;
  assigned: boolean;
}

const SAN_JOSE: L.LatLngTuple = [37.3382, -121.8863];

const escape = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/**
 * Drivers (round, initials) and the day's stops (numbered pins; grey when nobody has the job yet). Markers are
 * plain HTML, so they stay visible when tiles fail to load (offline, blocked): the map then says so.
 */
export default function DispatchMap({ drivers, stops, tileUrl }: { drivers: MapDriver[]; stops: MapStop[]; tileUrl: string }) {
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const layer = useRef<L.LayerGroup | null>(null);
  const fitted = useRef(false);
  const [tilesFailed, setTilesFailed] = useState(false);

  useEffect(() => {
    if (!container.current) return;
    const instance = L.map(container.current, { zoomControl: true }).setView(SAN_JOSE, 11);
    const tiles = L.tileLayer(tileUrl, { maxZoom: 19, attribution: tileAttribution(tileUrl) }).addTo(instance);
    tiles.on('tileerror', () => setTilesFailed(true));
    layer.current = L.layerGroup().addTo(instance);
    map.current = instance;
    return () => {
      instance.remove();
      map.current = null;
      layer.current = null;
    };
  }, [tileUrl]);

  useEffect(() => {
    const group = layer.current;
    if (!group || !map.current) return;
    group.clearLayers();
    const points: L.LatLngTuple[] = [];
    for (const stop of stops) {
      const icon = L.divIcon({
        className: 'dispatch-stop',
        html: `<span class="flex size-6 items-center justify-center rounded-full border-2 border-white text-[11px] font-bold text-white shadow ${stop.assigned ? 'bg-brand-700' : 'bg-slate-500'}">${escape(stop.label)}</span>`,
        iconSize: [24, 24],
        iconAnchor: [12, 12],
      });
      L.marker([stop.latitude, stop.longitude], { icon, title: stop.title, alt: stop.title, keyboard: false }).addTo(group);
      points.push([stop.latitude, stop.longitude]);
    }
    for (const driver of drivers) {
      const letters = initials(driver.name);
      const icon = L.divIcon({
        className: 'dispatch-driver',
        html: `<span data-driver-id="${escape(driver.id)}" class="flex size-8 items-center justify-center rounded-full border-[3px] border-white bg-orange-600 text-xs font-bold text-white shadow-lg ring-4 ring-orange-600/30">${escape(letters)}</span>`,
        iconSize: [32, 32],
        iconAnchor: [16, 16],
      });
      L.marker([driver.latitude, driver.longitude], { icon, title: driver.name, alt: driver.name, keyboard: false, zIndexOffset: 1000 }).addTo(group);
      points.push([driver.latitude, driver.longitude]);
    }
    // Fit once to what there is; later updates move markers without yanking the dispatcher's view around.
    if (!fitted.current && points.length) {
      map.current.fitBounds(L.latLngBounds(points), { padding: [24, 24], maxZoom: 14 });
      fitted.current = true;
    }
  }, [drivers, stops]);

  return (
    <div className="relative">
      <div
        ref={container}
        data-testid="dispatch-map"
        data-drivers={drivers.length}
        data-stops={stops.length}
        className="h-72 w-full overflow-hidden rounded-lg bg-slate-100 lg:h-96"
        role="img"
        aria-label={`Map: ${drivers.length} drivers, ${stops.length} stops`}
      />
      {tilesFailed && <p className="absolute inset-x-2 bottom-2 z-[1000] rounded bg-white/90 px-2 py-1 text-xs text-slate-700 shadow">Map tiles could not load; drivers and stops are still shown.</p>}
    </div>
  );
}
