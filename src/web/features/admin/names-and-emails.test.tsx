import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterContextProvider } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { AdminBooking } from '@shared/schemas/admin-bookings';
import type { StaffMember } from '@shared/schemas/admin-staff';
import type { ClientDetail } from '@shared/schemas/clients';
import { EmailText, NameText } from '@web/components/ui/email-text';
import { BookingRow } from './pages/admin-bookings-page';
import { ContactCard } from './pages/admin-client-page';
import { CustomerCells, CustomerLines } from './pages/admin-customers-page';
import { StaffCard } from './pages/admin-staff-page';

/** The back office's cells never cut a name ("Casey Mor…") or split an e-mail inside a word ("ex ample.com"). */

const EMAIL = 'dana.delete@example.com';
const WRAPPED = 'dana.<wbr/>delete@<wbr/>example.<wbr/>com';
// Classes that cut a name or break a word anywhere.
const MID_WORD = /\b(truncate|break-all|text-ellipsis)\b|overflow-wrap:anywhere|word-break:break-all/;

function render(node: ReactNode, { wholeMarkup = true } = {}) {
  const router = createRouter({ routeTree: createRootRoute(), history: createMemoryHistory() });
  const html = renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <RouterContextProvider router={router}>{node}</RouterContextProvider>
    </QueryClientProvider>,
  );
  if (wholeMarkup) expect(html).not.toMatch(MID_WORD);
  return html;
}

const client: ClientDetail = {
  id: 'c1', name: 'Casey Morgan', email: EMAIL, phone: null, source: 'account', userId: 'u1', emailVerified: true, tags: [],
  totalBookings: 2, lifetimeSpend: '120.00', lastVisit: null, createdAt: '2026-01-02T10:00:00.000Z',
  notes: '', marketingConsent: false, vehicles: [], addresses: [], packageCredits: [], mergedCount: 0,
};

describe('names and e-mails in the back office', () => {
  it('puts a break point after the "@" and after each "." of an e-mail, and nowhere else', () => {
    const html = renderToStaticMarkup(<EmailText email={EMAIL} />);
    expect(html).toContain(WRAPPED);
    expect(html).toContain('break-normal');
    expect(html).not.toMatch(MID_WORD);
  });

  it('lets only an e-mail part too long for any cell break inside', () => {
    const long = renderToStaticMarkup(<EmailText email="owner-1764201234567-abcdef@example.com" />);
    expect(long).toContain('<span class="[overflow-wrap:anywhere]">owner-1764201234567-abcdef@</span><wbr/>example.<wbr/>com');
  });

  it('wraps a name between its words, and lets only a word too long for any cell break inside', () => {
    const html = renderToStaticMarkup(<NameText name="Casey Morgan" />);
    expect(html).toContain('Casey Morgan');
    expect(html).not.toMatch(MID_WORD);
    const pasted = `Maximilianus${'x'.repeat(60)}`;
    const long = renderToStaticMarkup(<NameText name={`Max ${pasted}`} />);
    expect(long).toContain(`<span class="[overflow-wrap:anywhere]">${pasted}</span>`);
    expect(long).toMatch(/^<span class="break-normal \[overflow-wrap:normal\]">Max <span/);
  });

  it('shows a customer in the list with the whole name and a wrappable e-mail, in the table and on the card', () => {
    const row = render(
      <table>
        <tbody>
          <tr>
            <CustomerCells customer={client} />
          </tr>
        </tbody>
      </table>,
    );
    expect(row).toContain('>Casey Morgan<');
    expect(row).toContain(WRAPPED);
    const card = render(<CustomerLines customer={client} />);
    expect(card).toContain('>Casey Morgan<');
    expect(card).toContain(WRAPPED);
  });

  it("shows a client's contact e-mail with its break points", () => {
    expect(render(<ContactCard client={client} />)).toContain(WRAPPED);
  });

  it("shows a driver's name and e-mail on the staff list", () => {
    const member: StaffMember = {
      id: 'd1', fullName: 'Casey Morgan', email: EMAIL, phone: null, role: 'driver', isDisabled: false, invitationPending: false,
      createdAt: '2026-01-02T10:00:00.000Z', status: 'available', onShift: true, lastSeen: null, isLocationSharing: false,
      currentBookingId: null, activeBookings: 0,
    };
    const html = render(<StaffCard member={member} technician={undefined} />);
    expect(html).toContain('>Casey Morgan<');
    expect(html).toContain(WRAPPED);
  });

  it("shows the customer's whole name in a bookings list row", () => {
    const booking = bookingOf();
    // The row's service line may still be cut; the name may not.
    const html = render(
      <ul>
        <BookingRow booking={booking} startOpen={false} />
      </ul>,
      { wholeMarkup: false },
    );
    const name = /<span class="([^"]*)" data-testid="customer-name">([^<]*)<\/span>/.exec(html);
    expect(name?.[2]).toBe('Casey Morgan');
    expect(name?.[1]).not.toMatch(MID_WORD);
  });

  it("shows the customer's e-mail with its break points in an opened booking's details", () => {
    const html = render(
      <ul>
        <BookingRow booking={bookingOf()} startOpen />
      </ul>,
      { wholeMarkup: false },
    );
    const email = /<dt[^>]*>E-mail<\/dt><dd class="([^"]*)">(.*?)<\/dd>/.exec(html);
    expect(email?.[2]).toContain(WRAPPED);
    expect(email?.[1]).not.toMatch(MID_WORD);
    expect(email?.[2]).not.toMatch(MID_WORD);
  });
});

function bookingOf(): AdminBooking {
  return {
    id: '00000000-0000-4000-8000-000000000001', status: 'confirmed', serviceType: 'mobile', scheduledDate: '2026-03-02T17:00:00.000Z',
    businessDate: '2026-03-02', durationMinutes: 90, serviceFee: '0.00', tax: '0.00', notes: null, vehicle: null, accessNotes: null,
    coveredParking: null, createdAt: '2026-02-20T17:00:00.000Z', updatedAt: '2026-02-20T17:00:00.000Z', serviceId: 's1',
    service: { id: 's1', name: 'Full Detail', description: '', price: '120.00', duration: 90, imageUrl: null },
    serviceName: 'Full Detail', totalAmount: '120.00', paymentStatus: 'paid', source: 'web', addressId: null, address: null,
    latitude: null, longitude: null, userId: 'u1', user: { fullName: 'Casey Morgan', email: EMAIL, phone: null },
    guestName: null, guestEmail: null, guestPhone: null, assignedDriverId: null, driver: null, rating: null, review: null,
    paymentMethodBrand: null, paymentMethodLast4: null, holdExpiresAt: null, isBlocked: false, job: { vehicles: [], extras: [] }, updates: [],
  };
}
