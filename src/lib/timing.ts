// Timing constants of scroll, resize and watch handlers (spec 002 §9). The throttling itself is done
// with @mantine/hooks (useThrottledCallback / useDebouncedCallback) in the widgets.

/** Scroll and resize handlers run at most about once per frame. */
export const SCROLL_THROTTLE_MS = 1000 / 60;
/** A table is rebound 100 ms after the last resize… */
export const RESIZE_DEBOUNCE_MS = 100;
/** …and 50 ms after the last change of a watched value. */
export const WATCH_DEBOUNCE_MS = 50;
