import { expect } from 'vitest';
import { SendError, type OutgoingMessage } from '../../src/delivery/messenger.ts';

/** What every message carries, for transport tests. */
export const outgoing = (deliveryId = '41'): OutgoingMessage => ({
  deliveryId,
  organizationId: 1,
  activityId: 2,
  subscriberId: 3,
});

export const sendSignal = () => AbortSignal.timeout(10_000);

/** The SendError a send failed with (the test fails if it did not fail so). */
export async function refusal(promise: Promise<unknown>): Promise<SendError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(SendError);
  return error as SendError;
}
