import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import fastifyMultipart from '@fastify/multipart';
import {
  HeraldError,
  TEMPLATE_PACKAGE_LIMITS,
  UPLOAD_PURPOSES,
  type ErrorType,
  type UploadPurpose,
  type UploadedFile,
  type UploadResponse,
} from '@herald/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AuthenticatedOrganization } from '../channels/connection-state.ts';
import { allowedOriginSet, isOriginAllowed } from '../channels/origin.ts';
import { byteSizeText, importLimits } from '../imports/import-limits.ts';
import { authenticateOrganization } from '../organizations/authenticate-organization.ts';
import type { Services } from '../services.ts';
import { ASSET_UPLOAD_CAPABILITY, assetUploadProbe, checkAssetUpload } from '../assets/asset-upload.ts';
import { ContentProbe } from './content-probe.ts';
import { detectFileType } from './detect-file-type.ts';
import { expireUploads, saveUpload, type StoredUpload } from './upload-store.ts';

/** The HTTP status each refusal of this route answers with; anything unexpected is a 500. */
const STATUS_OF: Partial<Record<ErrorType, number>> = {
  OrgAuthenticationError: 401,
  PrivilegesError: 403,
  ValidationError: 400,
  ImportFileEmptyError: 400,
  ImportFileTooLargeError: 413,
  ImportFileUnsupported: 415,
  TemplatePackageNotZipError: 415,
  TemplatePackageTooLargeError: 413,
  AssetTooLargeError: 413,
  AssetFileUnsupportedError: 415,
  UnsafeSvgError: 415,
  InvalidFileSizeError: 400,
};

const ZIP_SIGNATURE = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/**
 * What each purpose of an upload asks of the uploader: imports of subscribers and custom fields need
 * database-manage (System.Admin has it too); a template package and an asset need content-edit, as their
 * imports do.
 */
const PURPOSE_CAPABILITY: Readonly<Record<UploadPurpose, string>> = {
  import: 'database-manage',
  templatePackage: 'content-edit',
  asset: ASSET_UPLOAD_CAPABILITY,
};

const WORKBOOK_TYPES = new Set(['xls', 'xlsx']);
const MULTIPART_REFUSALS = new Set([
  'FST_INVALID_MULTIPART_CONTENT_TYPE',
  'FST_FILES_LIMIT',
  'FST_FIELDS_LIMIT',
  'FST_PARTS_LIMIT',
  'FST_PROTO_VIOLATION',
]);

/**
 * POST /uiv5-upload/ (PROTOCOL §5, platform §7): a multipart form with the fields `jwt` (an organization
 * token) and `organizationId`, and one or more file parts. Each file streams to disk through a ContentProbe,
 * so its size limit holds and its type is known by content once it has arrived. Answers
 * `{"files": [{fileId, fileName, fileType, size, encoding}]}`; refusals answer `{"error": {type, message}}`
 * (docs/http.md). An optional field `purpose` (`import`, the default; `templatePackage`: a zip of at most
 * TEMPLATE_PACKAGE_LIMITS.maxPackageBytes, for importTemplatePackage; `asset`: images, HTML snippets and zips of
 * them, checked as assets by assets/asset-upload.ts) goes before the files too. Send the fields before the files: then a caller who may not upload is refused before
 * any file is written; fields sent after the files are still honoured, the files being deleted if refused.
 */
export async function registerUploadRoute(app: FastifyInstance, services: Services): Promise<void> {
  const allowedOrigins = allowedOriginSet(services.config.publicUrl, services.config.allowedOrigins);
  await app.register(async (scope) => {
    // Registered in this scope only, so multipart bodies are accepted by this route and no other.
    await scope.register(fastifyMultipart);
    scope.post('/uiv5-upload/', async (request, reply) => {
      // As the WebSocket routes: a browser page of another site cannot post here with a user's token.
      if (!isOriginAllowed(request.headers.origin, allowedOrigins)) {
        request.log.warn({ origin: request.headers.origin }, 'upload origin refused');
        return refuse(reply, new HeraldError('PrivilegesError'));
      }
      const written: StoredUpload[] = [];
      try {
        const files = await receiveFiles(request, services, written);
        return await reply.send({ files } satisfies UploadResponse);
      } catch (error) {
        await Promise.all(written.map((file) => rm(file.path, { force: true })));
        if (error instanceof HeraldError) return refuse(reply, error);
        const code = (error as { code?: unknown }).code;
        // Not a multipart body, or more files or fields than allowed: the request's fault, not the server's.
        if (typeof code === 'string' && MULTIPART_REFUSALS.has(code))
          return refuse(
            reply,
            new HeraldError('ValidationError', {
              details: [{ path: 'body', message: (error as Error).message }],
            }),
          );
        request.log.error({ err: error }, 'upload failed');
        return refuse(reply, new HeraldError('RequestProcessingError'));
      }
    });
  });
}

