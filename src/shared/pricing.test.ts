import { describe, expect, it } from 'vitest';
import { durationAtSize, priceAtSize, priceBooking, priceJob, type JobService } from './pricing';

const fullDetail: JobService = {
  name: 'Full Detail',
  price: '199.00',
  duration: 180,
  sizePrices: { suv: { price: '239.00', duration: 210 }, oversize: { price: '279.00', duration: null } },
};
const petHair = { name: 'Pet hair removal', price: '40.00', minutes: 30, sizePrices: { oversize: { price: '60.00' } } };
const claybar = { name: 'Clay bar', price: '50.00', minutes: 45 };

describe('priceJob', () => {
  it('prices a service at its size class, and at the base where the class is empty', () => {
    expect(priceAtSize(fullDetail, 'suv')).toBe('239.00');
    expect(priceAtSize(fullDetail, 'sedan')).toBe('199.00');
    expect(priceAtSize({ price: '10.00', sizePrices: { suv: { price: '' } } }, 'suv')).toBe('10.00');
    expect(durationAtSize(fullDetail, 'suv')).toBe(210);
    expect(durationAtSize(fullDetail, 'oversize')).toBe(180);
    const suv = priceJob({ vehicles: [{ sizeClass: 'suv', service: fullDetail }], serviceFee: '5.00' });
    expect(suv).toMatchObject({ subtotalCents: 23900, discountCents: 0, serviceFeeCents: 500, taxCents: 2390, totalCents: 26790, minutes: 210 });
    const sedan = priceJob({ vehicles: [{ sizeClass: 'sedan', service: fullDetail }], serviceFee: '5.00' });
    expect(sedan).toMatchObject({ subtotalCents: 19900, taxCents: 1990, totalCents: 22390, minutes: 180 });
  });

  it('prices add-ons at the vehicle size and adds their minutes', () => {
    const job = priceJob({ vehicles: [{ sizeClass: 'oversize', service: fullDetail, addOns: [petHair, claybar] }], serviceFee: '5.00' });
    expect(job.vehicles[0]!.lines).toEqual([
      { kind: 'service', label: 'Full Detail', sizeClass: 'oversize', cents: 27900, minutes: 180 },
      { kind: 'add_on', label: 'Pet hair removal', sizeClass: 'oversize', cents: 6000, minutes: 30 },
      { kind: 'add_on', label: 'Clay bar', sizeClass: 'oversize', cents: 5000, minutes: 45 },
    ]);
    expect(job).toMatchObject({ subtotalCents: 38900, taxCents: 3890, totalCents: 38900 + 500 + 3890, minutes: 255 });
  });

  it('prices two vehicles each at its own size, with one service fee for the booking', () => {
    const job = priceJob({
      vehicles: [
        { sizeClass: 'sedan', service: fullDetail, addOns: [petHair], label: '2018 Honda Civic' },
        { sizeClass: 'suv', service: fullDetail, addOns: [petHair] },
      ],
      serviceFee: '5.00',
    });
    expect(job.vehicles.map((v) => [v.sizeClass, v.cents, v.minutes])).toEqual([
      ['sedan', 23900, 210],
      ['suv', 27900, 240],
    ]);
    expect(job.vehicles[0]!.label).toBe('2018 Honda Civic');
    expect(job).toMatchObject({ subtotalCents: 51800, serviceFeeCents: 500, taxCents: 5180, totalCents: 57480, minutes: 450 });
  });

  it('takes the discount off before tax, never below zero, and never taxes the fee', () => {
    const job = priceJob({ vehicles: [{ sizeClass: 'sedan', service: fullDetail }], serviceFee: '5.00', discount: { cents: 4000, label: 'Fall offer' } });
    expect(job).toMatchObject({ subtotalCents: 19900, discountCents: 4000, discountLabel: 'Fall offer', taxCents: 1590, totalCents: 15900 + 500 + 1590 });
    const credit = priceJob({ vehicles: [{ sizeClass: 'sedan', service: fullDetail }], serviceFee: '5.00', discount: { cents: 99_999 } });
    expect(credit).toMatchObject({ discountCents: 19900, taxCents: 0, totalCents: 500 });
  });

  it('rounds tax half up to the cent, on the sum and not per line', () => {
    // 49.95 → 4.995 → 5.00; two lines of 0.05 each → 0.01 on the sum (0.005 per line would round twice).
    expect(priceJob({ vehicles: [{ sizeClass: 'sedan', service: { price: '49.95' } }], serviceFee: '0.00' }).taxCents).toBe(500);
    const twoLines = priceJob({ vehicles: [{ sizeClass: 'sedan', service: { price: '0.05' }, addOns: [{ name: 'x', price: '0.05' }] }], serviceFee: '0.00' });
    expect(twoLines).toMatchObject({ subtotalCents: 10, taxCents: 1, totalCents: 11 });
  });

  it('keeps priceBooking as the one-vehicle base case of the same rule', () => {
    expect(priceBooking('199.00', '5.00', [{ label: 'Pet hair', cents: 1000 }])).toEqual({
      serviceCents: 19900,
      addOns: [{ label: 'Pet hair', cents: 1000 }],
      serviceFeeCents: 500,
      taxCents: 2090,
      totalCents: 23490,
    });
  });
});
