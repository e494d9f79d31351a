import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Camera, Check, Plus, X } from 'lucide-react';
import SignaturePad from 'signature_pad';
import { useEffect, useRef, useState } from 'react';
import {
  damagePhotoField,
  DAMAGE_NOTE_MAX,
  DAMAGE_ZONES,
  FUEL_EIGHTHS_MAX,
  INSPECTION_DATA_FIELD,
  ODOMETER_MAX,
  photoField,
  REQUIRED_PHOTO_SLOTS,
  SIGNATURE_FIELD,
  type DamageZone,
  type InspectionPhase,
  type RequiredPhotoSlot,
} from '@shared/inspections';
import type { InspectionData } from '@shared/schemas/inspections';
import { inspectionsKey, inspectionsQuery } from '@web/components/inspections/api';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/feedback';
import { Input, Label, Select, Textarea } from '@web/components/ui/input';
import { errorMessage } from '@web/lib/api';
import { useT } from '@web/lib/i18n';
import { toast } from '@web/lib/toast';
import { uploadInspection } from '../api';
import { inspectionWalkMessages } from '../inspection-messages';
import { resizePhoto } from '../resize-photo';

type T = ReturnType<typeof useT<typeof inspectionWalkMessages.en>>;

const PHOTO_WORDS: Record<RequiredPhotoSlot, keyof typeof inspectionWalkMessages.en> = {
  front: 'photoFront',
  rear: 'photoRear',
  left: 'photoLeft',
  right: 'photoRight',
  interior: 'photoInterior',
  odometer: 'photoOdometer',
};
const ZONE_WORDS: Record<DamageZone, keyof typeof inspectionWalkMessages.en> = {
  front: 'zoneFront',
  rear: 'zoneRear',
  left: 'zoneLeft',
  right: 'zoneRight',
  roof: 'zoneRoof',
  interior: 'zoneInterior',
  wheels: 'zoneWheels',
};

interface DamageRow {
  key: number;
  zone: DamageZone;
  note: string;
  photo: Blob | null;
}

/**
 * The walk-through a driver does as the car changes hands (decision 048): odometer, fuel in eighths, the six
 * photos (camera, resized on the phone), damage notes by zone with optional photos, and the customer's
 * signature or "customer not present". Saving sends one multipart request; a phase already recorded is
 * corrected by a new record that names it. Loaded only when opened, so signature_pad never reaches other pages.
 */
