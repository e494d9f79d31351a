import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, LocateFixed, MapPin } from 'lucide-react';
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { ADDRESS_SUGGEST_MIN_CHARS } from '@shared/constants';
import type { ServiceType } from '@shared/domain';
import type { AddressSuggestion } from '@shared/schemas/checkout';
import { Button } from '@web/components/ui/button';
import { Input, Label } from '@web/components/ui/input';
import { errorMessage } from '@web/lib/api';
import { useT } from '@web/lib/i18n';
import { scrollBehavior } from '@web/lib/utils';
import { bookingKeys, reverseGeocode, suggestAddresses } from '../api';
import { bookingStartMessages } from '../start-messages';

interface Props {
  serviceType: ServiceType;
  value: string;
  verified: AddressSuggestion | null;
  /** Typing: clears the verified state and the structured parts. */
  onType: (text: string) => void;
  /** A suggestion or the current location: verified, with structured parts. */
  onVerified: (address: AddressSuggestion) => void;
}

function useDebounced(value: string, ms: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** The address step: a text field with up to 5 suggestions from 3 characters, and 'use current location'. */
export function AddressField({ serviceType, value, verified, onType, onVerified }: Props) {
  const t = useT(bookingStartMessages);
  const id = useId();
  const [focused, setFocused] = useState(false);
  const [locating, setLocating] = useState(false);
  const [locationProblem, setLocationProblem] = useState<string | null>(null);
  // A city and ZIP was chosen (from the list or the current location): the street is still to add, in front of it.
  const [area, setArea] = useState<string | null>(null);
  const needStreet = area !== null;
  const input = useRef<HTMLInputElement>(null);
  // Where the caret goes once a comma the field added itself is on screen.
  const caret = useRef<number | null>(null);
  useLayoutEffect(() => {
    if (caret.current === null) return;
    input.current?.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  }, [value]);
  const query = useDebounced(value.trim(), 250);
  const suggestions = useQuery({
    queryKey: bookingKeys.suggest(query),
    queryFn: () => suggestAddresses(query),
    enabled: !verified && query.length >= ADDRESS_SUGGEST_MIN_CHARS,
    staleTime: 60_000,
  });
  useEffect(() => {
    if (suggestions.error) console.error('address suggestions failed', suggestions.error);
  }, [suggestions.error]);

  const list = !verified && value !== area && value.trim().length >= ADDRESS_SUGGEST_MIN_CHARS ? (suggestions.data ?? []) : [];
  const open = focused && list.length > 0;
  // The list opens in full above the booking's sticky bar: its last suggestion is never hidden behind it.
  const listBox = useRef<HTMLUListElement>(null);
  useEffect(() => {
    if (open) listBox.current?.scrollIntoView({ behavior: scrollBehavior(), block: 'nearest' });
  }, [open, list.length]);
  const label = serviceType === 'pickup' ? t('pickupAddress') : t('serviceLocation');

  /** A full address is verified; a city and ZIP only goes into the field, with the caret where the street goes. */
  function choose(place: AddressSuggestion) {
    if (place.street) {
      setArea(null);
      onVerified(place);
      return;
    }
    onType(place.formattedAddress);
    setArea(place.formattedAddress);
    requestAnimationFrame(() => {
      input.current?.focus();
      input.current?.setSelectionRange(0, 0);
    });
  }

  /** Typing in front of the chosen city and ZIP: the comma between the street and the city comes by itself. */
  function type(text: string) {
    if (area && text !== area && text.endsWith(area)) {
      const street = text.slice(0, -area.length);
      if (!/,\s*$/.test(street)) {
        caret.current = street.trimEnd().length;
        onType(`${street.trimEnd()}, ${area}`);
        return;
      }
    } else if (area && text !== area) setArea(null);
    onType(text);
  }

  function useLocation() {
    if (!('geolocation' in navigator)) return;
    setLocating(true);
    setLocationProblem(null);
    navigator.geolocation.getCurrentPosition(
      async (position) => {
        try {
          choose(await reverseGeocode(position.coords.latitude, position.coords.longitude));
        } catch (error) {
          console.error('reverse geocoding failed', error);
          setLocationProblem(errorMessage(error, t('locationFailed')));
        } finally {
          setLocating(false);
        }
      },
      (error) => {
        console.error('geolocation failed', error);
        setLocating(false);
        setLocationProblem(t('locationFailed'));
      },
      { enableHighAccuracy: true, timeout: 10_000 },
    );
  }

  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      <div className="relative">
        <MapPin className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-400" aria-hidden />
        <Input
          id={id}
          ref={input}
          value={value}
          autoComplete="street-address"
          placeholder={serviceType === 'pickup' ? t('pickupPlaceholder') : t('servicePlaceholder')}
          className="pl-9 pr-10"
          role="combobox"
          aria-expanded={open}
          aria-controls={`${id}-list`}
          aria-autocomplete="list"
          onFocus={() => setFocused(true)}
          onBlur={() => setTimeout(() => setFocused(false), 150)}
          onChange={(event) => type(event.target.value)}
        />
        {verified && (
          <CheckCircle2 role="img" aria-label={t('verified')} className="absolute right-3 top-1/2 size-5 -translate-y-1/2 text-green-600" />
        )}
      </div>
      {open && (
        <ul ref={listBox} id={`${id}-list`} role="listbox" aria-label={label} className="scroll-mb-56 scroll-mt-20 overflow-hidden rounded-lg border border-slate-200 bg-white shadow-md dark:border-slate-700 dark:bg-slate-900">
          {list.map((s) => (
            <li key={`${s.source}-${s.formattedAddress}`} role="option" aria-selected={false}>
              <button
                type="button"
                className="flex w-full flex-col items-start gap-0.5 px-3 py-2 text-left text-sm hover:bg-slate-50 dark:hover:bg-slate-800"
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => {
                  choose(s);
                  if (s.street) setFocused(false);
                }}
              >
                <span className="max-w-full font-medium [overflow-wrap:anywhere]">{s.formattedAddress}</span>
                <span className="flex gap-2 text-xs text-slate-500">
                  {s.source === 'saved' && <span>{t('saved')}</span>}
                  {s.source === 'recent' && <span>{t('recent')}</span>}
                  {s.source === 'area' && <span>{t('addStreetTag')}</span>}
                  {!s.inServiceArea && <span className="text-red-600">{t('outsideArea')}</span>}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {verified && !verified.inServiceArea && (
        <p role="alert" className="text-sm text-red-600">
          {t(verified.areaRefusal?.code === 'BEYOND_SERVICE_AREA' ? 'addressTooFar' : 'addressOutside')}
        </p>
      )}
      {!verified && needStreet && (
        <p className="text-sm font-medium text-brand-800 dark:text-brand-300" data-testid="address-add-street">
          {t('addStreet')}
        </p>
      )}
      {!verified && !needStreet && <p className="text-xs text-slate-500">{t('addressHint')}</p>}
      <Button type="button" variant="outline" size="sm" className="self-start" onClick={useLocation} disabled={locating}>
        <LocateFixed aria-hidden /> {locating ? t('locating') : t('useCurrentLocation')}
      </Button>
      {locationProblem && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {locationProblem}
        </p>
      )}
    </div>
  );
}
