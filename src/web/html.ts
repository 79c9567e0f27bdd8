/**
 * A tiny HTML builder: `html` tagged templates escape every interpolated value unless it is already Html, so the
 * pages cannot be injected into through a company name, a bank's text or a query parameter.
 */
import { escapeHtml } from '../lib/escape-html.ts';

export class Html {
  readonly value: string;
  constructor(value: string) {
    this.value = value;
  }
  toString(): string {
    return this.value;
  }
}

function render(v: unknown): string {
  if (v instanceof Html) return v.value;
  if (Array.isArray(v)) return v.map(render).join('');
  if (v === null || v === undefined || v === false) return '';
  return escapeHtml(String(v));
}

export function html(strings: TemplateStringsArray, ...values: unknown[]): Html {
  let out = '';
  for (const [i, s] of strings.entries()) out += i === 0 ? s : render(values[i - 1]) + s;
  return new Html(out);
}

/** Only for markup the service wrote itself. */
export function trusted(s: string): Html {
  return new Html(s);
}

export function formatDate(d: Date): string {
  return d.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/London' });
}
