// Mantine's Tooltip as a chunk of its own (see hint.tsx).
import '@mantine/core/styles/Tooltip.css';

export { Tooltip as default } from '@mantine/core';
