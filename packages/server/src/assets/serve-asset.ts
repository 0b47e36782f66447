import { timingSafeEqual } from 'node:crypto';
import { ASSET_CONTENT_TYPES, type StoredAssetFileType } from '@herald/protocol';
import { sql } from 'kysely';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Services } from '../services.ts';

/** How long a browser or proxy may keep a published asset before asking again (its ETag answers 304). */
const PUBLIC_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;

/**
 * A served SVG or HTML snippet runs nothing: `sandbox` gives it an opaque origin with scripts, forms and
 * pop-ups off even when opened on its own, and `default-src 'none'` lets it load nothing but images and inline
 * styles.
 */
const ACTIVE_CONTENT_POLICY =
  "sandbox; default-src 'none'; img-src * data:; style-src 'unsafe-inline'; font-src *";

interface ServedAsset {
  file_type: string;
  file_name: string;
  sha256: string;
  content: Buffer;
  preview_key: string;
  is_published: boolean;
}

/**
 * GET /media/{organizationId}/{assetId}/{fileName}: an asset on the organization's public URL (PROTOCOL §1's one
 * origin), for e-mails, web pages and the console. A published asset is served to anyone, cached a week and
 * revalidated by its ETag (the content's SHA-256; an asset's bytes never change). An unpublished one only with
 * its `?preview=` key (getAssetPreviewUrl), privately. Every answer says nosniff; SVG and HTML carry a CSP
 * sandbox; an image may be shown by other sites (e-mail clients), so Cross-Origin-Resource-Policy is
 * cross-origin. Anything else, including a wrong file name, is a plain 404 that tells nothing.
 */
export function registerAssetRoute(app: FastifyInstance, services: Services): void {
  app.get<{
    Params: { organizationId: string; assetId: string; fileName: string };
    Querystring: { preview?: string };
  }>('/media/:organizationId/:assetId/:fileName', async (request, reply) => {
    const organizationId = idOf(request.params.organizationId);
    const assetId = idOf(request.params.assetId);
    if (organizationId === undefined || assetId === undefined) return notFound(reply);
    const rows =
      await sql<ServedAsset>`SELECT file_type, file_name, sha256, content, preview_key, is_published
      FROM asset WHERE id = ${assetId} AND organization_id = ${organizationId}`.execute(services.db);
    const asset = rows.rows[0];
    if (!asset || asset.file_name !== request.params.fileName) return notFound(reply);
    const preview = request.query.preview;
    const previewing = typeof preview === 'string' && sameKey(preview, asset.preview_key);
    if (!asset.is_published && !previewing) return notFound(reply);

    const fileType = asset.file_type as StoredAssetFileType;
    const etag = `"${asset.sha256}"`;
    reply
      .header('content-type', ASSET_CONTENT_TYPES[fileType])
      .header('x-content-type-options', 'nosniff')
      .header('etag', etag)
      .header(
        'cache-control',
        asset.is_published && !previewing ? `public, max-age=${PUBLIC_MAX_AGE_SECONDS}` : 'private, no-store',
      )
      .header('cross-origin-resource-policy', 'cross-origin');
    if (fileType === 'svg' || fileType === 'html')
      reply.header('content-security-policy', ACTIVE_CONTENT_POLICY);
    else reply.removeHeader('content-security-policy');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.send(Buffer.from(asset.content));
  });
}

function idOf(text: string): number | undefined {
  if (!/^\d{1,10}$/.test(text)) return undefined;
  const id = Number(text);
  return id > 0 && id <= 2_147_483_647 ? id : undefined;
}

function sameKey(given: string, stored: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(stored);
  return a.length === b.length && timingSafeEqual(a, b);
}

function notFound(reply: FastifyReply): FastifyReply {
  return reply.code(404).header('cache-control', 'no-store').type('text/plain').send('Not found');
}
