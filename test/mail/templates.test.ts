import { describe, expect, it } from 'vitest';
import { MailTemplates } from '../../src/mail/templates.js';

const templates = new MailTemplates();

describe('mail templates', () => {
  it('give the text and the HTML of one template, the values escaped in the HTML', () => {
    const mail = templates.render('agent-message', 'en', {
      requestId: 7,
      title: 'Printer <b>jams</b>',
      body: 'Which printer?\n\nThe one on floor 2 & 3?',
      authorName: 'Bo',
    });
    expect(mail.subject).toBe('[#7] Re: Printer <b>jams</b>');
    expect(mail.text).toContain('Which printer?\n\nThe one on floor 2 & 3?');
    expect(mail.html).toContain('<p>Which printer?</p>');
    expect(mail.html).toContain('floor 2 &amp; 3?');
    expect(mail.html).toContain('Printer &lt;b&gt;jams&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>');
  });

  it('fold line breaks in values onto one subject line', () => {
    const mail = templates.render('resolved', 'en', { requestId: 1, title: 'a\r\nBcc: x@y.test\u2028z' });
    expect(mail.subject).toBe('[#1] Resolved: a Bcc: x@y.test z');
  });

  it('fall back to English for a locale without its own templates, and know which templates exist', () => {
    expect(templates.render('resolved', 'pt-BR', { requestId: 1, title: 't' }).subject).toBe('[#1] Resolved: t');
    expect(templates.has('resolved')).toBe(true);
    expect(templates.has('agent-message')).toBe(true);
    expect(templates.has('no-such-template')).toBe(false);
    expect(templates.locales()).toContain('en');
  });

  it('refuse to render with a value missing rather than mail a placeholder', () => {
    expect(() => templates.render('resolved', 'en', { requestId: 1 })).toThrow(/needs title/);
  });
});
