import { z } from 'zod';

/** A client's request: one JSON object per text frame (PROTOCOL §2). */
export const requestFrameSchema = z.object({
  command: z.string().min(1),
  requestId: z.union([z.string(), z.number()]).nullish(),
  params: z.record(z.string(), z.unknown()).optional(),
});
export type RequestFrame = z.infer<typeof requestFrameSchema>;

export const validationDetailSchema = z.object({
  path: z.string(),
  message: z.string(),
  position: z.number().int().optional(),
});
export type ValidationDetail = z.infer<typeof validationDetailSchema>;

export const wireErrorSchema = z.object({
  type: z.string(),
  message: z.string(),
  details: z.array(validationDetailSchema).optional(),
});
export type WireError = z.infer<typeof wireErrorSchema>;

/** Exactly one reply per request, carrying the request's id (null when the frame had none to read). */
export const replyFrameSchema = z.union([
  z.object({ requestId: z.union([z.string(), z.number()]).nullable(), result: z.unknown() }),
  z.object({ requestId: z.union([z.string(), z.number()]).nullable(), error: wireErrorSchema }),
]);
export type ReplyFrame =
  | { requestId: string | number | null; result: unknown }
  | { requestId: string | number | null; error: WireError };

/** A server push: no requestId, an event name, and for the organization channel the organization. */
export const pushFrameSchema = z.object({
  event: z.string(),
  organizationId: z.number().int().optional(),
  data: z.unknown(),
});
export type PushFrame = z.infer<typeof pushFrameSchema>;

/** Largest text frame either channel accepts; a larger one closes the socket with code 1009. */
export const MAX_FRAME_BYTES = 1024 * 1024;
export const CLOSE_CODE_MESSAGE_TOO_BIG = 1009;