async function receiveFiles(
  request: FastifyRequest,
  services: Services,
  written: StoredUpload[],
): Promise<UploadedFile[]> {
  const fields: { jwt?: string; organizationId?: string; purpose?: string } = {};
  const purpose = (): UploadPurpose => {
    const given = fields.purpose ?? 'import';
    if (!(UPLOAD_PURPOSES as readonly string[]).includes(given))
      throw new HeraldError('ValidationError', {
        details: [{ path: 'purpose', message: `One of ${UPLOAD_PURPOSES.join(', ')}` }],
      });
    return given as UploadPurpose;
  };
  /** The uploader may upload for this purpose; checked once authenticated, at each file and at the end. */
  const checkCapability = () => {
    if (organization && !organization.capabilities.includes(PURPOSE_CAPABILITY[purpose()]))
      throw new HeraldError('PrivilegesError');
  };
  let organization: AuthenticatedOrganization | undefined;
  const authenticate = async () => {
    if (organization || fields.jwt === undefined || fields.organizationId === undefined) return;
    const organizationId = Number(fields.organizationId);
    if (!Number.isSafeInteger(organizationId) || organizationId <= 0)
      throw new HeraldError('ValidationError', {
        details: [{ path: 'organizationId', message: 'Expected an organization id' }],
      });
    // Its capability is checked at the first file (checkCapability), once `purpose` may have come too.
    organization = await authenticateOrganization(services, fields.jwt, organizationId);
  };

  const parts = request.parts({
    limits: {
      // One byte over the CSV limit, so the probe sees the excess and answers ImportFileTooLargeError.
      fileSize: importLimits.maxTextFileBytes + 1,
      files: importLimits.maxFilesPerUpload,
      fields: 10,
      fieldSize: 16 * 1024,
    },
  });
  for await (const part of parts) {
    if (part.type === 'field') {
      if (part.fieldname === 'jwt' || part.fieldname === 'organizationId' || part.fieldname === 'purpose')
        fields[part.fieldname] = String(part.value);
      await authenticate();
      continue;
    }
    checkCapability();
    const id = randomBytes(16).toString('hex');
    const filePath = path.join(services.files.uploadsDir, id);
    const templatePackage = purpose() === 'templatePackage';
    const asset = purpose() === 'asset';
    const probe = templatePackage
      ? new ContentProbe(
          TEMPLATE_PACKAGE_LIMITS.maxPackageBytes,
          (limit) =>
            new HeraldError('TemplatePackageTooLargeError', { values: { limit: byteSizeText(limit) } }),
        )
      : asset
        ? assetUploadProbe()
        : new ContentProbe(importLimits.maxTextFileBytes);
    const upload: StoredUpload = {
      id,
      organizationId: organization?.organizationId ?? 0,
      userId: organization?.userId ?? null,
      fileName: (part.filename || 'upload').slice(0, 255),
      fileType: 'csv',
      encoding: 'binary',
      size: 0,
      path: filePath,
    };
    written.push(upload);
    await pipeline(part.file, probe, createWriteStream(filePath));
    const facts = probe.facts;
    if (templatePackage) {
      // Read whole by importTemplatePackage, which checks what is inside; here only that it is a zip.
      if (!facts.head.subarray(0, 4).equals(ZIP_SIGNATURE))
        throw new HeraldError('TemplatePackageNotZipError');
      Object.assign(upload, { fileType: 'zip', encoding: 'binary', size: facts.size });
      continue;
    }
    if (asset) {
      Object.assign(upload, await checkAssetUpload(filePath, upload.fileName, facts), { size: facts.size });
      continue;
    }
    const detected = await detectFileType(filePath, facts);
    if (WORKBOOK_TYPES.has(detected.fileType) && facts.size > importLimits.maxWorkbookBytes)
      throw new HeraldError('ImportFileTooLargeError', {
        values: { limit: byteSizeText(importLimits.maxWorkbookBytes) },
      });
    Object.assign(upload, detected, { size: facts.size });
  }
  await authenticate();
  checkCapability();
  if (!organization)
    throw new HeraldError('ValidationError', {
      details: [{ path: fields.jwt === undefined ? 'jwt' : 'organizationId', message: 'Required' }],
    });
  if (written.length === 0)
    throw new HeraldError('ValidationError', { details: [{ path: 'file', message: 'No file was sent' }] });
  for (const upload of written) {
    upload.organizationId = organization.organizationId;
    upload.userId = organization.userId;
    await saveUpload(services.db, upload);
  }
  void expireUploads(services.db).catch((error: unknown) =>
    request.log.warn({ err: error }, 'expiring uploads failed'),
  );
  return written.map((upload) => ({
    fileId: upload.id,
    fileName: upload.fileName,
    fileType: upload.fileType,
    size: upload.size,
    encoding: upload.encoding,
  }));
}

async function refuse(reply: FastifyReply, error: HeraldError): Promise<FastifyReply> {
  return reply.code(STATUS_OF[error.type] ?? 500).send({ error: error.toWire() });
}
