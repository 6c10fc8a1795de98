import { describe, expect, it } from 'vitest';
import {
  messageId,
  replyAddress,
  replyToken,
  tokenOfReplyAddress,
  verifyMessageId,
  verifyReplyToken,
} from '../../src/mail/tokens.js';

const SECRET = 'a-mail-secret-of-at-least-32-characters';

describe('reply tokens', () => {
  it('name the request for the address they were issued to, its domain compared case-insensitively with IDNA', () => {
    const token = replyToken(SECRET, 42, 'Ana@Bücher.example');
    expect(verifyReplyToken(SECRET, token, 'Ana@xn--bcher-kva.example')).toBe(42);
    expect(verifyReplyToken(SECRET, token, 'Ana@BÜCHER.EXAMPLE')).toBe(42);
    expect(verifyReplyToken(SECRET, token.toUpperCase(), 'Ana@bücher.example')).toBe(42);
  });

  it('name nothing for another recipient, another secret, or an altered token', () => {
    const token = replyToken(SECRET, 42, 'ana@example.org');
    expect(verifyReplyToken(SECRET, token, 'ANA@example.org')).toBeUndefined(); // the local part is exact
    expect(verifyReplyToken(SECRET, token, 'eve@example.org')).toBeUndefined();
    expect(verifyReplyToken('another-secret-of-at-least-32-chars!', token, 'ana@example.org')).toBeUndefined();
    const altered = replyToken(SECRET, 43, 'ana@example.org').slice(0, 7) + token.slice(7);
    expect(verifyReplyToken(SECRET, altered, 'ana@example.org')).toBeUndefined();
    expect(verifyReplyToken(SECRET, 'not base32!', 'ana@example.org')).toBeUndefined();
  });

  it('sit in a reply address <local>+r<token>@<domain>', () => {
    const address = replyAddress(SECRET, 'help', 'reply.example.test', 9, 'ana@example.org');
    expect(address).toMatch(/^help\+r[a-z2-7]+@reply\.example\.test$/);
    expect(verifyReplyToken(SECRET, tokenOfReplyAddress(address)!, 'ana@example.org')).toBe(9);
  });
});

describe('Message-IDs', () => {
  it('are signed, at the reply domain, and read back to their request and mail', () => {
    const id = messageId(SECRET, 'reply.example.test', 5, '77');
    expect(id).toMatch(/^<h\.5\.77\.[a-z2-7]+@reply\.example\.test>$/);
    expect(verifyMessageId(SECRET, 'reply.example.test', id)).toEqual({ requestId: 5, mailId: '77' });
    expect(verifyMessageId(SECRET, 'reply.example.test', id.slice(1, -1))).toEqual({ requestId: 5, mailId: '77' });
    expect(verifyMessageId(SECRET, 'reply.example.test', messageId(SECRET, 'reply.example.test', 5))).toEqual({
      requestId: 5,
    });
    expect(verifyMessageId(SECRET, 'reply.example.test', id.replace('h.5.', 'h.6.'))).toBeUndefined();
    expect(verifyMessageId(SECRET, 'other.example.test', id)).toBeUndefined();
  });
});
