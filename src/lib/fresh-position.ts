// The device's position for one action (a punch, a knock): a PWA cannot track in the background, so
// each asks anew. No React, no storage: the Clock's first screen uses it too.

export interface FreshPosition {
  Latitude: number;
  Longitude: number;
  Accuracy: number;
  /** Epoch ms of the fix. */
  at: number;
}

/** A fresh position, or null (not permitted, unavailable, or too slow). Never a cached fix: maximumAge 0. */
export function freshPosition(timeoutMs = 8000): Promise<FreshPosition | null> {
  if (typeof navigator === 'undefined' || !navigator.geolocation) return Promise.resolve(null);
  return new Promise((resolve) => {
    navigator.geolocation.getCurrentPosition(
      (p) =>
        resolve({
          Latitude: p.coords.latitude,
          Longitude: p.coords.longitude,
          Accuracy: p.coords.accuracy,
          at: p.timestamp || Date.now(),
        }),
      () => resolve(null),
      { maximumAge: 0, timeout: timeoutMs, enableHighAccuracy: true },
    );
  });
}
