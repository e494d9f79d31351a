import { useQuery } from '@tanstack/react-query';
import { useMutation } from '@web/lib/mutation';
import { useNavigate } from '@tanstack/react-router';
import { CalendarCheck, Search, ShoppingBag } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { toast } from '@web/lib/toast';
import type { ServiceType } from '@shared/domain';
import { stripHtml } from '@shared/format';
import { formatUsd } from '@shared/money';
import type { OrderLookupResponse } from '@shared/schemas/store-orders';
import { offeredServiceTypes, needsAddress } from '@shared/service-types';
import { statusText } from '@shared/status-words';
import { DateChoice, SlotSelect } from '@web/components/slot-picker';
import { todayKey } from '@web/components/slot-queries';
import { jobLinesMessages } from '@web/components/job-lines';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Input, Label, Select, Textarea } from '@web/components/ui/input';
import { ApiError, errorMessage } from '@web/lib/api';
import { useLanguage, useT, type Translate } from '@web/lib/i18n';
import { telHref, usePublicConfig } from '@web/lib/public-config';
import { lookupOrder, orderDaysOf, orderSlotsQuery, scheduleOrder, trackingHref } from '../api';
import { orderMessages } from '../messages';
import { orderNumberFromPath } from '../search';

type Lookup = OrderLookupResponse;
type T = Translate<typeof orderMessages.en>;

/** Post-lookup redirect delay. */
const REDIRECT_MS = 2000;

/**
 * /shopify-order-schedule/{orderId}: the order number from the path (a leading # stripped),
 * the e-mail from the query; with both the lookup runs at once, otherwise the lookup card asks for them.
 */
export function OrderSchedulePage({ orderSegment, email: emailFromQuery }: { orderSegment?: string; email?: string }) {
  const t = useT(orderMessages);
  const navigate = useNavigate();
  const [orderNumber, setOrderNumber] = useState(() => orderNumberFromPath(orderSegment));
  const [email, setEmail] = useState(emailFromQuery ?? '');
  const [found, setFound] = useState<{ lookup: Lookup; email: string } | null>(null);
  const lookup = useMutation({ mutationFn: (input: { orderNumber: string; email: string }) => lookupOrder(input.orderNumber, input.email) });

  const find = (input: { orderNumber: string; email: string }) => {
    if (lookup.isPending) return;
    if (!input.orderNumber.trim() || !input.email.trim()) return void toast.error(t('missingTitle'), { description: t('missingText') });
    lookup.mutate(input, {
      onSuccess: (result) => setFound({ lookup: result, email: input.email.trim() }),
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'STORE_ORDER_NOT_FOUND') toast.error(t('notFoundTitle'), { description: t('notFoundText') });
        else toast.error(t('notFoundTitle'), { description: errorMessage(error, t('notFoundText')) });
      },
    });
  };

  // With both in the link, look the order up at once (once).
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const number = orderNumberFromPath(orderSegment);
    if (number && emailFromQuery) find({ orderNumber: number, email: emailFromQuery });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // An order that is already scheduled: a notice, then tracking after 2 seconds.
  const booked = found?.lookup.hasBooking ? found.lookup.booking : null;
  useEffect(() => {
    if (!booked) return;
    const timer = setTimeout(() => void navigate({ href: trackingHref(booked.id, booked.trackingToken) }), REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [booked, navigate]);

  return (
    <div className="flex flex-col gap-4">
      <div>
        <h1 className="text-2xl font-bold">{t('title')}</h1>
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('subtitle')}</p>
      </div>
      {!found && (
        <LookupCard
          t={t}
          orderNumber={orderNumber}
          email={email}
          pending={lookup.isPending}
          onOrderNumber={setOrderNumber}
          onEmail={setEmail}
          onSubmit={() => find({ orderNumber: orderNumberFromPath(orderNumber), email })}
        />
      )}
      {found && booked && <AlreadyScheduled t={t} booking={booked} />}
      {found && !booked && (
        <>
          <OrderInfo t={t} order={found.lookup.order} />
          <ScheduleCard
            t={t}
            lookup={found.lookup}
            email={found.email}
            onAlreadyBooked={() => find({ orderNumber: found.lookup.order.orderNumber, email: found.email })}
          />
        </>
      )}
    </div>
  );
}

