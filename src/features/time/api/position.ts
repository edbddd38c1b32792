// Where a punch was made (the Clock's "record my location"), read on the first screen.

export interface Fix {
  Latitude: number;
  Longitude: number;
  LocationAccuracy: number;
}

/**
 * A fresh position for this punch, or null (not permitted, unavailable, or too slow). Never a cached
 * fix: maximumAge 0.
 */
export function currentPosition(timeoutMs = 8000): Promise<Fix | null> {
  if (typeof navigator === 'undefined' || !navigator.geolocation) return Promise.resolve(null);
  return new Promise((resolve) => {
    navigator.geolocation.getCurrentPosition(
      (p) =>
        resolve({
          Latitude: p.coords.latitude,
          Longitude: p.coords.longitude,
          LocationAccuracy: p.coords.accuracy,
        }),
      () => resolve(null),
      { maximumAge: 0, timeout: timeoutMs, enableHighAccuracy: true },
    );
  });
}
