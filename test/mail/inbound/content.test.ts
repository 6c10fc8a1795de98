import { describe, expect, it } from 'vitest';
import { sanitizedHtml, trimmedText } from '../../../src/mail/inbound/content.js';

/* Replies as the mail clients people use write them (the quote headers and markers of each, from their real formats). */
const REPLIES: [client: string, text: string][] = [
  [
    'Gmail',
    'Yes, it is the one on floor 2.\n\nOn Tue, Dec 1, 2026 at 10:04 AM Trellis Help <help@example.test> wrote:\n> Which printer is it?\n>\n> Reply to this mail to answer.\n',
  ],
  [
    'Apple Mail',
    'Yes, it is the one on floor 2.\n\nSent from my iPhone\n\n> On 1 Dec 2026, at 10:04, Trellis Help <help@example.test> wrote:\n> \n> Which printer is it?\n',
  ],
  [
    'Outlook',
    'Yes, it is the one on floor 2.\n\n________________________________\nFrom: Trellis Help <help@example.test>\nSent: Tuesday, December 1, 2026 10:04 AM\nTo: Ana Lima <ana@example.org>\nSubject: [#12] Re: Printer jams\n\nWhich printer is it?\n',
  ],
  [
    'Outlook (older)',
    'Yes, it is the one on floor 2.\n\n-----Original Message-----\nFrom: Trellis Help [mailto:help@example.test]\nSent: Tuesday, December 01, 2026 10:04 AM\nTo: Ana Lima\nSubject: Re: Printer jams\n\nWhich printer is it?\n',
  ],
  [
    'Thunderbird',
    'Yes, it is the one on floor 2.\n\nOn 01/12/2026 10:04, Trellis Help wrote:\n> Which printer is it?\n',
  ],
  ['a signature', 'Yes, it is the one on floor 2.\n\n-- \nAna Lima\nAccounts, floor 3\n'],
];

describe('trimmed text', () => {
  it.each(REPLIES)('keeps only what a %s reply adds', (_client, text) => {
    expect(trimmedText(text)).toBe('Yes, it is the one on floor 2.');
  });

  it('keeps a mail with no quote whole, CRLF or not', () => {
    expect(trimmedText('Line one\r\nLine two\r\n')).toBe('Line one\nLine two');
  });

  it('keeps the whole text when nothing but a quote is left', () => {
    expect(trimmedText('> only a quote\n> here')).toBe('> only a quote\n> here');
  });

  it('keeps a forwarded chain’s own words above the forwarded mail', () => {
    const forwarded =
      'Please look at the mail below.\n\n---------- Forwarded message ---------\nFrom: Bo <bo@example.org>\nDate: Mon, Nov 30, 2026\nSubject: VPN\n\nThe VPN drops.\n';
    expect(trimmedText(forwarded)).toContain('Please look at the mail below.');
  });
});

describe('sanitized HTML', () => {
  const cases: [what: string, html: string, absent: RegExp][] = [
    ['script', '<p>a</p><script>alert(1)</script>', /script|alert/],
    ['an event handler', '<p onclick="x()" onload="y()">a</p>', /onclick|onload/],
    [
      'a style block and attribute',
      '<style>p{}</style><p style="background:url(https://t.example/x)">a</p>',
      /style|t\.example/,
    ],
    ['a form', '<form action="https://evil.test"><input name="p"><button>go</button></form>', /form|input|button|evil/],
    ['a frame', '<iframe src="https://evil.test"></iframe><frame src="x">', /iframe|frame|evil/],
    ['a remote image', '<img src="https://tracker.example/p.gif" width="1">', /img|tracker/],
    ['a javascript: link', '<a href="javascript:alert(1)">x</a>', /javascript|alert/],
    ['a data: link', '<a href="data:text/html,<script>1</script>">x</a>', /data:|script/],
    ['an SVG with script', '<svg><script>alert(1)</script></svg>', /svg|script|alert/],
    ['a meta refresh', '<meta http-equiv="refresh" content="0;url=https://evil.test">', /meta|evil/],
    ['a protocol-relative link', '<a href="//evil.test/x">x</a>', /evil/],
  ];
  it.each(cases)('drops %s', (_what, html, absent) => {
    expect(sanitizedHtml(html)).not.toMatch(absent);
  });

  it('keeps formatting, lists, tables and links (opened safely)', () => {
    const html = sanitizedHtml(
      '<p><b>bold</b> <i>it</i></p><ul><li>one</li></ul><table><tr><td colspan="2">c</td></tr></table>' +
        '<a href="https://example.org/a" target="_self" rel="opener">a</a>',
    );
    expect(html).toContain('<b>bold</b> <i>it</i>');
    expect(html).toContain('<ul><li>one</li></ul>');
    expect(html).toContain('<td colspan="2">c</td>');
    expect(html).toContain('<a href="https://example.org/a" target="_blank" rel="noopener noreferrer nofollow">a</a>');
  });

  it('shows a cid: image from the link of the part it names, and drops one naming no stored part', () => {
    const stored = new Map([['img1@example.org', '/api/help/attachments/0123abcd']]);
    const html = sanitizedHtml(
      '<img src="cid:img1@example.org" alt="chart"><img src="CID:img1%40example.org">' +
        '<img src="cid:gone@example.org" alt="lost"><img src="/api/help/attachments/ffff" alt="forged">',
      stored,
    );
    expect(html).toBe(
      '<img alt="chart" src="/api/help/attachments/0123abcd" /><img src="/api/help/attachments/0123abcd" />',
    );
    expect(sanitizedHtml('<p>x<img src="cid:img1@example.org"></p>')).toBe('<p>x</p>');
  });
});
