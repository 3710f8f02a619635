// The `location` setting (docs/design.md#the-time-of-day): where the sun is followed, as "LAT,LON" in decimal
// degrees (north and east positive), the form a map shows and `wallpaper config set location
// 52.52,13.40` takes.

export interface Location {
  /** Degrees north, -90..90. */
  lat: number;
  /** Degrees east, -180..180. */
  lon: number;
}

/** What a location must look like, for the messages that refuse one. */
export const LOCATION_FORMAT = '"LAT,LON" in decimal degrees, latitude -90..90 and longitude -180..180 (e.g. 52.52,13.40)';

/** One signed decimal number: no exponent, no hex, no empty part (Number() would take "" as 0). */
const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;

/** "LAT,LON" as numbers, or undefined when the text is not a location. Spaces around each part
 * are allowed ("52.52, 13.40" as copied from a map). */
export function parseLocation(text: string): Location | undefined {
  const parts = text.split(',').map((part) => part.trim());
  if (parts.length !== 2 || !parts.every((part) => DECIMAL.test(part))) return undefined;
  const [lat, lon] = parts.map(Number) as [number, number];
  if (lat < -90 || lat > 90 || lon < -180 || lon > 180) return undefined;
  return { lat, lon };
}
