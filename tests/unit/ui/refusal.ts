// Test helpers for a refused save: the message shown beside a form field (Mantine links an input's
// error to it by aria-describedby) and the banners (role="alert") shown above the form.
import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { json } from '../api/helpers';

/**
 * The error text shown beside the input labelled `label`, or null when it shows none (a Select's
 * option list carries its label too: the input is the one taken).
 */
export function errorBeside(label: string | RegExp): string | null {
  const inputs = screen.getAllByLabelText(label).filter((el) => el.matches('input, textarea'));
  expect(inputs).toHaveLength(1);
  const input = inputs[0];
  for (const id of (input.getAttribute('aria-describedby') ?? '').split(' ')) {
    const el = id.endsWith('-error') ? document.getElementById(id) : null;
    if (el) return el.textContent;
  }
  return null;
}

/** The texts of the banners shown (Mantine alerts), in document order. */
export function bannerTexts(): string[] {
  return screen.queryAllByRole('alert').map((el) => el.textContent ?? '');
}

/** The server's answer to a refused save: its Message and, when given, its field messages (Errors). */
export function refusal(status: number, Message: string, Errors?: Record<string, string[]>) {
  return () => json(Errors ? { Message, Errors } : { Message }, status);
}
