/** The tiles every Leaflet map draws (the customer's Live Track, the dispatch board): MAP_TILE_URL, OpenStreetMap's servers by default. */
const OSM_ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

/** OpenStreetMap's tiles must credit it; another tile server's credit is its own business. */
export const tileAttribution = (tileUrl: string) => (tileUrl.includes('openstreetmap.org') ? OSM_ATTRIBUTION : '');
