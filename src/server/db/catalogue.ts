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
