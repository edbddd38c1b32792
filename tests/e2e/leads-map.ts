// The leads map as the journeys drive it: MapLibre's map (exposed by the page as
// window.__apexLeadsMap) waited for until drawn, its camera moved, and a lead marker found on screen to
// tap (the markers are drawn in a WebGL canvas, not in the page's elements).
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

// Little Italy, Toronto (the rep's crew works it).
export const LITTLE_ITALY = { latitude: 43.661, longitude: -79.4125 };

export const map = (page: Page) => page.getByTestId('leads-map');

/** Waits until the map is ready and has drawn a frame. */
export async function mapIdle(page: Page) {
  await expect.poll(() => map(page).getAttribute('data-map-ready'), { timeout: 60_000 }).toBe('true');
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const m = (
          window as unknown as {
            __apexLeadsMap: { once(e: string, f: () => void): void; triggerRepaint(): void };
          }
        ).__apexLeadsMap;
        m.once('idle', () => resolve());
        m.triggerRepaint();
      }),
  );
}

/** Moves the camera and waits until the map has drawn it. */
export async function jumpTo(page: Page, center: { latitude: number; longitude: number }, zoom: number) {
  await page.evaluate(
    ({ c, z }) =>
      new Promise<void>((resolve) => {
        const m = (
          window as unknown as {
            __apexLeadsMap: { jumpTo(o: unknown): void; once(e: string, f: () => void): void };
          }
        ).__apexLeadsMap;
        m.once('idle', () => resolve());
        m.jumpTo({ center: [c.longitude, c.latitude], zoom: z });
      }),
    { c: center, z: zoom },
  );
}

/** A lead marker drawn on screen: its id and where to tap it (page coordinates). */
export async function visibleMarker(
  page: Page,
  id?: number,
): Promise<{ id: number; x: number; y: number } | null> {
  return page.evaluate((wanted) => {
    const m = (
      window as unknown as {
        __apexLeadsMap: {
          queryRenderedFeatures(
            o: unknown,
          ): { properties: { id: number }; geometry: { coordinates: [number, number] } }[];
          project(c: [number, number]): { x: number; y: number };
          getCanvas(): HTMLCanvasElement;
        };
      }
    ).__apexLeadsMap;
    const canvas = m.getCanvas().getBoundingClientRect();
    const features = m
      .queryRenderedFeatures({ layers: ['lead-markers'] })
      .filter((f) => wanted === undefined || f.properties.id === wanted)
      .map((f) => ({ id: f.properties.id, ...m.project(f.geometry.coordinates) }))
      .filter((p) => p.x > 40 && p.y > 60 && p.x < canvas.width - 60 && p.y < canvas.height - 60);
    const f = features[0];
    return f ? { id: f.id, x: canvas.left + f.x, y: canvas.top + f.y } : null;
  }, id);
}
