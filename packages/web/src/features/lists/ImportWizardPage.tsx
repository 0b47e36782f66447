import { Anchor, Button, Group, Stack, Stepper, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useCommandMutation } from '../../platform/data/useCommand.ts';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import { RecordsError } from '../../platform/list/ListControls.tsx';
import { useRecord } from '../../platform/list/useRecords.ts';
import { ImportFileStep } from './ImportFileStep.tsx';
import { ImportJobProgress } from './ImportJobProgress.tsx';
import { ImportMappingStep } from './ImportMappingStep.tsx';
import type { ImportPreview } from './ImportMappingStep.tsx';
import { ImportOptionsStep, defaultImportOptions, importOptionsOf } from './ImportOptionsStep.tsx';
import type { ImportOptionsForm } from './ImportOptionsStep.tsx';
import { ListNotFound, useSubscriberList } from './ListHeader.tsx';
import { CreateFieldFromColumn } from './CreateFieldFromColumn.tsx';
import { changeMapping, importTargets, mappingProblems, suggestMapping } from './importMapping.ts';
import type { ColumnTarget } from './importMapping.ts';
import { pathId } from './list.ts';
import { TransferError, uploadFile } from './transfer.ts';
import type { UploadedFile } from './transfer.ts';
import { useFieldsOfType } from '../settings/fields/useCustomFields.ts';
import { useFreshOrganizationToken, useListsContext } from './useListsContext.ts';
import { resourceAccess } from '../../platform/resources/resources.ts';

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
  // A field just created is a target at once, before the field list is read again.
  const [createdFields, setCreatedFields] = useState<string[]>([]);
  const fieldNames = [
    ...customFields.fields.map((field) => field.field),
    ...createdFields.filter((name) => !customFields.fields.some((field) => field.field === name)),
  ];
  const targets = importTargets(fieldNames);
  const canCreateField = resourceAccess('customField', organization.access).canWrite;
  const [creatingFor, setCreatingFor] = useState<number | null>(null);
  // Columns whose target the user chose (skipping included): suggestions never overrule them.
  const [chosenByUser, setChosenByUser] = useState<ReadonlySet<number>>(new Set());
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
  // The import's job, shared with its progress below: once it has succeeded every step shows done.
  const job = useRecord('job', jobId).record;
  const finished = step === 3 && job?.status === 'succeeded';

  const previewing = useCommandMutation(organization.channel, 'previewImportFile', {
    onSuccess: (result) => {
      setPreview(result);
      setChosenByUser(new Set());
      setMapping(
        suggestMapping(
          result.header,
          result.suggestedFields,
          targets,
          customFields.fields,
          result.header.map(() => null),
          new Set(),
        ),
      );
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
  // The custom fields may arrive after the preview, and a field may be created meanwhile: suggest again.
  const targetsKey = targets.join('\n');
  useEffect(() => {
    if (!preview) return;
    setMapping((current) =>
      suggestMapping(
        preview.header,
        preview.suggestedFields,
        targetsKey.split('\n'),
        customFields.fields,
        current,
        chosenByUser,
      ),
    );
    // customFields.fields changes with targetsKey; chosenByUser only matters for columns it will not touch.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [preview, targetsKey]);
  const chooseTarget = (next: ColumnTarget[], column: number) => {
    setChosenByUser((current) => new Set(current).add(column));
    setMapping(next);
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
    setChosenByUser(new Set());
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
        active={finished ? 4 : step}
        allowNextStepsSelect={false}
        data-testid="import-stepper"
        data-finished={finished}
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
            <ImportMappingStep
              preview={preview}
              mapping={mapping}
              targets={targets}
              onChange={chooseTarget}
              onCreateField={canCreateField ? setCreatingFor : undefined}
            />
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
        <Stepper.Step label={t('lists.import.steps.import')} />
      </Stepper>
      <CreateFieldFromColumn
        column={creatingFor === null ? null : (preview?.header[creatingFor] ?? null)}
        onClose={() => setCreatingFor(null)}
        onCreated={(field) => {
          const column = creatingFor;
          setCreatingFor(null);
          setCreatedFields((current) => [...current, field]);
          if (column !== null) chooseTarget(changeMapping(mapping, column, `custom.${field}`), column);
        }}
      />
      {/* Outside the stepper, so it stays shown once the stepper is past its last step (done). */}
      {step === 3 && jobId !== null && <ImportJobProgress jobId={jobId} />}
      {/*
       * Back and Next stay in view at the foot of the window however long the mapping and its preview are.
       * The opaque background keeps the rows scrolling beneath from showing through.
       */}
      <Group
        justify="space-between"
        pos="sticky"
        bottom={0}
        py="sm"
        bg="var(--mantine-color-body)"
        style={{ zIndex: 2, borderTop: '1px solid var(--mantine-color-default-border)' }}
        data-testid="import-navigation"
      >
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
