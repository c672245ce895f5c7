/** The owner-location form: what the inputs hold (text, a comma is fine) and what is sent once valid. */
import type { TLocationUpdate } from '@farmaponte/shared';

export interface TLocationForm {
  userId: number;
  lat: string;
  lng: string;
}

/** What is sent once valid: the body of POST /api/users/update_location/. */
export type TLocationValues = TLocationUpdate;

/** A coordinate as the input shows it: the server's number, or empty when unknown. */
export function coordinateText(value: number | null | undefined): string {
  return value == null ? '' : String(value);
}
