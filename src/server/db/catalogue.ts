import type { SizeClass } from '../../shared/domain';
import type { SizePrices } from '../../shared/pricing';
import type { LocationOptions } from './schema/services';

export interface CatalogueService {
  slug: string;
  name: string;
  description: string;
  price: string;
  originalPrice?: string;
  serviceFee: string;
  duration: number;
  imageUrl: string;
  isPopular?: boolean;
  isPremium?: boolean;
  locationOptions: LocationOptions;
  /** Price and minutes for the larger size classes (docs/decisions/038). */
  sizePrices?: SizePrices;
}

/** The standard catalogue: seeded on first start and by the admin's 'Seed Services' (idempotent by slug). */
export const STANDARD_CATALOGUE: CatalogueService[] = [
  {
    slug: 'express-exterior-wash',
    name: 'Express Exterior Wash',
    description:
      '<p>A quick, thorough hand wash for a car that needs to look sharp today.</p><ul><li>Foam pre-soak and two-bucket hand wash</li><li>Wheel faces and tyres cleaned and dressed</li><li>Windows cleaned inside and out</li><li>Microfibre hand dry</li></ul>',
    price: '49.00',
    serviceFee: '5.00',
    duration: 45,
    imageUrl: '/images/services/express-wash.svg',
    locationOptions: { mobile: true, pickup: false, serviceLocation: true },
    sizePrices: { suv: { price: '59.00', duration: 60 }, oversize: { price: '69.00', duration: 60 } },
  },
  {
    slug: 'interior-refresh',
    name: 'Interior Refresh',
    description:
      '<p>Everything you touch, cleaned and refreshed.</p><ul><li>Full vacuum of seats, carpets, mats and trunk</li><li>Dashboard, console and door panels wiped and protected</li><li>Streak-free glass</li><li>Light odour treatment</li></ul>',
    price: '89.00',
    serviceFee: '5.00',
    duration: 90,
    imageUrl: '/images/services/interior.svg',
    locationOptions: { mobile: true, pickup: true, serviceLocation: true },
    sizePrices: { suv: { price: '109.00', duration: 105 }, oversize: { price: '129.00', duration: 120 } },
  },
  {
    slug: 'full-detail',
    name: 'Full Detail',
    description:
      '<p>Our signature inside-and-out detail. The car comes back looking the way it did on the lot.</p><ul><li>Hand wash, clay bar and spray sealant</li><li>Deep interior vacuum and wipe-down</li><li>Seats and carpets shampooed</li><li>Tyres dressed, trim restored</li></ul>',
    price: '199.00',
    originalPrice: '249.00',
    serviceFee: '5.00',
    duration: 180,
    imageUrl: '/images/services/full-detail.svg',
    isPopular: true,
    locationOptions: { mobile: true, pickup: true, serviceLocation: false },
    sizePrices: { suv: { price: '239.00', duration: 210 }, oversize: { price: '279.00', duration: 240 } },
  },
  {
    slug: 'wash-and-wax',
    name: 'Wash & Wax',
    description:
      '<p>A hand wash finished with a carnauba wax for deep gloss and months of protection.</p><ul><li>Hand wash and decontamination</li><li>Hand-applied carnauba wax</li><li>Wheels, tyres and glass</li></ul>',
    price: '119.00',
    originalPrice: '159.00',
    serviceFee: '5.00',
    duration: 120,
    imageUrl: '/images/services/wash-wax.svg',
    isPopular: true,
    locationOptions: { mobile: true, pickup: true, serviceLocation: false },
    sizePrices: { suv: { price: '139.00', duration: 135 }, oversize: { price: '159.00', duration: 150 } },
  },
  {
    slug: 'ceramic-coating',
    name: 'Ceramic Coating',
    description:
      '<p>Single-stage paint correction followed by a professional ceramic coating with up to three years of protection.</p><ul><li>Machine polish to remove light swirls</li><li>Panel wipe and 9H ceramic coating</li><li>Cured at our facility</li></ul>',
    price: '699.00',
    serviceFee: '5.00',
    duration: 360,
    imageUrl: '/images/services/ceramic.svg',
    isPremium: true,
    locationOptions: { mobile: false, pickup: true, serviceLocation: true },
    sizePrices: { suv: { price: '849.00', duration: 420 }, oversize: { price: '999.00', duration: 480 } },
  },
  {
    slug: 'engine-bay-detail',
    name: 'Engine Bay Detail',
    description: 'Safe low-pressure degrease of the engine bay, hand-agitated, rinsed and dressed so it looks new and leaks are easy to spot.',
    price: '79.00',
    serviceFee: '5.00',
    duration: 60,
    imageUrl: '/images/services/engine.svg',
    locationOptions: { mobile: false, pickup: false, serviceLocation: true },
  },
  {
    slug: 'headlight-restoration',
    name: 'Headlight Restoration',
    description:
      '<p>Yellowed, hazy headlights sanded, polished and sealed with a UV coat for clear night driving.</p>',
    price: '69.00',
    serviceFee: '5.00',
    duration: 60,
    imageUrl: '/images/services/headlights.svg',
    locationOptions: { mobile: true, pickup: true, serviceLocation: true },
  },
];

export interface CatalogueAddOn {
  slug: string;
  name: string;
  description: string;
  price: string;
  sizePrices?: Partial<Record<SizeClass, string>>;
  minutes: number;
  /** The standard services (by slug) it is offered with. */
  services: string[];
}

/** The standard add-ons, seeded with the catalogue (idempotent by slug; an existing add-on is never changed). */
export const STANDARD_ADD_ONS: CatalogueAddOn[] = [
  {
    slug: 'pet-hair-removal',
    name: 'Pet hair removal',
    description: 'Embedded fur lifted from carpets, seats and the trunk.',
    price: '40.00',
    sizePrices: { suv: '50.00', oversize: '60.00' },
    minutes: 30,
    services: ['interior-refresh', 'full-detail'],
  },
  {
    slug: 'clay-bar',
    name: 'Clay bar treatment',
    description: 'Bonded grime pulled from the paint so it feels glass-smooth.',
    price: '50.00',
    sizePrices: { suv: '60.00', oversize: '75.00' },
    minutes: 45,
    services: ['express-exterior-wash', 'wash-and-wax'],
  },
  {
    slug: 'ceramic-spray',
    name: 'Ceramic spray sealant',
    description: 'A slick ceramic top coat with months of water beading.',
    price: '30.00',
    sizePrices: { suv: '35.00', oversize: '45.00' },
    minutes: 20,
    services: ['express-exterior-wash', 'wash-and-wax', 'full-detail'],
  },
  {
    slug: 'odour-treatment',
    name: 'Odour treatment',
    description: 'Enzyme clean and cabin fogging for smoke, pets and spills.',
    price: '35.00',
    minutes: 30,
    services: ['interior-refresh', 'full-detail'],
  },
];
