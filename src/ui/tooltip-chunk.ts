// Mantine's Tooltip as a chunk of its own (see hint.tsx).
export { Tooltip as default } from '@mantine/core';
