// Loaded lazily, only when the server has a Google Maps key: the Maps script itself is fetched on first use.
import { useEffect, useRef, useState } from 'react';

export interface GoogleMapProps {
  apiKey: string;
  latitude: number;
  longitude: number;
  driverName: string;
  loadFailedText: string;
  initFailedText: string;
}

/* The Maps JavaScript API has no types in this project; only these few members are used. */
interface MapsApi {
  Map: new (element: HTMLElement, options: object) => { panTo(position: object): void };
  Marker: new (options: object) => { setPosition(position: object): void };
}

let loader: Promise<MapsApi> | undefined;

function loadGoogleMaps(apiKey: string): Promise<MapsApi> {
  const w = window as unknown as { google?: { maps?: MapsApi }; __glintMapsReady?: () => void };
  if (w.google?.maps) return Promise.resolve(w.google.maps);
  loader ??= new Promise<MapsApi>((resolve, reject) => {
    w.__glintMapsReady = () => (w.google?.maps ? resolve(w.google.maps) : reject(new Error('Google Maps did not start')));
    const script = document.createElement('script');
    script.src = `https://maps.googleapis.com/maps/api/js?key=${encodeURIComponent(apiKey)}&callback=__glintMapsReady&loading=async`;
    script.async = true;
    script.onerror = () => {
      loader = undefined;
      script.remove();
      reject(new Error('Failed to load Google Maps'));
    };
    document.head.appendChild(script);
  });
  return loader;
}

export default function GoogleMap({ apiKey, latitude, longitude, driverName, loadFailedText, initFailedText }: GoogleMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<InstanceType<MapsApi['Map']> | null>(null);
  const marker = useRef<InstanceType<MapsApi['Marker']> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const position = useRef({ lat: latitude, lng: longitude });
  position.current = { lat: latitude, lng: longitude };

  useEffect(() => {
    let cancelled = false;
    loadGoogleMaps(apiKey).then(
      (maps) => {
        if (cancelled || !container.current) return;
        try {
          map.current = new maps.Map(container.current, { center: position.current, zoom: 15, disableDefaultUI: true, zoomControl: true });
          marker.current = new maps.Marker({ position: position.current, map: map.current, title: driverName });
        } catch (cause) {
          console.error('map init failed', cause);
          setError(initFailedText);
        }
      },
      () => !cancelled && setError(loadFailedText),
    );
    return () => {
      cancelled = true;
    };
  }, [apiKey, driverName, initFailedText, loadFailedText]);

  useEffect(() => {
    marker.current?.setPosition({ lat: latitude, lng: longitude });
    map.current?.panTo({ lat: latitude, lng: longitude });
  }, [latitude, longitude]);

  if (error) return <p className="flex h-64 items-center justify-center rounded-lg bg-slate-100 text-sm text-red-700">{error}</p>;
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
