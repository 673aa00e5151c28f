import type { z } from 'zod';
import { ApiError } from '../lib/api.ts';

/** Errors for antd `form.setFields`, plus the messages no shown field owns. */
export interface FieldErrors {
  fields: { name: string; errors: string[] }[];
  rest: string[];
}

/** Groups `{ path, message }` pairs under the form field named by the path's first segment. */
function group(pairs: readonly { path: readonly PropertyKey[]; message: string }[], fieldNames: readonly string[]): FieldErrors {
  const byField = new Map<string, string[]>();
  const rest: string[] = [];
  for (const { path, message } of pairs) {
    const head = path[0] === undefined ? undefined : String(path[0]);
    if (head !== undefined && fieldNames.includes(head)) {
      const list = byField.get(head) ?? [];
      if (!list.includes(message)) list.push(message);
      byField.set(head, list);
    } else {
      const text = head ? `${path.map(String).join('.')}: ${message}` : message;
      if (!rest.includes(text)) rest.push(text);
    }
  }
  return { fields: [...byField].map(([name, errors]) => ({ name, errors })), rest };
}

/** Zod issues of a failed `safeParse`, mapped to the form's fields. */
export function zodFieldErrors(error: z.ZodError, fieldNames: readonly string[]): FieldErrors {
  return group(error.issues, fieldNames);
}

/** A server 400's `details[{ path: 'a.b.0', message }]`, mapped to the form's fields; null for other failures. */
export function serverFieldErrors(error: unknown, fieldNames: readonly string[]): FieldErrors | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const body = error.body;
  const details = body && typeof body === 'object' ? body.details : undefined;
  if (!details?.length) return null;
  return group(
    details.map((d) => ({ path: d.path ? d.path.split(/[.[\]]+/).filter(Boolean) : [], message: d.message })),
    fieldNames,
  );
}
