// Teams' forms: a zod error's issues turned into one message per field (the first of each).

/** The first message of each field of a zod error. */
export function fieldErrors(
  issues: readonly { path: PropertyKey[]; message: string }[],
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const i of issues) out[String(i.path[0] ?? '')] ??= i.message;
  return out;
}
