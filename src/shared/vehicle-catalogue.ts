import type { SizeClass } from './domain';
import { makeKey, modelSizeClass, nameKey, type CatalogueMake } from './vehicle-names';

/**
 * Common US makes and their models, each with the size class it usually falls in (docs/decisions/038):
 * sedan for cars, coupés and small crossovers; suv for SUVs, pickups and minivans; oversize for full-size
 * vans, heavy-duty and crew-cab trucks and 3-row full-size SUVs. A suggestion list, never a constraint:
 * customers may type any make and model, and choose another size class (a lifted truck is oversize).
 * Kept out of the first load of `/`: the server answers it at GET /api/vehicle-catalogue.
 */
type Entry = readonly [make: string, models: ReadonlyArray<readonly [model: string, sizeClass: SizeClass]>];

const ENTRIES: readonly Entry[] = [
  ['Acura', [['ILX', 'sedan'], ['Integra', 'sedan'], ['TLX', 'sedan'], ['RDX', 'suv'], ['MDX', 'suv'], ['ZDX', 'suv']]],
  ['Alfa Romeo', [['Giulia', 'sedan'], ['Stelvio', 'suv'], ['Tonale', 'sedan']]],
  ['Audi', [['A3', 'sedan'], ['A4', 'sedan'], ['A5', 'sedan'], ['A6', 'sedan'], ['A7', 'sedan'], ['A8', 'sedan'], ['e-tron GT', 'sedan'], ['Q3', 'sedan'], ['Q4 e-tron', 'suv'], ['Q5', 'suv'], ['Q7', 'suv'], ['Q8', 'suv'], ['R8', 'sedan'], ['TT', 'sedan']]],
  ['BMW', [['2 Series', 'sedan'], ['3 Series', 'sedan'], ['4 Series', 'sedan'], ['5 Series', 'sedan'], ['7 Series', 'sedan'], ['8 Series', 'sedan'], ['i3', 'sedan'], ['i4', 'sedan'], ['i5', 'sedan'], ['i7', 'sedan'], ['iX', 'suv'], ['X1', 'sedan'], ['X2', 'sedan'], ['X3', 'suv'], ['X4', 'suv'], ['X5', 'suv'], ['X6', 'suv'], ['X7', 'suv'], ['Z4', 'sedan']]],
  ['Buick', [['Encore', 'sedan'], ['Encore GX', 'sedan'], ['Envista', 'sedan'], ['Envision', 'suv'], ['Enclave', 'suv']]],
  ['Cadillac', [['CT4', 'sedan'], ['CT5', 'sedan'], ['XT4', 'suv'], ['XT5', 'suv'], ['XT6', 'suv'], ['Lyriq', 'suv'], ['Escalade', 'oversize'], ['Escalade ESV', 'oversize']]],
  ['Chevrolet', [['Bolt EV', 'sedan'], ['Bolt EUV', 'sedan'], ['Malibu', 'sedan'], ['Camaro', 'sedan'], ['Corvette', 'sedan'], ['Trax', 'sedan'], ['Trailblazer', 'sedan'], ['Equinox', 'suv'], ['Blazer', 'suv'], ['Traverse', 'suv'], ['Tahoe', 'suv'], ['Suburban', 'oversize'], ['Colorado', 'suv'], ['Silverado 1500', 'suv'], ['Silverado 2500HD', 'oversize'], ['Silverado 3500HD', 'oversize'], ['Express', 'oversize']]],
  ['Chrysler', [['300', 'sedan'], ['Pacifica', 'suv'], ['Voyager', 'suv']]],
  ['Dodge', [['Charger', 'sedan'], ['Challenger', 'sedan'], ['Hornet', 'sedan'], ['Durango', 'suv'], ['Grand Caravan', 'suv']]],
  ['Fiat', [['500', 'sedan'], ['500X', 'sedan']]],
  ['Ford', [['Fiesta', 'sedan'], ['Focus', 'sedan'], ['Fusion', 'sedan'], ['Mustang', 'sedan'], ['Mustang Mach-E', 'suv'], ['EcoSport', 'sedan'], ['Bronco Sport', 'sedan'], ['Escape', 'suv'], ['Edge', 'suv'], ['Bronco', 'suv'], ['Explorer', 'suv'], ['Expedition', 'oversize'], ['Expedition MAX', 'oversize'], ['Maverick', 'suv'], ['Ranger', 'suv'], ['F-150', 'suv'], ['F-150 Lightning', 'suv'], ['F-250 Super Duty', 'oversize'], ['F-350 Super Duty', 'oversize'], ['Transit', 'oversize'], ['Transit Connect', 'suv']]],
  ['Genesis', [['G70', 'sedan'], ['G80', 'sedan'], ['G90', 'sedan'], ['GV60', 'sedan'], ['GV70', 'suv'], ['GV80', 'suv']]],
  ['GMC', [['Terrain', 'suv'], ['Acadia', 'suv'], ['Yukon', 'suv'], ['Yukon XL', 'oversize'], ['Canyon', 'suv'], ['Sierra 1500', 'suv'], ['Sierra 2500HD', 'oversize'], ['Sierra 3500HD', 'oversize'], ['Hummer EV', 'oversize'], ['Savana', 'oversize']]],
  ['Honda', [['Fit', 'sedan'], ['Civic', 'sedan'], ['Accord', 'sedan'], ['Insight', 'sedan'], ['HR-V', 'sedan'], ['CR-V', 'suv'], ['Passport', 'suv'], ['Pilot', 'suv'], ['Odyssey', 'suv'], ['Ridgeline', 'suv'], ['Prologue', 'suv']]],
  ['Hummer', [['H2', 'oversize'], ['H3', 'suv']]],
  ['Hyundai', [['Accent', 'sedan'], ['Elantra', 'sedan'], ['Sonata', 'sedan'], ['Ioniq 5', 'sedan'], ['Ioniq 6', 'sedan'], ['Venue', 'sedan'], ['Kona', 'sedan'], ['Tucson', 'suv'], ['Santa Fe', 'suv'], ['Palisade', 'suv'], ['Santa Cruz', 'suv']]],
  ['Infiniti', [['Q50', 'sedan'], ['Q60', 'sedan'], ['QX50', 'suv'], ['QX55', 'suv'], ['QX60', 'suv'], ['QX80', 'oversize']]],
  ['Jaguar', [['XE', 'sedan'], ['XF', 'sedan'], ['F-Type', 'sedan'], ['E-Pace', 'sedan'], ['F-Pace', 'suv'], ['I-Pace', 'suv']]],
  ['Jeep', [['Renegade', 'sedan'], ['Compass', 'sedan'], ['Cherokee', 'suv'], ['Grand Cherokee', 'suv'], ['Grand Cherokee L', 'suv'], ['Wrangler', 'suv'], ['Gladiator', 'suv'], ['Wagoneer', 'oversize'], ['Grand Wagoneer', 'oversize']]],
  ['Kia', [['Rio', 'sedan'], ['Forte', 'sedan'], ['K5', 'sedan'], ['Stinger', 'sedan'], ['Soul', 'sedan'], ['Niro', 'sedan'], ['Seltos', 'sedan'], ['EV6', 'sedan'], ['Sportage', 'suv'], ['Sorento', 'suv'], ['Telluride', 'suv'], ['EV9', 'suv'], ['Carnival', 'suv']]],
  ['Land Rover', [['Range Rover Evoque', 'sedan'], ['Discovery Sport', 'suv'], ['Defender', 'suv'], ['Discovery', 'suv'], ['Range Rover Velar', 'suv'], ['Range Rover Sport', 'suv'], ['Range Rover', 'oversize']]],
  ['Lexus', [['IS', 'sedan'], ['ES', 'sedan'], ['LS', 'sedan'], ['RC', 'sedan'], ['UX', 'sedan'], ['NX', 'suv'], ['RZ', 'suv'], ['RX', 'suv'], ['GX', 'suv'], ['TX', 'suv'], ['LX', 'oversize']]],
  ['Lincoln', [['Corsair', 'suv'], ['Nautilus', 'suv'], ['Aviator', 'suv'], ['Navigator', 'oversize'], ['Navigator L', 'oversize']]],
  ['Lucid', [['Air', 'sedan'], ['Gravity', 'suv']]],
  ['Maserati', [['Ghibli', 'sedan'], ['Quattroporte', 'sedan'], ['Grecale', 'suv'], ['Levante', 'suv']]],
  ['Mazda', [['Mazda3', 'sedan'], ['Mazda6', 'sedan'], ['MX-5 Miata', 'sedan'], ['CX-3', 'sedan'], ['CX-30', 'sedan'], ['CX-5', 'suv'], ['CX-50', 'suv'], ['CX-70', 'suv'], ['CX-9', 'suv'], ['CX-90', 'suv']]],
  ['Mercedes-Benz', [['A-Class', 'sedan'], ['C-Class', 'sedan'], ['E-Class', 'sedan'], ['S-Class', 'sedan'], ['CLA', 'sedan'], ['CLS', 'sedan'], ['EQE', 'sedan'], ['EQS', 'sedan'], ['GLA', 'sedan'], ['GLB', 'suv'], ['GLC', 'suv'], ['GLE', 'suv'], ['GLS', 'suv'], ['G-Class', 'suv'], ['EQB', 'suv'], ['Sprinter', 'oversize'], ['Metris', 'suv']]],
  ['Mercury', [['Grand Marquis', 'sedan'], ['Mariner', 'suv'], ['Mountaineer', 'suv']]],
  ['Mini', [['Cooper', 'sedan'], ['Clubman', 'sedan'], ['Countryman', 'sedan']]],
  ['Mitsubishi', [['Mirage', 'sedan'], ['Eclipse Cross', 'sedan'], ['Outlander Sport', 'sedan'], ['Outlander', 'suv']]],
  ['Nissan', [['Versa', 'sedan'], ['Sentra', 'sedan'], ['Altima', 'sedan'], ['Maxima', 'sedan'], ['Leaf', 'sedan'], ['Z', 'sedan'], ['Kicks', 'sedan'], ['Rogue Sport', 'sedan'], ['Rogue', 'suv'], ['Murano', 'suv'], ['Pathfinder', 'suv'], ['Ariya', 'suv'], ['Armada', 'oversize'], ['Frontier', 'suv'], ['Titan', 'suv'], ['Titan XD', 'oversize'], ['NV200', 'suv'], ['NV Cargo', 'oversize']]],
  ['Polestar', [['Polestar 2', 'sedan'], ['Polestar 3', 'suv']]],
  ['Pontiac', [['G6', 'sedan'], ['Grand Prix', 'sedan'], ['Vibe', 'sedan']]],
  ['Porsche', [['911', 'sedan'], ['718 Boxster', 'sedan'], ['718 Cayman', 'sedan'], ['Panamera', 'sedan'], ['Taycan', 'sedan'], ['Macan', 'suv'], ['Cayenne', 'suv']]],
  ['Ram', [['1500', 'suv'], ['2500', 'oversize'], ['3500', 'oversize'], ['ProMaster', 'oversize'], ['ProMaster City', 'suv']]],
  ['Rivian', [['R1T', 'suv'], ['R1S', 'suv'], ['R2', 'suv'], ['EDV', 'oversize']]],
  ['Saturn', [['Ion', 'sedan'], ['Aura', 'sedan'], ['Vue', 'suv'], ['Outlook', 'suv']]],
  ['Scion', [['tC', 'sedan'], ['xB', 'sedan'], ['FR-S', 'sedan'], ['iM', 'sedan']]],
  ['Smart', [['Fortwo', 'sedan']]],
  ['Subaru', [['Impreza', 'sedan'], ['Legacy', 'sedan'], ['WRX', 'sedan'], ['BRZ', 'sedan'], ['Crosstrek', 'sedan'], ['Forester', 'suv'], ['Outback', 'suv'], ['Solterra', 'suv'], ['Ascent', 'suv']]],
  ['Tesla', [['Model 3', 'sedan'], ['Model S', 'sedan'], ['Model Y', 'suv'], ['Model X', 'suv'], ['Cybertruck', 'oversize']]],
  ['Toyota', [['Corolla', 'sedan'], ['Corolla Cross', 'sedan'], ['Camry', 'sedan'], ['Crown', 'sedan'], ['Prius', 'sedan'], ['GR86', 'sedan'], ['Supra', 'sedan'], ['Mirai', 'sedan'], ['C-HR', 'sedan'], ['RAV4', 'suv'], ['bZ4X', 'suv'], ['Venza', 'suv'], ['Highlander', 'suv'], ['Grand Highlander', 'suv'], ['4Runner', 'suv'], ['Sequoia', 'oversize'], ['Land Cruiser', 'suv'], ['Sienna', 'suv'], ['Tacoma', 'suv'], ['Tundra', 'suv']]],
  ['Volkswagen', [['Jetta', 'sedan'], ['Golf', 'sedan'], ['Golf GTI', 'sedan'], ['Arteon', 'sedan'], ['Passat', 'sedan'], ['ID.4', 'suv'], ['ID. Buzz', 'suv'], ['Taos', 'sedan'], ['Tiguan', 'suv'], ['Atlas', 'suv'], ['Atlas Cross Sport', 'suv']]],
  ['Volvo', [['S60', 'sedan'], ['S90', 'sedan'], ['V60', 'sedan'], ['V90', 'sedan'], ['EX30', 'sedan'], ['XC40', 'sedan'], ['C40', 'sedan'], ['XC60', 'suv'], ['XC90', 'suv'], ['EX90', 'suv']]],
];

export type { CatalogueMake, CatalogueModel } from './vehicle-names';

export const VEHICLE_CATALOGUE: CatalogueMake[] = ENTRIES.map(([make, models]) => ({ make, models: models.map(([model, sizeClass]) => ({ model, sizeClass })) }));

const BY_MAKE = new Map(VEHICLE_CATALOGUE.map((entry) => [nameKey(entry.make), entry]));

/** The catalogue's entry for a make as typed, or undefined. */
export function findMake(make: string): CatalogueMake | undefined {
  return BY_MAKE.get(makeKey(make));
}

/** The usual size class of a make and model as typed; null when the catalogue does not know them. */
export function sizeClassFor(make: string, model: string): SizeClass | null {
  return modelSizeClass(findMake(make), model);
}