export default function InspectionWalkthrough({ bookingId, phase, onClose }: { bookingId: string; phase: InspectionPhase; onClose: () => void }) {
  const t = useT(inspectionWalkMessages);
  const queryClient = useQueryClient();
  const existing = useQuery(inspectionsQuery(bookingId, undefined));
  const current = existing.data?.[phase] ?? null;
  const [odometer, setOdometer] = useState('');
  const [fuel, setFuel] = useState(4);
  const [photos, setPhotos] = useState<Partial<Record<RequiredPhotoSlot, Blob>>>({});
  const [damage, setDamage] = useState<DamageRow[]>([]);
  const [notPresent, setNotPresent] = useState(false);
  const [saving, setSaving] = useState(false);
  const signature = useRef<SignaturePad | null>(null);

  if (existing.isPending) return <Spinner label={t('loading')} />;

  const save = async () => {
    const reading = Number(odometer);
    if (!odometer.trim() || !Number.isInteger(reading) || reading < 0) return toast.error(t('missingOdometer'));
    if (REQUIRED_PHOTO_SLOTS.some((slot) => !photos[slot])) return toast.error(t('missingPhotos'));
    const pad = signature.current;
    if (!notPresent && (!pad || pad.isEmpty())) return toast.error(t('missingSignature'));
    const data: InspectionData = {
      phase,
      odometer: reading,
      fuelEighths: fuel,
      damage: damage.filter((row) => row.note.trim()).map((row) => ({ zone: row.zone, note: row.note.trim() })),
      customerNotPresent: notPresent,
      ...(current ? { correctsId: current.id } : {}),
    };
    // The data part goes first: the server checks it before it stores any image.
    const form = new FormData();
    form.append(INSPECTION_DATA_FIELD, JSON.stringify(data));
    for (const slot of REQUIRED_PHOTO_SLOTS) form.append(photoField(slot), photos[slot]!, `${slot}.jpg`);
    for (const row of damage) if (row.photo && row.note.trim()) form.append(damagePhotoField(row.zone), row.photo, `damage-${row.zone}.jpg`);
    if (!notPresent && pad) form.append(SIGNATURE_FIELD, await (await fetch(pad.toDataURL('image/png'))).blob(), 'signature.png');
    setSaving(true);
    try {
      await uploadInspection(bookingId, form);
      toast.success(t('saved'));
      await queryClient.invalidateQueries({ queryKey: inspectionsKey(bookingId) });
      onClose();
    } catch (error) {
      toast.error(t('failed'), { description: errorMessage(error, t('tryAgain')) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <section aria-label={t(phase === 'pickup' ? 'titlePickup' : 'titleReturn')} className="flex flex-col gap-3 rounded-lg border border-brand-200 bg-brand-50/40 p-3 dark:border-slate-700 dark:bg-slate-900">
      <div className="flex items-center justify-between gap-2">
        <h4 className="font-semibold">{t(phase === 'pickup' ? (current ? 'correctPickup' : 'titlePickup') : current ? 'correctReturn' : 'titleReturn')}</h4>
        <Button variant="ghost" size="sm" onClick={onClose} aria-label={t('close')}>
          <X aria-hidden />
        </Button>
      </div>
      <div className="grid grid-cols-2 gap-2">
        <div className="flex flex-col gap-1">
          <Label htmlFor={`odometer-${bookingId}`}>{t('odometer')}</Label>
          <Input id={`odometer-${bookingId}`} inputMode="numeric" pattern="[0-9]*" maxLength={String(ODOMETER_MAX).length} value={odometer} onChange={(e) => setOdometer(e.target.value.replace(/\D/g, ''))} />
        </div>
        <div className="flex flex-col gap-1">
          <Label htmlFor={`fuel-${bookingId}`}>{t('fuel')}</Label>
          <Select id={`fuel-${bookingId}`} value={fuel} onChange={(e) => setFuel(Number(e.target.value))}>
            {Array.from({ length: FUEL_EIGHTHS_MAX + 1 }, (_, n) => (
              <option key={n} value={n}>
                {n === 0 ? t('fuelEmpty') : n === FUEL_EIGHTHS_MAX ? t('fuelFull') : `${n}/${FUEL_EIGHTHS_MAX}`}
              </option>
            ))}
          </Select>
        </div>
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">{t('photos')}</legend>
        <div className="grid grid-cols-2 gap-2">
          {REQUIRED_PHOTO_SLOTS.map((slot) => (
            <PhotoInput key={slot} id={`photo-${slot}-${bookingId}`} label={t(PHOTO_WORDS[slot])} photo={photos[slot] ?? null} onPhoto={(blob) => setPhotos((all) => ({ ...all, [slot]: blob }))} t={t} />
          ))}
        </div>
      </fieldset>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">{t('damage')}</legend>
        {damage.map((row) => (
          <div key={row.key} className="flex flex-col gap-1 rounded-md border border-slate-200 p-2 dark:border-slate-700">
            <div className="flex items-end gap-2">
              <div className="flex flex-col gap-1">
                <Label htmlFor={`zone-${row.key}`}>{t('damageZone')}</Label>
                <Select id={`zone-${row.key}`} value={row.zone} onChange={(e) => setDamage((rows) => rows.map((r) => (r.key === row.key ? { ...r, zone: e.target.value as DamageZone } : r)))}>
                  {DAMAGE_ZONES.map((zone) => (
                    <option key={zone} value={zone}>
                      {t(ZONE_WORDS[zone])}
                    </option>
                  ))}
                </Select>
              </div>
              <Button variant="ghost" size="sm" className="ml-auto" aria-label={t('removeDamage')} onClick={() => setDamage((rows) => rows.filter((r) => r.key !== row.key))}>
                <X aria-hidden />
              </Button>
            </div>
            <Label htmlFor={`note-${row.key}`}>{t('damageNote')}</Label>
            <Textarea id={`note-${row.key}`} rows={2} maxLength={DAMAGE_NOTE_MAX} value={row.note} onChange={(e) => setDamage((rows) => rows.map((r) => (r.key === row.key ? { ...r, note: e.target.value } : r)))} />
            <PhotoInput id={`damage-photo-${row.key}`} label={t('damagePhoto')} photo={row.photo} onPhoto={(blob) => setDamage((rows) => rows.map((r) => (r.key === row.key ? { ...r, photo: blob } : r)))} t={t} />
          </div>
        ))}
        <Button variant="outline" size="sm" onClick={() => setDamage((rows) => [...rows, { key: Date.now() + rows.length, zone: 'front', note: '', photo: null }])}>
          <Plus aria-hidden /> {t('addDamage')}
        </Button>
      </fieldset>
      <fieldset className="flex flex-col gap-1">
        <legend className="mb-1 text-sm font-medium">{t('signature')}</legend>
        {!notPresent && <SignatureField padRef={signature} t={t} />}
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" className="size-4" checked={notPresent} onChange={(e) => setNotPresent(e.target.checked)} />
          {t('notPresent')}
        </label>
      </fieldset>
      <Button onClick={() => void save()} disabled={saving}>
        {saving ? t('saving') : t('save')}
      </Button>
    </section>
  );
}

/** One photo from the camera (or the gallery where the phone offers it), resized before it is kept. */
function PhotoInput({ id, label, photo, onPhoto, t }: { id: string; label: string; photo: Blob | null; onPhoto: (blob: Blob) => void; t: T }) {
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!photo) return setPreview(null);
    const url = URL.createObjectURL(photo);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [photo]);
  return (
    <div className="flex flex-col gap-1 text-sm">
      <Label htmlFor={id} className="flex items-center gap-1">
        {photo ? <Check className="size-4 text-green-600" aria-label={t('photoTaken')} /> : <Camera className="size-4 text-slate-400" aria-hidden />}
        {label}
      </Label>
      <input
        id={id}
        type="file"
        accept="image/*"
        capture="environment"
        className="w-full text-xs file:mr-2 file:rounded file:border-0 file:bg-slate-100 file:px-2 file:py-1"
        onChange={async (event) => {
          const file = event.target.files?.[0];
          if (file) onPhoto(await resizePhoto(file));
        }}
      />
      {preview && <img src={preview} alt="" className="h-16 w-full rounded object-cover" />}
    </div>
  );
}

/** The customer signs on the screen (signature_pad); the canvas follows the screen's pixel density. */
function SignatureField({ padRef, t }: { padRef: React.RefObject<SignaturePad | null>; t: T }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    const ratio = Math.max(window.devicePixelRatio || 1, 1);
    element.width = element.offsetWidth * ratio;
    element.height = element.offsetHeight * ratio;
    element.getContext('2d')?.scale(ratio, ratio);
    const pad = new SignaturePad(element, { backgroundColor: 'rgb(255,255,255)' });
    padRef.current = pad;
    return () => {
      pad.off();
      padRef.current = null;
    };
  }, [padRef]);
  return (
    <div className="flex flex-col gap-1">
      <p className="text-xs text-slate-500">{t('signatureHint')}</p>
      <canvas ref={canvas} aria-label={t('signature')} data-testid="signature-pad" className="h-32 w-full touch-none rounded-md border border-slate-300 bg-white" />
      <Button variant="ghost" size="sm" className="self-start" onClick={() => padRef.current?.clear()}>
        {t('clearSignature')}
      </Button>
    </div>
  );
}
