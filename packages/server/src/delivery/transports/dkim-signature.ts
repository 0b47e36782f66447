import { createPrivateKey, type KeyObject } from 'node:crypto';
import MessageParser from 'nodemailer/lib/dkim/message-parser.js';
import RelaxedBody from 'nodemailer/lib/dkim/relaxed-body.js';
import sign from 'nodemailer/lib/dkim/sign.js';

export interface DkimKey {
  domainName: string;
  keySelector: string;
  privateKey: string;
}

const CRLF = Buffer.from('\r\n');

/** Parsed keys by their PEM: parsing a PEM costs more than the signature it makes, and a run has one key. */
const parsedKeys = new Map<string, KeyObject>();

function parsedKey(pem: string): KeyObject {
  let key = parsedKeys.get(pem);
  if (!key) {
    if (parsedKeys.size >= 64) parsedKeys.clear();
    key = createPrivateKey(pem);
    parsedKeys.set(pem, key);
  }
  return key;
}

/** Where the header block ends: just after its blank line (CRLF CRLF, or LF LF). */
function headerEnd(message: Buffer): number {
  const crlf = message.indexOf('\r\n\r\n');
  if (crlf >= 0) return crlf + 4;
  const lf = message.indexOf('\n\n');
  return lf >= 0 ? lf + 2 : message.length;
}

/**
 * Signs a composed message with nodemailer's DKIM parts, synchronously: its header parser, its relaxed body
 * canonicalization (RFC 6376 §3.4.4) and its signer, giving the same bytes as its `DKIM.sign` stream, which
 * buffers the message through three streams and an abort signal each (more than the RSA signature costs).
 * Like nodemailer, a key that cannot sign leaves the message unsigned rather than unsent.
 */
export function signDkim(message: Buffer, key: DkimKey): Buffer {
  const end = headerEnd(message);
  const parser = new MessageParser();
  parser.rawHeaders = message.subarray(0, end);
  const body = message.subarray(end);
  const relaxed = new RelaxedBody({ hashAlgo: 'sha256' });
  relaxed.updateHash(body, true);
  // A body that does not end with a line break is hashed as if it did, as the stream's flush does.
  if (body.length > 0 && body[body.length - 1] !== 0x0a) relaxed.updateHash(CRLF, true);
  let privateKey: KeyObject | string = key.privateKey;
  try {
    privateKey = parsedKey(key.privateKey);
  } catch {
    // Left to the signer, which leaves the message unsigned.
  }
  const field = sign(parser.parseHeaders(), 'sha256', relaxed.bodyHash.digest('base64'), {
    ...key,
    privateKey,
  });
  return field ? Buffer.concat([Buffer.from(`${field}\r\n`), message]) : message;
}
