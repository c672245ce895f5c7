/** The owner-location form: what the inputs hold (text, a comma is fine) and what is sent once valid. */
export interface TLocationForm {
  userId: number;
  lat: string;
  lng: string;
}

export interface TLocationValues {
  userId: number;
  lat: number;
  lng: number;
}

/** A coordinate as the input shows it: the server's number, or empty when unknown. */
export function coordinateText(value: number | null | undefined): string {
  return value == null ? '' : String(value);
}
