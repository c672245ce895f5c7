/**
 * The owner's map position (docs/product.md#admin-pharmacies): 'Latitudine' and 'Longitudine' prefilled from get_location (the owner's own
 * coordinates, or the centre of the pharmacy's comune), checked with the API's schema, 'Annulla' / 'Salva'.
 */
import type { TLocation, TOwner } from '@farmaponte/shared';
import { MESSAGES } from '@farmaponte/shared/messages';
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { ADMIN_TEXT } from '@farmaponte/shared/ui-text-admin';
import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/field';
import type { TLazyDialogProps } from '../../../components/ui/lazy-dialog-button';
import { QueryLoadError } from '../../../components/ui/load-error';
import { Spinner } from '../../../components/ui/spinner';
import { textLinkClasses } from '../../../components/ui/text-link';
import { errorMessage, notify } from '../../../lib/notify';
import { useOwnerLocation } from '../api/get-owner-location';
import { useUpdateOwnerLocation } from '../api/update-owner-location';
import { locationResolver } from '../lib/lazy-resolvers';
import { coordinateText, type TLocationForm } from '../lib/location-form';

/** Default export: loaded on demand by owner-search.tsx. */
export default function OwnerLocationDialog({
  owner,
  open,
  onOpenChange,
  returnFocusRef,
}: TLazyDialogProps & {
  owner: TOwner;
}) {
  const fullName = `${owner.name} ${owner.surname}`.trim() || owner.email;
  const pharmacy = [owner.denominazione_farmacia, owner.comune_farmacia].filter(Boolean).join(', ');
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={ADMIN_TEXT.locationTitle(fullName)}
      description={pharmacy ? `${pharmacy}. ${ADMIN_TEXT.locationIntro}` : ADMIN_TEXT.locationIntro}
      returnFocusRef={returnFocusRef}
    >
      {/* Mounted only while open, so each opening reads the current position. */}
      {open ? <LocationLoader owner={owner} onClose={() => onOpenChange(false)} /> : null}
    </Dialog>
  );
}

function LocationLoader({ owner, onClose }: { owner: TOwner; onClose: () => void }) {
  const location = useOwnerLocation(owner.id);
  if (location.isError) {
    return <QueryLoadError query={location} />;
  }
  if (!location.data) {
    return (
      <div className="flex justify-center py-10">
        <Spinner />
      </div>
    );
  }
  return <LocationForm owner={owner} location={location.data} onClose={onClose} />;
}

function sourceText(location: TLocation, owner: TOwner): string {
  if (location.source === 'owner') return ADMIN_TEXT.locationSourceOwner;
  if (location.source === 'comune') return ADMIN_TEXT.locationSourceComune(owner.comune_farmacia);
  return ADMIN_TEXT.locationSourceNone;
}

function osmLink(lat: string, lng: string): string | null {
  const [y, x] = [Number(lat.replace(',', '.')), Number(lng.replace(',', '.'))];
  if (!lat.trim() || !lng.trim() || !Number.isFinite(y) || !Number.isFinite(x) || Math.abs(y) > 90 || Math.abs(x) > 180)
    return null;
  return `https://www.openstreetmap.org/?mlat=${y}&mlon=${x}#map=17/${y}/${x}`;
}

function LocationForm({ owner, location, onClose }: { owner: TOwner; location: TLocation; onClose: () => void }) {
  const update = useUpdateOwnerLocation();
  const form = useForm<TLocationForm, unknown, { userId: number; lat: number; lng: number }>({
    resolver: locationResolver,
    defaultValues: { userId: owner.id, lat: coordinateText(location.lat), lng: coordinateText(location.lng) },
  });
  const [lat, lng] = useWatch({ control: form.control, name: ['lat', 'lng'] });
  const errors = form.formState.errors;
  const mapLink = osmLink(lat ?? '', lng ?? '');

  useEffect(() => {
    form.setFocus('lat', { shouldSelect: true });
  }, [form]);

  const onSubmit = form.handleSubmit((values) =>
    update.mutateAsync(values).then(
      (answer) => {
        notify.success(answer.message || MESSAGES.locationUpdated);
        if (answer.warning) notify.warning(answer.warning);
        onClose();
      },
      (error: unknown) => notify.error(errorMessage(error, MESSAGES.genericError)),
    ),
  );

  return (
    <form noValidate onSubmit={onSubmit} onFocus={locationResolver.preload} className="flex flex-col gap-4">
      <p className="rounded-lg border border-emerald-100 bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
        {sourceText(location, owner)}
      </p>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField
          label={ADMIN_TEXT.latitudeLabel}
          hint={ADMIN_TEXT.latitudeHint}
          inputMode="decimal"
          autoComplete="off"
          spellCheck={false}
          required
          error={errors.lat?.message}
          {...form.register('lat')}
        />
        <TextField
          label={ADMIN_TEXT.longitudeLabel}
          hint={ADMIN_TEXT.longitudeHint}
          inputMode="decimal"
          autoComplete="off"
          spellCheck={false}
          required
          error={errors.lng?.message}
          {...form.register('lng')}
        />
      </div>
      {errors.root?.message ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {errors.root.message}
        </p>
      ) : null}
      {mapLink ? (
        <a href={mapLink} target="_blank" rel="noopener noreferrer" className={`${textLinkClasses} self-start text-sm`}>
          {ADMIN_TEXT.openInOsm} <span className="sr-only">{UI_TEXT.opensInNewTab}</span>
        </a>
      ) : null}
      <div className="mt-2 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={update.isPending}>
          {UI_TEXT.cancel}
        </Button>
        <Button type="submit" loading={update.isPending}>
          {ADMIN_TEXT.save}
        </Button>
      </div>
    </form>
  );
}
