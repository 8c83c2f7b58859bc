import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LIMITS } from '@oasis/shared/limits';
import type { Deps } from '../deps.ts';
import { AppError, badRequest, validationError } from '../lib/errors.ts';
import { deleteMedia, storeVideo, videoTooLarge } from '../modules/media/service.ts';
import { findUnstorableText } from '../lib/unstorable-text.ts';
import type { FormSpec, ReadFormResult } from '../modules/media/form-input.ts';

/** Busboy's limits for admin forms: one file, a handful of fields, rich HTML up to 1 MB a field. */
const FORM_LIMITS = { fieldNameSize: 100, fieldSize: 1024 * 1024, fields: 40, files: 1, parts: 50, headerPairs: 200 };

/**
 * Multipart parsing for the calling plugin only (Fastify encapsulation): register it inside the
 * routes plugin that takes uploads, and the rest of the API never accepts multipart bodies.
 */
export async function registerUploads(app: FastifyInstance): Promise<void> {
  await app.register(multipart, { throwFileSizeLimit: true, limits: FORM_LIMITS });
}

/**
 * Reads an admin form sent as multipart/form-data or as JSON. A file in a field the route does not
 * take is read away and ignored. Every failure of the upload itself is a 4xx with a clear message;
 * a video stored before the failure is removed again.
 */
export async function readForm(request: FastifyRequest, deps: Deps, spec: FormSpec): Promise<ReadFormResult> {
  const result: ReadFormResult = { fields: {}, image: null, video: null };
  if (!request.isMultipart()) {
    const body = request.body;
    if (body !== undefined && body !== null && (typeof body !== 'object' || Array.isArray(body)))
      throw badRequest('admin.uploadMalformed');
    for (const [key, value] of Object.entries((body ?? {}) as Record<string, unknown>)) {
      if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
        result.fields[key] = String(value);
    }
    return result;
  }

  const maxFileBytes = spec.video ? deps.config.maxVideoBytes : LIMITS.imageMaxBytes;
  /** The kind of the file part read last: a size-limit error may surface on the next part. */
  let receiving: 'image' | 'video' | null = null;
  try {
    for await (const part of request.parts({ limits: { ...FORM_LIMITS, fileSize: maxFileBytes } })) {
      if (part.type === 'field') {
        if (part.valueTruncated) throw new AppError(413, 'admin.htmlTooLong');
        if (typeof part.value === 'string') result.fields[part.fieldname] = part.value;
        continue;
      }
      if (spec.image?.includes(part.fieldname)) {
        receiving = 'image';
        const buffer = await part.toBuffer();
        // A form sent with no file chosen still carries an empty file part.
        if (buffer.length > 0) result.image = buffer;
      } else if (spec.video?.includes(part.fieldname)) {
        receiving = 'video';
        result.video = await storeVideo(deps, part.file, maxFileBytes);
      } else {
        receiving = null;
        part.file.resume();
        await new Promise((resolve) => part.file.once('close', resolve));
      }
    }
    // The app-wide check sees parsed bodies only; multipart fields are read here, so checked here.
    const unstorable = findUnstorableText(result.fields);
    if (unstorable) throw validationError(unstorable);
  } catch (error) {
    if (result.video) await deleteMedia(deps, result.video.id).catch(() => {});
    throw uploadError(error, receiving, maxFileBytes);
  }
  return result;
}

/** Turns what multipart and busboy throw into the API's own 4xx answers. */
function uploadError(error: unknown, receiving: 'image' | 'video' | null, maxFileBytes: number): unknown {
  if (error instanceof AppError) return error;
  const err = error as { code?: string; syscall?: string; statusCode?: number };
  // Storage failing (disk full, permissions) is our problem, not the upload's: a 500.
  if (typeof err.syscall === 'string') return error;
  switch (err.code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError(413, receiving === 'video' ? videoTooLarge(maxFileBytes) : 'imageUpload.tooLarge');
    case 'FST_FILES_LIMIT':
      return new AppError(413, 'admin.tooManyFiles');
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new AppError(413, 'admin.uploadMalformed');
    default:
      // Malformed or cut-off multipart data, a bad JSON field, a prototype-poisoning field name.
      return badRequest('admin.uploadMalformed');
  }
}
