// Compares the markup of a first-screen lite component (src/ui/lite) with Mantine's own, as the
// stylesheet sees it: elements, attributes, classes and style declarations, in any order. Generated
// ids are numbered in order of appearance, and MantineProvider's <style> tags are left out.
import { MantineProvider } from '@mantine/core';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { appTheme, cssVariablesResolver } from '../../../src/app/theme';

const t = ((key: string) => key) as unknown as Parameters<typeof appTheme>[0];

function canon(node: Node, ids: Map<string, string>): string {
  if (node.nodeType === 3) return JSON.stringify(node.textContent);
  if (node.nodeType !== 1) return '';
  const el = node as Element;
  const id = (value: string) =>
    value.replace(/mantine-[\w-]*?_R_\w+_|_R_\w+_/g, (raw) => {
      if (!ids.has(raw)) ids.set(raw, `id${ids.size}`);
      return ids.get(raw) as string;
    });
  const attrs = [...el.attributes]
    .map((a) => {
      let value = a.value;
      if (a.name === 'class') value = value.split(/\s+/).filter(Boolean).sort().join(' ');
      if (a.name === 'style')
        value = value
          .split(';')
          .map((d) => d.trim().replace(/\s*:\s*/, ':'))
          .filter(Boolean)
          .sort()
          .join(';');
      return `${a.name}=${JSON.stringify(id(value))}`;
    })
    .sort();
  const children = [...el.childNodes].map((c) => canon(c, ids)).filter(Boolean);
  return `<${el.tagName.toLowerCase()} ${attrs.join(' ')}>${children.join('')}</>`;
}

/** The canonical form of an HTML fragment. */
export function canonical(html: string): string {
  const template = document.createElement('template');
  template.innerHTML = html.replace(/<style[^>]*>.*?<\/style>/gs, '');
  const ids = new Map<string, string>();
  return [...template.content.childNodes].map((n) => canon(n, ids)).join('\n');
}

/** Mantine's raw HTML of `element`, inside the app's theme. */
export function mantineHtml(element: ReactElement): string {
  return renderToStaticMarkup(
    <MantineProvider theme={appTheme(t)} cssVariablesResolver={cssVariablesResolver}>
      {element}
    </MantineProvider>,
  );
}

/** Mantine's markup of `element`, inside the app's theme. */
export function mantineMarkup(element: ReactElement): string {
  return canonical(mantineHtml(element));
}

/** The CSS of the <style> tags a component itself writes (not MantineProvider's theme and classes). */
export function inlineStyles(html: string): string[] {
  return [...html.matchAll(/<style data-mantine-styles="inline">(.*?)<\/style>/gs)].map((m) => m[1]);
}

/** The lite component's markup. */
export function liteMarkup(element: ReactElement): string {
  return canonical(renderToStaticMarkup(element));
}
