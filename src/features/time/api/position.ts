// Where a punch was made (the Clock's "record my location"), read on the first screen.
import { freshPosition } from '../../../lib/fresh-position';

export interface Fix {
  Latitude: number;
  Longitude: number;
  LocationAccuracy: number;
}

/** A fresh position for this punch in the time entry's fields, or null (see freshPosition). */
export async function currentPosition(timeoutMs = 8000): Promise<Fix | null> {
  const p = await freshPosition(timeoutMs);
  return p && { Latitude: p.Latitude, Longitude: p.Longitude, LocationAccuracy: p.Accuracy };
}
