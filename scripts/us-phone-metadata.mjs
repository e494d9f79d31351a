// Writes src/shared/phone-metadata.us.json: libphonenumber-js's `min` metadata cut down to the United States.
// The customer pages validate phones in the browser; the whole `min` metadata costs ~25 KB brotli there, the
// US entry alone well under 2 KB. Rerun after upgrading libphonenumber-js: `node scripts/us-phone-metadata.mjs`.
import { readFileSync, writeFileSync } from 'node:fs';

const root = new URL('..', import.meta.url).pathname;
const full = JSON.parse(readFileSync(`${root}node_modules/libphonenumber-js/metadata.min.json`, 'utf8'));
const us = { version: full.version, country_calling_codes: { 1: ['US'] }, countries: { US: full.countries.US }, nonGeographic: {} };
writeFileSync(`${root}src/shared/phone-metadata.us.json`, `${JSON.stringify(us)}\n`);
console.log(`src/shared/phone-metadata.us.json: ${JSON.stringify(us).length} characters`);
