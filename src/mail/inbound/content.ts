import EmailReplyParser from 'email-reply-parser';
import sanitizeHtml from 'sanitize-html';

/*
 * What a mail says, as the help desk keeps it: the whole text, the text without the quoted mail and signature
 * below it (what a thread shows), and its HTML made safe to show. Script, styles, event handlers, forms, frames and
 * remote images never survive: a remote image tells its sender who read the mail, and when. A `cid:` image (a part
 * of the mail) becomes a link to the attachment it was stored as, so it is served like any file, to whoever may
 * read the request; one that names nothing stored goes.
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

/** The content id a `cid:` URL names (RFC 2392: URL-encoded, without the angle brackets), if it is one. */
function contentIdOf(src: string): string | undefined {
  const match = /^cid:(.+)$/i.exec(src.trim());
  if (!match) return undefined;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return match[1];
  }
}

/**
 * The HTML as the help desk shows it. `images` maps the content ids of the mail's stored parts to where each is
 * served: a `cid:` image naming one shows it from there; any other image (remote, inline data, or a `cid:` naming
 * nothing stored) is dropped.
 */
export function sanitizedHtml(html: string, images: ReadonlyMap<string, string> = new Map()): string {
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
    // An image's only source is the link written below, which has no scheme.
    allowedSchemesByTag: { img: [] },
    allowProtocolRelative: false,
    // Script and style bodies are dropped with their tags, never kept as text.
    nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'head'],
    transformTags: {
      a: (tagName, attribs) => ({
        tagName,
        attribs: { ...attribs, rel: 'noopener noreferrer nofollow', target: '_blank' },
      }),
      img: (tagName, { src, ...attribs }) => {
        const id = src === undefined ? undefined : contentIdOf(src);
        const link = id === undefined ? undefined : images.get(id);
        return { tagName, attribs: link === undefined ? attribs : { ...attribs, src: link } };
      },
    },
    exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
  });
}