function LookupCard(props: { t: T; orderNumber: string; email: string; pending: boolean; onOrderNumber(v: string): void; onEmail(v: string): void; onSubmit(): void }) {
  const { t } = props;
  const config = usePublicConfig();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSubmit();
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Search className="size-5" aria-hidden /> {t('lookupTitle')}
        </CardTitle>
        <CardDescription>{t('lookupText')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="flex flex-col gap-3">
          <div className="flex flex-col gap-1">
            <Label htmlFor="order-number">{t('orderNumber')}</Label>
            <Input id="order-number" inputMode="numeric" value={props.orderNumber} placeholder="1276" onChange={(e) => props.onOrderNumber(e.target.value)} aria-describedby="order-number-hint" />
            <p id="order-number-hint" className="text-xs text-slate-500">
              {t('orderNumberHint')}
            </p>
          </div>
          <div className="flex flex-col gap-1">
            <Label htmlFor="order-email">{t('email')}</Label>
            <Input id="order-email" type="email" autoComplete="email" value={props.email} onChange={(e) => props.onEmail(e.target.value)} />
          </div>
          <Button type="submit" size="lg" disabled={props.pending}>
            {props.pending ? t('finding') : t('findOrder')}
          </Button>
          <p className="text-center text-sm text-slate-600">
            {config?.businessPhone ? (
              <a href={telHref(config.businessPhone)} className="text-brand-700 underline-offset-2 hover:underline">
                {t('support', { phone: config.businessPhone })}
              </a>
            ) : (
              t('supportNoPhone')
            )}
          </p>
        </form>
      </CardContent>
    </Card>
  );
}

function financialLabel(t: T, status: string | null): string {
  if (status === 'paid') return t('financial_paid');
  if (status === 'refunded') return t('financial_refunded');
  if (!status || status === 'pending') return t('financial_pending');
  return t('financial_other', { status });
}

function longDate(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { timeZone: 'America/Los_Angeles', dateStyle: 'long' }).format(new Date(iso));
}

function longDateTime(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { timeZone: 'America/Los_Angeles', dateStyle: 'full', timeStyle: 'short' }).format(new Date(iso));
}

