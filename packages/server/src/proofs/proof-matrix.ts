import { PROOF_MATRIX_CELL_LIMIT, type ProofMatrix, type ProofMatrixCell } from '@herald/protocol';
import { previewRecipient, SAMPLE_RECIPIENT } from '../activities/preview-recipient.ts';
import { listTestProfiles } from '../activities/test-profiles.ts';
import type { Actor } from '../query/resources.ts';
import type { Services } from '../services.ts';
import { proofVersion, readProofContent, renderProofFor } from './proof-content.ts';

/**
 * The proof matrix (PROTOCOL §8 `generateProofMatrix`): every version of an activity's revision as every test
 * profile of the organization gets it ("Your account" first), or as the sample recipient when nobody has a
 * test profile. Versions are taken whole, in order, until PROOF_MATRIX_CELL_LIMIT previews; the rest are left
 * out (and profiles past the limit) and `truncated` says so. Rendered as renderPreview renders, with problems in each cell's `errors`.
 */
export async function generateProofMatrix(
  services: Pick<Services, 'db' | 'config'>,
  actor: Actor,
  request: { activityId: number; revisionId?: number | undefined },
): Promise<ProofMatrix> {
  const { db, config } = services;
  const proof = await readProofContent(db, actor, request.activityId, request.revisionId);
  const testProfiles = await listTestProfiles(db, actor);
  const profiles: ProofMatrix['profiles'] =
    testProfiles.length > 0
      ? testProfiles
          .slice(0, PROOF_MATRIX_CELL_LIMIT)
          .map((profile) => ({ testProfileId: profile.userId, name: profile.name }))
      : [{ testProfileId: null, name: `${SAMPLE_RECIPIENT.firstname} ${SAMPLE_RECIPIENT.lastname}` }];
  const recipients = await Promise.all(
    profiles.map((profile) =>
      previewRecipient(db, config, actor, { testProfileId: profile.testProfileId ?? undefined }),
    ),
  );
  const versionsShown = Math.min(
    proof.versions,
    Math.max(1, Math.floor(PROOF_MATRIX_CELL_LIMIT / profiles.length)),
  );
  const cells: ProofMatrixCell[] = [];
  for (let variation = 0; variation < versionsShown; variation++) {
    const version = await proofVersion(db, actor, proof, variation);
    for (const [index, profile] of profiles.entries()) {
      const rendered = await renderProofFor(proof, version, recipients[index]!);
      cells.push({ ...rendered, variation, testProfileId: profile.testProfileId });
    }
  }
  return {
    versions: proof.versions,
    profiles,
    cells,
    truncated: versionsShown < proof.versions || profiles.length < testProfiles.length,
  };
}
