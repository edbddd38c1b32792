// Every Mantine component's styles, as a chunk of its own (see first-screen-styles.ts).
import '@mantine/core/styles.css';

export const FULL_STYLES = true;
