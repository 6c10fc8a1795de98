import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** A mail as a template renders it: a subject (one line) and the same body as text and as HTML. */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

interface Template {
  subject: string;
  body: string;
}

const FOLDER = new URL('./templates/', import.meta.url);
const DEFAULT_LOCALE = 'en';
const PLACEHOLDER = /\{\{(\w+)\}\}/g;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** Folds anything that could end a header line or hide in one (controls, line and paragraph separators). */
export const oneLine = (text: string) =>
  text
    .replace(/[\u0000-\u001f\u007f\u0085\u2028\u2029]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * Mail templates, one file per template and locale (`templates/<locale>/<name>.txt`): a `Subject:` line, a blank
 * line, and the body, with `{{placeholders}}`. One file gives both parts, so the text and the HTML cannot say
 * different things: the HTML is the text escaped, in paragraphs. Values are escaped for HTML, and folded onto one
 * line in the subject.
 */
export class MailTemplates {
  readonly #byLocale = new Map<string, Map<string, Template>>();

  constructor(folder: URL = FOLDER) {
    for (const locale of readdirSync(folder, { withFileTypes: true })) {
      if (!locale.isDirectory()) continue;
      const templates = new Map<string, Template>();
      for (const file of readdirSync(new URL(`${locale.name}/`, folder))) {
        const match = /^([a-z0-9-]+)\.txt$/.exec(file);
        if (!match) continue;
        const source = readFileSync(fileURLToPath(new URL(`${locale.name}/${file}`, folder)), 'utf8');
        const header = /^Subject: (.*)\r?\n\r?\n/.exec(source);
        if (!header) throw new Error(`mail template ${locale.name}/${file} does not start with a Subject: line`);
        templates.set(match[1], { subject: header[1], body: source.slice(header[0].length).trimEnd() });
      }
      this.#byLocale.set(locale.name, templates);
    }
  }

  has(name: string): boolean {
    return this.#byLocale.get(DEFAULT_LOCALE)?.has(name) ?? false;
  }

  /** The locales with templates of their own, English always among them. */
  locales(): string[] {
    return [...this.#byLocale.keys()];
  }

  /** Renders `name` in `locale` (its language, then English, when the locale has none of its own). */
  render(name: string, locale: string | null | undefined, values: Record<string, string | number>): RenderedMail {
    const language = (locale ?? DEFAULT_LOCALE).toLowerCase().split(/[-_]/)[0];
    const template =
      this.#byLocale.get((locale ?? '').toLowerCase())?.get(name) ??
      this.#byLocale.get(language)?.get(name) ??
      this.#byLocale.get(DEFAULT_LOCALE)?.get(name);
    if (!template) throw new Error(`no mail template ${name}`);
    const fill = (text: string, format: (value: string) => string) =>
      text.replace(PLACEHOLDER, (_, key: string) => {
        if (!(key in values)) throw new Error(`mail template ${name} needs ${key}`);
        return format(String(values[key]));
      });
    const text = fill(template.body, (v) => v);
    const html = fill(escapeHtml(template.body), escapeHtml)
      .split(/\n{2,}/)
      .map((paragraph) => `<p>${paragraph.replace(/\n/g, '<br>\n')}</p>`)
      .join('\n');
    return {
      subject: oneLine(fill(template.subject, oneLine)),
      text,
      html: `<!doctype html>\n<html><body>\n${html}\n</body></html>\n`,
    };
  }
}
