import { Anchor, Button, Group, Stack, Stepper, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useCommandMutation } from '../../platform/data/useCommand.ts';
import { RecordsError } from '../../platform/list/ListControls.tsx';
import { ImportFileStep } from './ImportFileStep.tsx';
import { ImportJobProgress } from './ImportJobProgress.tsx';
import { ImportMappingStep } from './ImportMappingStep.tsx';
import type { ImportPreview } from './ImportMappingStep.tsx';
import { ImportOptionsStep, defaultImportOptions, importOptionsOf } from './ImportOptionsStep.tsx';
import type { ImportOptionsForm } from './ImportOptionsStep.tsx';
import { ListNotFound, useSubscriberList } from './ListHeader.tsx';
import { importTargets, initialMapping, mappingProblems } from './importMapping.ts';
import type { ColumnTarget } from './importMapping.ts';
import { pathId } from './list.ts';
import { TransferError, uploadFile } from './transfer.ts';
import type { UploadedFile } from './transfer.ts';
import { useFieldsOfType } from '../settings/fields/useCustomFields.ts';
import { useFreshOrganizationToken, useListsContext } from './useListsContext.ts';

/** How many rows the mapping step previews. */
const PREVIEW_ROWS = 10;

/**
 * The import wizard (`subscribers/import/{id?}`): 1. the list and the file, uploaded to /uiv5-upload/;
 * 2. the column mapping from previewImportFile; 3. the options; 4. the job, watched live to its outcome.
 * Guard 10 keeps it away when the import rules disallow upload.
 */
export default function ImportWizardPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const fixedListId = pathId(id);
  const loaded = useSubscriberList(fixedListId);
  if (id !== undefined && (fixedListId === null || loaded.missing)) return <ListNotFound />;
  if (fixedListId !== null && !loaded.list) return <Text c="dimmed">{t('app.loading')}</Text>;
  return <ImportWizard fixedListId={fixedListId} listName={loaded.list?.name ?? null} />;
}

function ImportWizard({ fixedListId, listName }: { fixedListId: number | null; listName: string | null }) {
  const { t } = useTranslation();
  const { organization, base } = useListsContext();
  const freshToken = useFreshOrganizationToken();
  const customFields = useFieldsOfType('subscriber');
  const targets = importTargets(customFields.fields.map((field) => field.field));
  const [step, setStep] = useState(0);
  const [listId, setListId] = useState<number | null>(fixedListId);
  const [uploading, setUploading] = useState(false);
  const [uploaded, setUploaded] = useState<UploadedFile | null>(null);
  const [uploadError, setUploadError] = useState<TransferError | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [mapping, setMapping] = useState<ColumnTarget[]>([]);
  const [options, setOptions] = useState<ImportOptionsForm>(defaultImportOptions(''));
  const [optionsTried, setOptionsTried] = useState(false);
  const [jobId, setJobId] = useState<number | null>(null);

  const previewing = useCommandMutation(organization.channel, 'previewImportFile', {
    onSuccess: (result) => {
      setPreview(result);
      setMapping(initialMapping(result.suggestedFields, targets));
      setStep(1);
    },
  });
  const starting = useCommandMutation(organization.channel, 'bulkWriteSubscribers', {
    onSuccess: (result) => {
      setJobId(result.jobId);
      setStep(3);
    },
  });

  const onFile = async (file: File) => {
    setUploadError(null);
    setUploaded(null);
    setUploading(true);
    try {
      const jwt = await freshToken();
      const result = await uploadFile(file, { jwt, organizationId: organization.organizationId });
      setUploaded(result);
      setOptions(defaultImportOptions(result.fileName || file.name));
      previewing.mutate({
        organizationId: organization.organizationId,
        fileId: result.fileId,
        rows: PREVIEW_ROWS,
      });
    } catch (error) {
      setUploadError(
        error instanceof TransferError
          ? error
          : new TransferError('FileUploadFailedError', String(error), { status: 0, text: String(error) }),
      );
    } finally {
      setUploading(false);
    }
  };
  const start = () => {
    setOptionsTried(true);
    if (!uploaded || options.sourceName.trim() === '' || starting.isPending) return;
    starting.mutate({
      organizationId: organization.organizationId,
      ...(listId !== null ? { listId } : {}),
      fileId: uploaded.fileId,
      fields: mapping,
      sourceName: options.sourceName.trim(),
      options: { ...importOptionsOf(options) },
    });
  };
  const reset = () => {
    setStep(0);
    setUploaded(null);
    setPreview(null);
    setMapping([]);
    setJobId(null);
    setOptionsTried(false);
    previewing.reset();
    starting.reset();
  };
  const mappingOk = mappingProblems(mapping).length === 0;

  return (
    <Stack data-testid="import-wizard">
      <Stack gap={4}>
        <Anchor
          component={Link}
          to={listId !== null ? `${base}/subscribers/view/${listId}` : `${base}/subscribers`}
          size="sm"
        >
          {listId !== null ? t('lists.backToList') : t('lists.backToLists')}
        </Anchor>
        <Title order={1}>
          {listName ? t('lists.import.titleFor', { name: listName }) : t('lists.import.title')}
        </Title>
      </Stack>
      <Stepper
        active={step}
        allowNextStepsSelect={false}
        onStepClick={(next) => jobId === null && setStep(next)}
      >
        <Stepper.Step label={t('lists.import.steps.file')}>
          <ImportFileStep
            listId={listId}
            listFixed={fixedListId !== null}
            onListChange={setListId}
            uploading={uploading || previewing.isPending}
            uploaded={uploaded}
            error={uploadError}
            onFile={(file) => void onFile(file)}
            onRejected={() =>
              setUploadError(new TransferError('ImportFileUnsupported', t('errors.ImportFileUnsupported')))
            }
          />
          <RecordsError error={previewing.error} testId="import-preview-error" />
        </Stepper.Step>
        <Stepper.Step label={t('lists.import.steps.mapping')}>
          {preview && (
            <ImportMappingStep preview={preview} mapping={mapping} targets={targets} onChange={setMapping} />
          )}
        </Stepper.Step>
        <Stepper.Step label={t('lists.import.steps.options')}>
          <ImportOptionsStep
            options={options}
            onChange={(change) => setOptions((current) => ({ ...current, ...change }))}
            showErrors={optionsTried}
          />
          <RecordsError error={starting.error} testId="import-start-error" />
        </Stepper.Step>
        <Stepper.Step label={t('lists.import.steps.import')}>
          {jobId !== null && <ImportJobProgress jobId={jobId} />}
        </Stepper.Step>
      </Stepper>
      <Group justify="space-between">
        <Group>
          {step > 0 && step < 3 && (
            <Button variant="default" onClick={() => setStep(step - 1)}>
              {t('lists.import.back')}
            </Button>
          )}
        </Group>
        <Group>
          {step === 1 && (
            <Button onClick={() => setStep(2)} disabled={!mappingOk} data-testid="import-next">
              {t('lists.import.next')}
            </Button>
          )}
          {step === 2 && (
            <Button onClick={start} loading={starting.isPending} data-testid="import-start">
              {t('lists.import.start')}
            </Button>
          )}
          {step === 3 && (
            <>
              <Button variant="default" onClick={reset} data-testid="import-another">
                {t('lists.import.another')}
              </Button>
              {listId !== null && (
                <Button
                  component={Link}
                  to={`${base}/subscribers/view/${listId}`}
                  data-testid="import-open-list"
                >
                  {t('lists.import.openList')}
                </Button>
              )}
            </>
          )}
        </Group>
      </Group>
    </Stack>
  );
}
