// Mantine's per-component stylesheets imported as modules of their own for the full stylesheet's
// three parts (full-styles-1…3.ts); they export nothing.
declare module '*.css?full';