function OrderInfo({ t, order }: { t: T; order: Lookup['order'] }) {
  const { language } = useLanguage();
  const address = order.shippingAddress;
  // 'San Jose, CA 95112': the state and ZIP go together, as US addresses are written.
  const addressText = address ? [address.address1, address.city, [address.province, address.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ') : '';
  return (
    <Card aria-label={t('orderInfo', { number: order.orderNumber })}>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ShoppingBag className="size-5" aria-hidden /> {t('orderInfo', { number: order.orderNumber })}
        </CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-[8rem_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="text-slate-500">{t('total')}</dt>
          <dd className="font-semibold">
            {formatUsd(order.totalPrice)} {order.currency}
          </dd>
          <dt className="text-slate-500">{t('paymentStatus')}</dt>
          <dd>{financialLabel(t, order.financialStatus)}</dd>
          <dt className="text-slate-500">{t('orderDate')}</dt>
          <dd>{longDate(order.createdAt, language)}</dd>
          <dt className="text-slate-500">{t('items')}</dt>
          <dd>
            <OrderCovers t={t} covers={order.covers} />
          </dd>
          {addressText && (
            <>
              <dt className="text-slate-500">{t('serviceAddress')}</dt>
              <dd>{addressText}</dd>
            </>
          )}
        </dl>
      </CardContent>
    </Card>
  );
}

/**
 * What the order covers (docs/decisions/044): each line with the service or add-on it books and the vehicle size;
 * a line that books nothing says so, so nothing the customer bought silently disappears.
 */
function OrderCovers({ t, covers }: { t: T; covers: Lookup['order']['covers'] }) {
  const sizes = useT(jobLinesMessages);
  return (
    <ul aria-label={t('coversLabel')} className="flex flex-col gap-1">
      {covers.map((item, i) => (
        <li key={i}>
          <span>
            {item.name} × {item.quantity}
          </span>
          <span className="block text-xs text-slate-500">
            {item.kind && item.itemName
              ? t(item.kind === 'add_on' ? 'coversAddOn' : 'coversService', { item: item.sizeClass ? `${item.itemName} · ${sizes(item.sizeClass)}` : item.itemName })
              : t('coversNothing')}
          </span>
        </li>
      ))}
    </ul>
  );
}

function AlreadyScheduled({ t, booking }: { t: T; booking: NonNullable<Lookup['booking']> }) {
  const { language } = useLanguage();
  const navigate = useNavigate();
  return (
    <Card aria-label={t('alreadyTitle')}>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <CalendarCheck className="size-5 text-green-600" aria-hidden /> {t('alreadyTitle')}
        </CardTitle>
        <CardDescription>{t('alreadyText')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <dl className="grid grid-cols-[8rem_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="text-slate-500">{t('amount')}</dt>
          <dd>{formatUsd(booking.totalAmount)}</dd>
          <dt className="text-slate-500">{t('scheduledFor')}</dt>
          <dd>{longDateTime(booking.scheduledDate, language)}</dd>
          <dt className="text-slate-500">{t('status')}</dt>
          <dd>{statusText(language, 'mobile', booking.status)}</dd>
        </dl>
        <Button onClick={() => void navigate({ href: trackingHref(booking.id, booking.trackingToken) })}>{t('viewBooking')}</Button>
        <Button variant="outline" onClick={() => void navigate({ to: '/' })}>
          {t('returnToWebsite')}
        </Button>
      </CardContent>
    </Card>
  );
}

interface AddressForm {
  street: string;
  city: string;
  state: string;
  zipCode: string;
}

function ScheduleCard({ t, lookup, email, onAlreadyBooked }: { t: T; lookup: Lookup; email: string; onAlreadyBooked(): void }) {
  const navigate = useNavigate();
  const ids = useId();
  const services = lookup.allowedServices;
  // An order of mapped services books them all as one visit: no service to choose, the server times the whole
  // job. Only an order that maps none asks which service (docs/decisions/044).
  const mapped = lookup.order.covers.some((item) => item.kind === 'service');
  const [chosenId, setChosenId] = useState(services.length === 1 && !mapped ? (services[0]?.id ?? '') : '');
  const serviceId = mapped ? (services[0]?.id ?? '') : chosenId;
  const [date, setDate] = useState(todayKey);
  const [slotId, setSlotId] = useState<string | null>(null);
  const [serviceType, setServiceType] = useState<ServiceType | null>(null);
  const [phone, setPhone] = useState('');
  const [notes, setNotes] = useState('');
  const shipping = lookup.order.shippingAddress;
  const [address, setAddress] = useState<AddressForm>({
    street: shipping?.address1 ?? '',
    city: shipping?.city ?? '',
    state: shipping?.province && shipping.province.length === 2 ? shipping.province : '',
    zipCode: shipping?.zip ?? '',
  });
  const service = services.find((s) => s.id === serviceId);
  // Every service of the visit must be offered at the place chosen (the server checks each).
  const visitServices = mapped ? services : service ? [service] : [];
  const types = visitServices.length ? offeredServiceTypes(visitServices[0]!.locationOptions).filter((type) => visitServices.every((s) => offeredServiceTypes(s.locationOptions).includes(type))) : [];
  const jobServiceId = mapped ? null : serviceId;
  const slots = useQuery({ ...orderSlotsQuery(lookup.order.id, email, jobServiceId, date), enabled: Boolean(serviceId) });

  // A service offering one place picks it; a type the new service does not offer is cleared.
  useEffect(() => {
    if (!service) return setServiceType(null);
    setServiceType((current) => (current && types.includes(current) ? current : types.length === 1 ? types[0]! : null));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [serviceId]);

  const schedule = useMutation({
    mutationFn: () =>
      scheduleOrder(lookup.order.id, {
        email,
        serviceId,
        slotId: slotId!,
        dateKey: date,
        serviceType: serviceType!,
        address: serviceType && needsAddress(serviceType) ? address : null,
        phone: phone.trim() || null,
        notes: notes.trim() || null,
      }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (schedule.isPending || schedule.isSuccess) return;
    if (!serviceId || !slotId || !serviceType) return void toast.error(t('selectAll'));
    if (!slots.data?.some((s) => s.id === slotId)) return void toast.error(t('invalidSlotTitle'), { description: t('invalidSlotText') });
    if (needsAddress(serviceType) && (!address.street.trim() || !address.city.trim() || !address.state.trim() || !address.zipCode.trim())) return void toast.error(t('addressMissing'));
    schedule.mutate(undefined, {
      onSuccess: (result) => {
        toast.success(t('scheduledTitle'), { description: t('scheduledText') });
        void navigate({ href: trackingHref(result.booking.id, result.trackingToken) });
      },
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'STORE_ORDER_ALREADY_BOOKED') {
          toast.info(t('existsTitle'), { description: t('existsText') });
          return onAlreadyBooked();
        }
        if (error instanceof ApiError && (error.code === 'SLOT_FULL' || error.code === 'SLOT_INVALID')) void slots.refetch();
        toast.error(t('failedTitle'), { description: errorMessage(error, t('failedText')) });
      },
    });
  };

  const field = (key: keyof AddressForm, label: string, extra: { autoComplete: string; maxLength?: number; inputMode?: 'numeric' }) => (
    <div className="flex flex-col gap-1">
      <Label htmlFor={`${ids}-${key}`}>{label}</Label>
      <Input id={`${ids}-${key}`} value={address[key]} onChange={(e) => setAddress({ ...address, [key]: e.target.value })} {...extra} />
    </div>
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('scheduleTitle')}</CardTitle>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          {mapped ? (
            <VisitSummary t={t} covers={lookup.order.covers} minutes={lookup.jobMinutes} />
          ) : (
            <div className="flex flex-col gap-1">
              <Label htmlFor={`${ids}-service`}>{t('service')}</Label>
              <Select
                id={`${ids}-service`}
                value={chosenId}
                onChange={(e) => {
                  setChosenId(e.target.value);
                  setSlotId(null);
                }}
              >
                <option value="">{t('chooseService')}</option>
                {services.map((s) => (
                  <option key={s.id} value={s.id}>
                    {t('serviceOption', { name: s.name, price: formatUsd(s.price), minutes: s.duration })}
                  </option>
                ))}
              </Select>
              {service && (
                <div className="mt-2 rounded-lg bg-slate-50 p-3 text-sm dark:bg-slate-800" aria-label={service.name}>
                  <p className="font-semibold">{service.name}</p>
                  <p className="text-slate-600 dark:text-slate-300">{stripHtml(service.description)}</p>
                  <p className="mt-1 text-slate-600">
                    {formatUsd(service.price)} · {t('duration', { minutes: service.duration })}
                  </p>
                </div>
              )}
            </div>
          )}
          {service && (
            <>
              <DateChoice
                openDays={orderDaysOf(lookup.order.id, email, jobServiceId)}
                value={date}
                onChange={(next) => {
                  setDate(next);
                  setSlotId(null);
                }}
              />
              <SlotSelect id={`${ids}-slot`} slots={slots.data} loading={slots.isLoading} failed={Boolean(slots.error)} value={slotId} onChange={setSlotId} />
            </>
          )}
          <div className="flex flex-col gap-1">
            <Label htmlFor={`${ids}-phone`}>{t('phone')}</Label>
            <Input id={`${ids}-phone`} type="tel" autoComplete="tel" placeholder={t('phonePlaceholder')} value={phone} onChange={(e) => setPhone(e.target.value)} />
          </div>
          {service && (
            <fieldset className="flex flex-col gap-2">
              <legend className="mb-1 text-sm font-medium">{t('locationType')}</legend>
              {types.map((type) => (
                <label key={type} className="flex items-center gap-2 text-sm">
                  <input type="radio" name={`${ids}-type`} value={type} checked={serviceType === type} onChange={() => setServiceType(type)} className="size-4" />
                  {t(`type_${type}`)}
                </label>
              ))}
            </fieldset>
          )}
          {serviceType && needsAddress(serviceType) && (
            <div className="grid grid-cols-2 gap-3">
              <div className="col-span-2">{field('street', t('street'), { autoComplete: 'address-line1' })}</div>
              <div className="col-span-2">{field('city', t('city'), { autoComplete: 'address-level2' })}</div>
              {field('state', t('state'), { autoComplete: 'address-level1', maxLength: 2 })}
              {field('zipCode', t('zip'), { autoComplete: 'postal-code', inputMode: 'numeric', maxLength: 10 })}
            </div>
          )}
          <div className="flex flex-col gap-1">
            <Label htmlFor={`${ids}-notes`}>{t('notes')}</Label>
            <Textarea id={`${ids}-notes`} rows={3} placeholder={t('notesPlaceholder')} value={notes} onChange={(e) => setNotes(e.target.value)} />
          </div>
          {/* Off from the click until tracking opens: a second click cannot send the booking again. */}
          <Button type="submit" size="lg" disabled={schedule.isPending || schedule.isSuccess} aria-busy={schedule.isPending}>
            {schedule.isPending || schedule.isSuccess ? t('scheduling') : t('schedule')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

/** What the visit covers when the order maps its services: each service with its size and add-ons, and the whole length. */
function VisitSummary({ t, covers, minutes }: { t: T; covers: Lookup['order']['covers']; minutes: number | null }) {
  const sizes = useT(jobLinesMessages);
  const booked = covers.filter((item) => item.kind && item.itemName);
  return (
    <section aria-label={t('visitTitle')} className="rounded-lg bg-slate-50 p-3 text-sm dark:bg-slate-800">
      <h3 className="font-semibold">{t('visitTitle')}</h3>
      <ul className="mt-1 flex flex-col gap-0.5">
        {booked.map((item, i) => (
          <li key={i}>
            {t(item.kind === 'add_on' ? 'coversAddOn' : 'coversService', { item: item.sizeClass ? `${item.itemName} · ${sizes(item.sizeClass)}` : item.itemName! })}
            {item.quantity > 1 ? ` × ${item.quantity}` : ''}
          </li>
        ))}
      </ul>
      {minutes !== null && <p className="mt-1 text-slate-600 dark:text-slate-300">{t('visitLength', { minutes })}</p>}
    </section>
  );
}
