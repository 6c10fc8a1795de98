import EmailReplyParser from 'email-reply-parser';
import sanitizeHtml from 'sanitize-html';

/*
 * What a mail says, as the help desk keeps it: the whole text, the text without the quoted mail and signature
 * below it (what a thread shows), and its HTML made safe to show. Script, styles, event handlers, forms, frames and
 * remote images never survive; a `cid:` image (one the mail carries) is kept by its content id.
 */

/** The text a reply adds: the quote (`On … wrote:`, `>` lines, Outlook's header block) and signature taken off. */
export function trimmedText(text: string): string {
  const normalised = text.replace(/\r\n?/g, '\n');
  // Outlook quotes under a rule and a From:/Sent: block, which the parser does not know.
  const outlook =
    /^(?:_{10,}|-{5,} ?Original Message ?-{5,})?\s*\n?(?:\*?From:\*? .+\n(?:\*?(?:Sent|Date):\*? .+\n))/im.exec(
      normalised,
    );
  const head = outlook && outlook.index > 0 ? normalised.slice(0, outlook.index) : normalised;
  const reply = new EmailReplyParser().parseReply(head).trim();
  return reply || normalised.trim();
}

const ALLOWED_TAGS = [
  'p',
  'br',
  'div',
  'span',
  'b',
  'strong',
  'i',
  'em',
  'u',
  's',
  'strike',
  'sub',
  'sup',
  'small',
  'code',
  'pre',
  'blockquote',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'ul',
  'ol',
  'li',
  'dl',
  'dt',
  'dd',
  'a',
  'img',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  'caption',
  'colgroup',
  'col',
];

/** The HTML as the help desk shows it; `cid:` images are kept for the attachments they name, anything remote dropped. */
export function sanitizedHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: ALLOWED_TAGS,
    allowedAttributes: {
      a: ['href', 'title', 'rel', 'target'],
      img: ['src', 'alt', 'width', 'height'],
      td: ['colspan', 'rowspan', 'align'],
      th: ['colspan', 'rowspan', 'align', 'scope'],
      col: ['span'],
      ol: ['start', 'type'],
    },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: { img: ['cid'] },
    allowProtocolRelative: false,
    // Script and style bodies are dropped with their tags, never kept as text.
    nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'head'],
    transformTags: {
      a: (tagName, attribs) => ({
        tagName,
        attribs: { ...attribs, rel: 'noopener noreferrer nofollow', target: '_blank' },
      }),
    },
    exclusiveFilter: (frame) => frame.tag === 'img' && !/^cid:/i.test(frame.attribs.src ?? ''),
  });
}
